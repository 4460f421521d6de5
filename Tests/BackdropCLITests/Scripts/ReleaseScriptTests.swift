import Foundation
import TestFolders
import Testing

/// `scripts/release.sh` as a person runs it: a build that fails shows the compiler's errors.
@Suite struct ReleaseScriptTests {
    /// Runs a script of the checkout from `directory`, with a `swift` that fails as a compiler
    /// error does (the error on standard output, status 1) first on the PATH.
    static func runWithFailingSwift(_ script: String, _ arguments: [String], in directory: URL) throws -> CLIRunner.Result {
        let bin = directory.appendingPathComponent("fake-bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let swift = bin.appendingPathComponent("swift")
        try Data("#!/bin/sh\necho \"Sources/x.swift:1:1: error: cannot find 'nothing' in scope\"\nexit 1\n".utf8).write(to: swift)
        chmod(swift.path, 0o755)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [CLIRunner.packageRoot.appendingPathComponent("scripts/\(script)").path] + arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLIRunner.Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func aFailedBuildShowsTheCompilersErrors() throws {
        try withTemporaryFolder("release") { folder in
            let result = try Self.runWithFailingSwift("release.sh", ["y"], in: folder)
            #expect(result.status != 0)
            #expect(result.stderr.contains("error: cannot find 'nothing' in scope"), "stdout: \(result.stdout)\nstderr: \(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("y").path) == false, "no archive folder is made")
        }
    }
}

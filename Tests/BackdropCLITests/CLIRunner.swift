import Foundation
import Testing

/// Runs the built `backdrop` executable and captures what it prints.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The executable built beside the test bundle.
    static var executable: URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("backdrop")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return packageRoot.appendingPathComponent(".build/debug/backdrop")
    }

    /// Runs the tool; with `stdoutFile`, its standard output goes to that file (`/dev/full`) and
    /// the result's `stdout` is empty.
    static func run(_ arguments: [String], in directory: URL = packageRoot, stdoutFile: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let out = Pipe()
        let err = Pipe()
        if let stdoutFile {
            process.standardOutput = try #require(FileHandle(forWritingAtPath: stdoutFile))
        } else {
            process.standardOutput = out
        }
        process.standardError = err
        try process.run()
        // Read before waiting so that a full pipe cannot block the child.
        if stdoutFile != nil { try out.fileHandleForWriting.close() }
        let stdout = stdoutFile == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }
}

import Foundation
import TestFolders
import Testing

/// Every file the commands read or write, named wrongly: the message is `PATH: what: reason` in
/// words, never a Foundation error dump, and a command that exits 0 prints no error.
@Suite struct FileProblemWordingTests {
    /// The test's own folder, removed with the suite's value when the test ends.
    let temporary: TemporaryFolder
    var folder: URL { temporary.url }

    init() throws {
        temporary = try TemporaryFolder("backdrop-wording")
    }

    static let shot = CLIRunner.packageRoot.appendingPathComponent("content/calibration/iphone-16-pro-ios18-widgets-dark.png").path
    static let foundationDumps = ["NSCocoaErrorDomain", "Error Domain", "The operation could not be completed", "The file “", "Code="]

    func expectWorded(_ arguments: [String], _ expected: String) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 1, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
        for dump in Self.foundationDumps { #expect(!result.stderr.contains(dump), "\(arguments): \(result.stderr)") }
    }

    @Test func readingNamesThePathAndTheReason() throws {
        let missing = folder.appendingPathComponent("missing.png").path
        let fifo = folder.appendingPathComponent("fifo.png").path
        #expect(mkfifo(fifo, 0o644) == 0)
        let out = folder.appendingPathComponent("crops").path
        for path in [missing, folder.path, fifo] {
            let reason =
                path == missing ? "no such file or folder" : path == fifo ? "is not a regular file (a FIFO, device or socket)" : "is a folder"
            try expectWorded(["crop", path, "--device", "iphone-16-pro", "--out", out], "\(path): cannot be read: \(reason)")
            try expectWorded(["calibrate", path], "\(path): cannot be read: \(reason)")
            try expectWorded(["calibrate", Self.shot, "--empty", path], "\(path): cannot be read: \(reason)")
            try expectWorded(["crop", path, "--measured-from", Self.shot, "--out", out], "\(path): cannot be read: \(reason)")
        }
    }

    @Test func writingNamesThePathAndTheReason() throws {
        let file = folder.appendingPathComponent("file").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let underAFile = file + "/crops"
        try expectWorded(
            ["crop", Self.shot, "--device", "iphone-16-pro", "--out", file], "\(file): cannot be made a folder: a regular file is in its place")
        try expectWorded(
            ["crop", Self.shot, "--device", "iphone-16-pro", "--out", underAFile], "\(underAFile): cannot be created: \(file) cannot be made a folder"
        )
        try expectWorded(["samples", "iphone-16-pro", "--widgets", "ios18", "--out", file], "\(file): cannot be made a folder")
        let noFolder = folder.appendingPathComponent("no/such/Catalog.swift").path
        try expectWorded(["export", "widget-geometry", "--output", noFolder], "\(noFolder): cannot be written: no such file or folder")
        try expectWorded(["export", "ios26-model", "--output", underAFile], "\(underAFile): cannot be written: a part of the path is not a folder")
    }

    @Test func aCommandThatSucceedsPrintsNoError() throws {
        // Outside a content folder, calibrate compares with the catalog built into the binary,
        // says so, and reports no content folder nobody asked for.
        let outside = try CLIRunner.run(["calibrate", Self.shot], in: folder)
        #expect(outside.status == 0, "\(outside.stderr)")
        #expect(outside.stderr.contains("catalog: the one built into backdrop"), "\(outside.stderr)")
        #expect(!outside.stderr.contains("F010") && !outside.stderr.contains("error"), "\(outside.stderr)")
        let json = try CLIRunner.run(["calibrate", "--json", Self.shot], in: folder)
        #expect(json.status == 0 && !json.stderr.contains("error"), "\(json.stderr)")
        // With --into the catalog is what is written into, so the same problem is an error.
        let into = try CLIRunner.run(["calibrate", Self.shot, "--into", "iphone-16-pro", "--layout", "ios18"], in: folder)
        #expect(into.status == 1)
        #expect(into.stderr.contains("error[F010]"), "\(into.stderr)")
    }
}

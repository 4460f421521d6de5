import Foundation
import TestFolders
import Testing

/// `crop` writes its folder all or nothing, as `build` writes the site: the crops (and
/// `measurement.json`) are written into a hidden staging folder beside `--out` and moved into
/// place only when every one is written and verified. A failure at any point leaves `--out` as it
/// was (its own files untouched, none of the new ones) and no staging folder.
@Suite struct CropAllOrNothingTests {
    static let content = CLIRunner.packageRoot.appendingPathComponent("content").path
    static let shot = CLIRunner.packageRoot.appendingPathComponent("content/screenshots/iphone-se-1st-gen-light.png").path
    static let pairs = CLIRunner.packageRoot.appendingPathComponent("Tests/CalibrationTests/Pairs").path
    static let plain = ["crop", "--content", content, shot, "--device", "iphone-se-1st-gen", "--layout", "ios14"]
    static let measured = [
        "crop", "--content", content, "\(pairs)/four-small-1000x2100-empty.png", "--measured-from", "\(pairs)/four-small-1000x2100-placed.png",
    ]

    /// Each file under `folder` with its bytes and inode, so that a file put back by a copy is told
    /// from the file itself.
    static func snapshot(_ folder: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder.path)! {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(path).path)
            let data = (try? Data(contentsOf: folder.appendingPathComponent(path))) ?? Data()
            files[path] = "\(attributes[.systemFileNumber] ?? 0) \(data.count) \(data.hashValue)"
        }
        return files
    }

    @Test(arguments: [false, true]) func aFailureMidwayLeavesTheFolderAsItWas(_ measuredCrop: Bool) throws {
        try withTemporaryFolder("crop-staging") { folder in
            let out = folder.appendingPathComponent("crops")
            let command = (measuredCrop ? Self.measured : Self.plain) + ["--out", out.path]
            let first = try CLIRunner.run(command)
            #expect(first.status == 0, "\(first.stderr)")
            // A folder in the place of the last file written: every move before it must be undone.
            let last = measuredCrop ? "measurement.json" : "small-top-right.png"
            try FileManager.default.removeItem(at: out.appendingPathComponent(last))
            try FileManager.default.createDirectory(at: out.appendingPathComponent("\(last)/kept"), withIntermediateDirectories: true)
            try Data("mine\n".utf8).write(to: out.appendingPathComponent("notes.txt"))
            let before = try Self.snapshot(folder)

            let failed = try CLIRunner.run(command + ["--force"])
            #expect(failed.status == 1)
            #expect(failed.stderr.contains("\(out.path)/\(last): cannot be replaced: is a folder"), "\(failed.stderr)")
            #expect(failed.stderr.contains("nothing was written"), "\(failed.stderr)")
            #expect(try Self.snapshot(folder) == before, "the folder is as it was, and no staging folder is left")
        }
    }

    @Test func anExistingFolderGetsOnlyTheNewFiles() throws {
        try withTemporaryFolder("crop-staging") { folder in
            let out = folder.appendingPathComponent("crops")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            try Data("mine\n".utf8).write(to: out.appendingPathComponent("notes.txt"))
            let result = try CLIRunner.run(Self.plain + ["--out", out.path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["crops"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).count == 8)
            #expect(try String(contentsOf: out.appendingPathComponent("notes.txt"), encoding: .utf8) == "mine\n")
        }
    }

    /// The full disk, on a small tmpfs (where the tests may mount one; skipped otherwise).
    @Test(arguments: [false, true]) func aFullDiskLeavesNothing(_ measuredCrop: Bool) throws {
        try withTemporaryFolder("crop-staging") { folder in
            let mount = Process()
            mount.executableURL = URL(fileURLWithPath: "/bin/mount")
            mount.arguments = ["-t", "tmpfs", "-o", "size=96k", "tmpfs", folder.path]
            mount.standardError = FileHandle.nullDevice
            guard (try? mount.run()) != nil else { return }
            mount.waitUntilExit()
            guard mount.terminationStatus == 0 else { return }
            defer { umount(folder.path) }
            let result = try CLIRunner.run((measuredCrop ? Self.measured : Self.plain) + ["--out", folder.appendingPathComponent("y").path])
            #expect(result.status == 1)
            #expect(result.stderr.contains("no space left on the device"), "\(result.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [], "nothing is left on the full disk")
        }
    }

    @Test func theStagingFolderOfAKilledRunIsRemoved() throws {
        try withTemporaryFolder("crop-staging") { folder in
            let dead = folder.appendingPathComponent(".y.backdrop-staging-\(Int32.max - 1)")
            let alive = folder.appendingPathComponent(".y.backdrop-staging-\(getpid())")
            for leftover in [dead, alive] {
                try FileManager.default.createDirectory(at: leftover, withIntermediateDirectories: true)
                try Data([1]).write(to: leftover.appendingPathComponent("small-top-left.png"))
            }
            let result = try CLIRunner.run(Self.plain + ["--out", "y"], in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dead.path), "a dead process's staging folder is removed")
            #expect(FileManager.default.fileExists(atPath: alive.path), "a running one's is not")
        }
    }

    /// A crop ended by a signal while it writes removes what it made: its staging folder and the
    /// folders it made above `--out`; it ends with 128 + the signal, as `build` does.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT]) func anInterruptedCropRemovesWhatItMade(_ signal: Int32) throws {
        try withTemporaryFolder("crop-staging") { folder in
            let process = Process()
            process.executableURL = CLIRunner.executable
            let shot = CLIRunner.packageRoot.appendingPathComponent("content/screenshots/iphone-16-pro-max-light.png").path
            process.arguments = [
                "crop", "--content", Self.content, shot, "--device", "iphone-16-pro-max", "--layout", "ios18", "--compression-level", "9",
                "--out", "new/deeper/crops",
            ]
            process.currentDirectoryURL = folder
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            // A crop in the staging folder means the command is writing.
            let staging = folder.appendingPathComponent("new/deeper/.crops.backdrop-staging-\(process.processIdentifier)").path
            let deadline = Date().addingTimeInterval(60)
            while ((try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? []).isEmpty, process.isRunning, Date() < deadline {
                usleep(500)
            }
            #expect(process.isRunning, "the crop was still running when interrupted")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit && process.terminationStatus == 128 + signal)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [], "nothing it made is left")
        }
    }
}

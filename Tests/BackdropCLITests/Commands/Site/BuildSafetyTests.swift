import Foundation
import TestFolders
import Testing

/// `backdrop build` through the real binary: an output folder that holds anything of the user's is
/// refused before any work, and builds that are interrupted or killed leave nothing behind.
@Suite struct BuildSafetyTests {
    /// A work folder with the small content (the 4-inch SE and the docs pages) and the templates.
    struct Workspace {
        let temporary: TemporaryFolder
        var folder: URL { temporary.url }

        init() throws {
            temporary = try TemporaryFolder("build-safety")
            let manager = FileManager.default
            let root = CLIRunner.packageRoot
            for folder in ["content/devices", "content/screenshots"] {
                try manager.createDirectory(at: self.folder.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            for file in [
                "devices/iphone-se-1st-gen.md", "screenshots/iphone-se-1st-gen-light.png", "screenshots/iphone-se-1st-gen-dark.png", "docs",
            ] {
                try manager.copyItem(at: root.appendingPathComponent("content/\(file)"), to: folder.appendingPathComponent("content/\(file)"))
            }
            try manager.copyItem(at: root.appendingPathComponent("templates"), to: folder.appendingPathComponent("templates"))
        }

        func build(_ output: String, cache: String = "cache", content: String = "content") throws -> CLIRunner.Result {
            try CLIRunner.run(
                ["build", "--quiet", "--content", content, "--templates", "templates", "--output", output, "--cache", cache], in: folder)
        }

        /// Every path under the folder with its contents (a folder as empty data, a link by its target).
        func snapshot() throws -> [String: Data] {
            var files: [String: Data] = [:]
            let manager = FileManager.default
            for case let path as String in manager.enumerator(atPath: folder.path)! {
                let full = folder.appendingPathComponent(path).path
                switch try manager.attributesOfItem(atPath: full)[.type] as? FileAttributeType {
                case .typeSymbolicLink?: files[path] = Data(try manager.destinationOfSymbolicLink(atPath: full).utf8)
                case .typeDirectory?: files[path + "/"] = Data()
                default: files[path] = try Data(contentsOf: URL(fileURLWithPath: full))
                }
            }
            return files
        }

        func remove() { temporary.remove() }
    }

    struct RefusedOutput: CustomTestStringConvertible, Sendable {
        var output: String
        var reason: String
        var prepare: @Sendable (Workspace) throws -> Void = { _ in }
        var testDescription: String { "--output \(output)" }
    }

    static let refused: [RefusedOutput] = [
        RefusedOutput(output: "notes.txt", reason: "exists and is not a folder") { workspace in
            try Data("my notes\n".utf8).write(to: workspace.folder.appendingPathComponent("notes.txt"))
        },
        RefusedOutput(output: "mine", reason: "exists and was not written by backdrop build") { workspace in
            try FileManager.default.createDirectory(at: workspace.folder.appendingPathComponent("mine/photos"), withIntermediateDirectories: true)
            try Data("keep me".utf8).write(to: workspace.folder.appendingPathComponent("mine/photos/a.txt"))
        },
        RefusedOutput(output: "content", reason: "is the content folder"),
        RefusedOutput(output: "content/", reason: "is the content folder"),
        RefusedOutput(output: "./templates", reason: "is the templates folder"),
        RefusedOutput(output: "cache", reason: "is the cache folder") { workspace in
            try FileManager.default.createDirectory(at: workspace.folder.appendingPathComponent("cache"), withIntermediateDirectories: true)
        },
        RefusedOutput(output: "content/site", reason: "is inside the content folder"),
        RefusedOutput(output: ".", reason: "is the working directory"),
        RefusedOutput(output: "..", reason: "contains the working directory"),
        RefusedOutput(output: "/", reason: "contains the working directory"),
        RefusedOutput(output: "/dev/null", reason: "exists and is not a folder"),
        RefusedOutput(output: "link", reason: "is a symbolic link") { workspace in
            try FileManager.default.createDirectory(at: workspace.folder.appendingPathComponent("elsewhere"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: workspace.folder.appendingPathComponent("link").path, withDestinationPath: "elsewhere")
        },
        RefusedOutput(output: "content/\u{301}x", reason: "is inside the content folder"),
        RefusedOutput(output: "content/\u{200D}x", reason: "is inside the content folder"),
        RefusedOutput(output: "devices/../site", reason: "is inside the content folder") { workspace in
            try FileManager.default.createSymbolicLink(
                atPath: workspace.folder.appendingPathComponent("devices").path, withDestinationPath: "content/devices")
        },
        RefusedOutput(output: "notes.txt/site", reason: "cannot be created") { workspace in
            try Data("my notes\n".utf8).write(to: workspace.folder.appendingPathComponent("notes.txt"))
        },
        RefusedOutput(output: "alias", reason: "is the content folder") { workspace in
            try FileManager.default.createSymbolicLink(atPath: workspace.folder.appendingPathComponent("alias").path, withDestinationPath: "content")
        },
    ]

    @Test(arguments: refused) func anOutputHoldingAnythingElseIsRefusedBeforeAnyWork(_ refused: RefusedOutput) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try refused.prepare(workspace)
        let before = try workspace.snapshot()
        let result = try workspace.build(refused.output)
        #expect(result.status == 1)
        #expect(result.stderr.contains("error[B005]"), "\(result.stderr)")
        #expect(result.stderr.contains(refused.reason), "\(result.stderr)")
        #expect(result.stderr.contains("build failed"), "\(result.stderr)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain"), "\(result.stderr)")
        #expect(try workspace.snapshot() == before, "nothing was written, moved or removed")
    }

    @Test func aNewOrEmptyFolderOrAPreviousSiteIsWhereABuildGoes() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.createDirectory(at: workspace.folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
        for output in ["new/site", "empty", "new/site"] {
            let result = try workspace.build(output)
            #expect(result.status == 0, "\(output): \(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: workspace.folder.appendingPathComponent("\(output)/.backdrop-site").path))
        }
        let entries = try FileManager.default.contentsOfDirectory(atPath: workspace.folder.appendingPathComponent("new").path)
        #expect(entries == ["site"], "no staging or old folder is left")
    }

    @Test func pathsAreComparedAsTheFileSystemDoes() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        // `café` spelled precomposed and decomposed are two folders: building into one while
        // the content is the other is allowed.
        let manager = FileManager.default
        try manager.moveItem(at: workspace.folder.appendingPathComponent("content"), to: workspace.folder.appendingPathComponent("caf\u{E9}"))
        let result = try workspace.build("cafe\u{301}", content: "caf\u{E9}")
        #expect(result.status == 0, "\(result.stderr)")
        // A trailing `/.` names the folder itself.
        #expect(try workspace.build("site/.", content: "caf\u{E9}").status == 0)
        #expect(try workspace.build("site/.", content: "caf\u{E9}").status == 0)
        #expect(try manager.contentsOfDirectory(atPath: workspace.folder.appendingPathComponent("site").path).contains("index.html"))
    }

    @Test func aFailedBuildRemovesTheFoldersItCreated() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try Data("not a profile".utf8).write(to: workspace.folder.appendingPathComponent("content/devices/broken.md"))
        let before = try workspace.snapshot()
        #expect(try workspace.build("a/b/site", cache: "new-cache").status == 1)
        #expect(try workspace.snapshot() == before, "no output parents, no cache folder")
    }

    @Test func leftoversOfKilledBuildsAreRemovedAndNothingElse() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        #expect(try workspace.build("site").status == 0)
        let manager = FileManager.default
        func copySite(_ name: String, marker: String?) throws {
            let copy = workspace.folder.appendingPathComponent(name)
            try manager.copyItem(at: workspace.folder.appendingPathComponent("site"), to: copy)
            if let marker { try Data(marker.utf8).write(to: copy.appendingPathComponent(".backdrop-site")) }
        }
        // What a killed build leaves: its staging folder, marked with its process (one above the
        // kernel's largest, so not running).
        try copySite("site.staging-4194999", marker: "This folder was written by backdrop build, which replaces it on every build.\nbuild 4194999\n")
        // What is the user's: a dated backup of the site, a marked folder of another build's
        // name, and an empty or unmarked look-alike.
        try copySite("site.old-20240101", marker: nil)
        try copySite("site.staging-4194998", marker: nil)
        try manager.createDirectory(at: workspace.folder.appendingPathComponent("site.staging-4194997"), withIntermediateDirectories: true)
        try manager.createDirectory(at: workspace.folder.appendingPathComponent("site.staging-4194996"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: workspace.folder.appendingPathComponent("site.staging-4194996/notes.txt"))
        // Even a build that fails on its content clears what killed builds left.
        try Data("not a profile".utf8).write(to: workspace.folder.appendingPathComponent("content/devices/broken.md"))
        #expect(try workspace.build("site").status == 1)
        let entries = try manager.contentsOfDirectory(atPath: workspace.folder.path).sorted()
        #expect(
            entries == [
                "cache", "content", "site", "site.old-20240101", "site.staging-4194996", "site.staging-4194997", "site.staging-4194998", "templates",
            ])
    }

    /// Starts a build of the bundled content with an empty cache (long enough to interrupt),
    /// waits until it is cropping, and sends it `signal`.
    func interruptedBuild(_ signal: Int32, workspace: Workspace) throws -> Int32 {
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = [
            "build", "--content", CLIRunner.packageRoot.appendingPathComponent("content").path, "--templates", "templates", "--output", "site",
            "--cache", "fresh-cache",
        ]
        process.currentDirectoryURL = workspace.folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Crops in the staging folder mean the build is well under way.
        let crops = workspace.folder.appendingPathComponent("site.staging-\(process.processIdentifier)/devices/iphone-se-1st-gen").path
        let deadline = Date().addingTimeInterval(120)
        while !FileManager.default.fileExists(atPath: crops), process.isRunning, Date() < deadline {
            usleep(20_000)
        }
        #expect(process.isRunning, "the build was still running when interrupted")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT]) func anInterruptedBuildRemovesItsStagingFolder(_ signal: Int32) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        #expect(try workspace.build("site").status == 0)
        let site = try workspace.snapshot().filter { $0.key.hasPrefix("site/") }
        let status = try interruptedBuild(signal, workspace: workspace)
        #expect(status == 128 + signal)
        let entries = try FileManager.default.contentsOfDirectory(atPath: workspace.folder.path).sorted()
        #expect(!entries.contains { $0.hasPrefix("site.") }, "\(entries)")
        #expect(try workspace.snapshot().filter { $0.key.hasPrefix("site/") } == site, "the previous site is untouched")
    }

    @Test func aKilledBuildsStagingFolderIsRemovedByTheNextBuild() throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        #expect(try workspace.build("site").status == 0)
        let site = try workspace.snapshot().filter { $0.key.hasPrefix("site/") }
        #expect(try interruptedBuild(SIGKILL, workspace: workspace) == 128 + SIGKILL)
        let left = try FileManager.default.contentsOfDirectory(atPath: workspace.folder.path).filter { $0.hasPrefix("site.staging-") }
        #expect(left.count == 1, "SIGKILL cannot be caught: the staging folder stays until the next build")
        #expect(try workspace.snapshot().filter { $0.key.hasPrefix("site/") } == site)
        #expect(try workspace.build("site").status == 0)
        let entries = try FileManager.default.contentsOfDirectory(atPath: workspace.folder.path).sorted()
        #expect(!entries.contains { $0.hasPrefix("site.") }, "\(entries)")
    }
}

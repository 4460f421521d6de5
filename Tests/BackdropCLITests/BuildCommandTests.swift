import Foundation
import Testing

@Suite struct BuildCommandTests {
    @Test func aFailedBuildSaysWhyAndLeavesTheSite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("backdrop-build-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("content/devices"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try "old".write(to: site.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        // A site an earlier build wrote (only such a folder may be replaced).
        try "".write(to: site.appendingPathComponent(".backdrop-site"), atomically: true, encoding: .utf8)
        try "---\nname: x\n---\n".write(to: folder.appendingPathComponent("content/devices/broken.md"), atomically: true, encoding: .utf8)
        let result = try CLIRunner.run([
            "build", "--content", folder.appendingPathComponent("content").path, "--output", site.path,
            "--cache", folder.appendingPathComponent("cache").path,
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("broken.md:2: error[F004] broken: the front matter lacks the required key `models`"))
        #expect(result.stderr.contains("guide.md: error[F010]"))
        #expect(result.stderr.contains("was left as it was"))
        #expect(try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8) == "old")
    }
}

/// What `backdrop build` says at each verbosity: a line per device unless `--quiet`, notes only
/// with `--verbose`, on standard output after a good build and on standard error after a failed one.
@Suite struct BuildVerbosityTests {
    static let deviceLine = "iphone-se-1st-gen: 1 layouts, 14 crops"
    static let note = "note[G006] iphone-se-1st-gen ios14: left margin is 30 px but right margin is 26 px"

    /// The small content with Widget-Blur's off-centre columns, accepted as an exception: a note.
    static func workspace() throws -> BuildSafetyTests.Workspace {
        let workspace = try BuildSafetyTests.Workspace()
        let profile = workspace.folder.appendingPathComponent("content/devices/iphone-se-1st-gen.md")
        let text = try String(contentsOf: profile, encoding: .utf8).replacingOccurrences(
            of: "    left: 28\n    right: 330\n", with: "    left: 30\n    right: 332\n    exceptions:\n      G006: Widget-Blur's columns\n")
        try text.write(to: profile, atomically: true, encoding: .utf8)
        return workspace
    }

    func build(_ workspace: BuildSafetyTests.Workspace, _ flags: [String]) throws -> CLIRunner.Result {
        try CLIRunner.run(
            ["build", "--content", "content", "--templates", "templates", "--output", "site", "--cache", "cache"] + flags, in: workspace.folder)
    }

    @Test func verboseAddsNotesAndQuietLeavesOnlyTheSummary() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }

        let normal = try build(workspace, [])
        #expect(normal.status == 0, "\(normal.stdout)\(normal.stderr)")
        #expect(normal.stdout.contains(Self.deviceLine))
        #expect(!normal.stdout.contains("note["))

        for flag in ["-v", "--verbose"] {
            let verbose = try build(workspace, [flag])
            #expect(verbose.status == 0)
            #expect(verbose.stdout.contains(Self.deviceLine))
            #expect(verbose.stdout.contains(Self.note), "\(verbose.stdout)")
        }

        let quiet = try build(workspace, ["-q"])
        #expect(quiet.status == 0)
        #expect(quiet.stdout.hasPrefix("built site: "), "only the summary: \(quiet.stdout)")
        #expect(!quiet.stdout.contains("note["))
    }

    @Test func aFailedBuildSaysItsNotesOnlyWhenVerbose() throws {
        let workspace = try Self.workspace()
        defer { workspace.remove() }
        try FileManager.default.removeItem(at: workspace.folder.appendingPathComponent("templates/checks.mustache"))

        let normal = try build(workspace, [])
        #expect(normal.status == 1)
        #expect(normal.stderr.contains("error[T004]"), "\(normal.stderr)")
        #expect(!normal.stderr.contains("note["))

        let verbose = try build(workspace, ["--verbose"])
        #expect(verbose.status == 1)
        #expect(verbose.stderr.contains(Self.note), "\(verbose.stderr)")
    }
}

import Foundation
import Testing

/// What `backdrop build` says at each verbosity: a line per device unless `--quiet`, notes only
/// with `--verbose`, on standard output after a good build and on standard error after a failed one.
@Suite struct BuildVerbosityTests {
    /// Seven slots, light and dark, and one slot in four styles, light and dark.
    static let deviceLine = "iphone-se-1st-gen: 1 layouts, 22 crops"
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

        // With nothing changed the build is skipped: no device is cropped, and its notes are said again.
        for flag in ["-v", "--verbose"] {
            let verbose = try build(workspace, [flag])
            #expect(verbose.status == 0)
            #expect(!verbose.stdout.contains(Self.deviceLine))
            #expect(verbose.stdout.contains("built site: nothing changed since the last build ("), "\(verbose.stdout)")
            #expect(verbose.stdout.contains(Self.note), "\(verbose.stdout)")
        }
        let rebuilt = try build(workspace, ["--verbose", "--clean"])
        #expect(rebuilt.stdout.contains(Self.deviceLine))
        #expect(rebuilt.stdout.contains(Self.note), "\(rebuilt.stdout)")

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

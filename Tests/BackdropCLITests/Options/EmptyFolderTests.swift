import Foundation
import Testing

/// Every command run where there is no content folder, on the catalog built into backdrop: what it
/// writes is only what it was asked to write (`--out`, `--output`), never a folder named after
/// the catalog ("built into backdrop"), whose name is words for a person and no path; and the
/// commands that write into the content folder (`samples`, `calibrate --into`) say that there is
/// none, exit 1, and write nothing. Every command the help lists is run.
@Suite struct EmptyFolderTests {
    struct Run: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32
        /// The names it makes at the top of the folder.
        var makes: Set<String> = []
        var says: String? = nil
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let noFolder = "this command writes into the content folder, and there is none here"

    /// For each command, what it does in a folder holding only `shot.png`, `placed.png` and `empty.png`.
    static let runs: [String: [Run]] = [
        "check": [Run(arguments: ["check"], status: 1, says: "the content folder content does not exist")],
        "checks": [Run(arguments: ["checks"], status: 0)],
        "devices": [Run(arguments: ["devices"], status: 0)],
        "slots": [Run(arguments: ["slots", "iphone-se-1st-gen"], status: 0)],
        "crop": [Run(arguments: ["crop", "shot.png", "--out", "crops"], status: 0, makes: ["crops"])],
        "samples": [
            Run(arguments: ["samples"], status: 1, says: noFolder), Run(arguments: ["samples", "iphone-se-1st-gen"], status: 1, says: noFolder),
            Run(
                arguments: ["samples", "iphone-se-1st-gen", "--widgets", "ios14", "--slots", "small-top-left", "--out", "widgets"], status: 0,
                makes: ["widgets"]),
        ],
        "calibrate": [
            Run(arguments: ["calibrate", "placed.png", "--empty", "empty.png"], status: 0),
            Run(
                arguments: [
                    "calibrate", "placed.png", "--empty", "empty.png", "--into", "iphone-se-1st-gen", "--layout", "ios14", "--reference", "k=v",
                ],
                status: 1, says: noFolder),
        ],
        "build": [Run(arguments: ["build"], status: 1, says: "the content folder content does not exist")],
        "serve": [Run(arguments: ["serve", "--port", "0"], status: 130, says: "nothing to serve until a build succeeds")],
        "export widget-geometry": [
            Run(arguments: ["export", "widget-geometry"], status: 0),
            Run(arguments: ["export", "widget-geometry", "--output", "Catalog.swift"], status: 0, makes: ["Catalog.swift"]),
        ],
        "export ios26-model": [Run(arguments: ["export", "ios26-model"], status: 0)],
        "export icon-rule": [Run(arguments: ["export", "icon-rule"], status: 0)],
    ]

    @Test func everyCommandIsRun() {
        let commands = DumpedHelp.commands.filter { CommandLineWorkspace.working($0.words, port: 0) != nil }.map { $0.words.joined(separator: " ") }
        #expect(Set(commands) == Set(Self.runs.keys))
    }

    @Test(arguments: runs.values.flatMap { $0 }) func writesOnlyWhatItIsAskedTo(_ run: Run) throws {
        let workspace = try CommandLineWorkspace(content: false)
        defer { workspace.remove() }
        let before = try workspace.entries()
        // `serve` serves until it is stopped: a moment is enough to see its first build.
        let result = try workspace.run(run.arguments, timeout: run.arguments[0] == "serve" ? 4 : 120)
        #expect(result.status == run.status, "\(result.stderr)")
        if let says = run.says { #expect((result.stdout + result.stderr).contains(says), "\(result.stdout)\n\(result.stderr)") }
        #expect(!result.stdout.contains("still serving the last good build"))
        #expect(try workspace.entries() == before.union(run.makes))
        let everything = try workspace.snapshot().keys
        #expect(!everything.contains { $0.contains("built into") || $0.hasPrefix("content") }, "\(everything.sorted())")
    }
}

import Foundation
import Testing

/// An error inside a subcommand prints that subcommand's usage, or none: never the root's
/// (`Usage: backdrop <subcommand>`), which tells a person nothing about what they typed. Every
/// subcommand `backdrop --help` lists is tried, with an error found while it runs and with one
/// found while its arguments are read.
@Suite struct SubcommandUsageTests {
    static let content = CLIRunner.packageRoot.appendingPathComponent("content").path
    static let shot = CLIRunner.packageRoot.appendingPathComponent("content/screenshots/iphone-se-1st-gen-light.png").path

    /// For each subcommand, arguments that fail while it runs (after its arguments were read).
    static let failingRuns: [String: [String]] = [
        "check": ["check", "--content", "/nonexistent/content"],
        "checks": ["checks", "Z999"],
        "devices": ["devices", "--content", content, "--json", "--no-such-option"],
        "slots": ["slots", "--content", content, "no-such-device"],
        "crop": ["crop", "--content", content, shot, "--device", "no-such-device", "--out", "/nonexistent/never-written"],
        "samples": ["samples", "--content", content, "no-such-device"],
        "calibrate": ["calibrate", "/nonexistent/widgets.png"],
        "build": ["build", "--content", content, "--output", content],
        "serve": ["serve", "--content", content, "--port", "PORT"],
        "export widget-geometry": ["export", "widget-geometry", "--content", "/nonexistent/content"],
        "export ios26-model": ["export", "ios26-model", "--content", "/nonexistent/content"],
        "export icon-rule": ["export", "icon-rule", "--content", "/nonexistent/content"],
    ]

    /// Every subcommand (and sub-subcommand) the help lists.
    static func listedSubcommands(_ prefix: [String] = []) throws -> [String] {
        let help = try CLIRunner.run(prefix + ["--help"]).stdout
        guard let section = help.range(of: "SUBCOMMANDS:\n") else { return [prefix.joined(separator: " ")] }
        var names: [String] = []
        for line in help[section.upperBound...].split(separator: "\n") {
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let name = line.split(separator: " ").first else { continue }
            guard name != "See" else { continue }
            names += try listedSubcommands(prefix + [String(name)])
        }
        return names
    }

    @Test func everySubcommandIsTried() throws {
        #expect(try Set(Self.listedSubcommands()) == Set(Self.failingRuns.keys))
    }

    @Test(arguments: failingRuns.keys.sorted()) func anErrorWhileRunningPrintsThatSubcommandsUsageOrNone(_ name: String) throws {
        let (listener, port) = try TCP.listen()
        defer { TCP.close(listener) }
        let arguments = Self.failingRuns[name]!.map { $0 == "PORT" ? String(port) : $0 }
        let result = try CLIRunner.run(arguments)
        #expect(result.status != 0, "\(arguments) should fail")
        Self.expectOwnUsage(result.stderr, name)
    }

    @Test(arguments: failingRuns.keys.sorted()) func anUnknownOptionPrintsThatSubcommandsUsage(_ name: String) throws {
        let result = try CLIRunner.run(name.split(separator: " ").map(String.init) + ["--no-such-option"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Usage: backdrop \(name) "), "\(result.stderr)")
        Self.expectOwnUsage(result.stderr, name)
    }

    static func expectOwnUsage(_ stderr: String, _ name: String) {
        for line in stderr.split(separator: "\n") where line.contains("Usage:") || line.contains("--help' for more") {
            #expect(line.contains("backdrop \(name) ") || line.contains("'backdrop \(name) --help'"), "\(name): \(line)")
        }
        #expect(!stderr.contains("backdrop <subcommand>"), "\(name): \(stderr)")
    }
}

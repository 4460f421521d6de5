import Foundation
import Testing

/// Every numeric option whose help gives bounds refuses a number outside them, naming the option
/// and the bounds, before doing anything.
@Suite struct NumericBoundsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let shot = "content/calibration/iphone-16-pro-ios18-widgets-dark.png"
    /// Every case names folders that do not exist, so that a number let through writes nothing.
    static let crop = ["crop", shot, "--device", "iphone-16-pro", "--out", "/nonexistent/never-written"]

    /// Texts no numeric option takes: words, a number too long for any integer, a decimal comma,
    /// signs and hexadecimal, an empty value.
    static let notNumbers = ["abc", String(repeating: "9", count: 30), "2,5", "+2", "0x2", "2 ", "٣"]

    static let cases: [Case] =
        ["0", "7", "-1", "1"].map { Case(arguments: ["calibrate", shot, "--scale=\($0)"], message: "--scale must be 2 or 3") }
        + ["0", "4"].map { Case(arguments: ["calibrate", shot, "--json", "--scale=\($0)"], message: "--scale must be 2 or 3") }
        + ["-1", "10", "99"].map { Case(arguments: crop + ["--compression-level=\($0)"], message: "--compression-level must be 0 to 9") }
        + ["-0.5", "2.5", "nan", "inf", "1e9"].map {
            Case(
                arguments: ["samples", "--content", "/nonexistent/content", "--edge-inset=\($0)", "--out", "/nonexistent/never-written"],
                message: "--edge-inset must be a number of pixels from 0 to 2")
        }
        + ["70000", "-1"].map { Case(arguments: ["serve", "--port=\($0)"], message: "--port") }
        // Text that is no number, or a number too long to hold, is refused in the same words,
        // echoed as typed (not as the parser rounded it).
        + notNumbers.map {
            Case(arguments: ["calibrate", shot, "--scale=\($0)"], message: "--scale must be 2 or 3 (the screen's pixels per point), not `\($0)`")
        }
        + notNumbers.map { Case(arguments: crop + ["--compression-level=\($0)"], message: "--compression-level must be 0 to 9, not `\($0)`") }
        + (notNumbers + ["1e+30", "1e30", "0x1", "+1"]).map {
            Case(
                arguments: ["samples", "--content", "/nonexistent/content", "--edge-inset=\($0)", "--out", "/nonexistent/never-written"],
                message: "--edge-inset must be a number of pixels from 0 to 2, not `\($0)`")
        }
        + notNumbers.map { Case(arguments: ["serve", "--port=\($0)"], message: "--port must be a port number from 0 to 65535, not `\($0)`") }
        // A number inside a URL option is bounded as a number option is.
        + ["99999", "0", "65536", String(repeating: "9", count: 30), "+80", "-1", "80:90", "8o", "0x50"].map {
            Case(
                arguments: ["build", "--content", "/nonexistent/content", "--output", "/nonexistent/never-written", "--base-url", "http://x:\($0)/"],
                message: "its port \($0) is not a port number (1 to 65535)")
        }

    @Test(arguments: cases) func aNumberOutsideTheHelpsBoundsIsRefused(_ bad: Case) throws {
        let result = try CLIRunner.run(bad.arguments)
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty, "nothing is printed: \(result.stdout.prefix(200))")
        #expect(result.stderr.contains(bad.message), "\(result.stderr)")
        #expect(!result.stderr.contains("inf pt") && !result.stderr.contains("EncodingError"))
    }

    /// Every numeric option, found from the help: each option of every command that refuses a
    /// word in the words of a number's bounds ("must be …"), as the command line is read (a
    /// command that takes the word and works on is interrupted after 2 s).
    static let numeric: [(DumpedHelp.Command, String)] = {
        let workspace = try! CommandLineWorkspace()
        let (listener, port) = try! TCP.listen()
        defer {
            TCP.close(listener)
            workspace.remove()
        }
        return DumpedHelp.commands.flatMap { command in
            command.arguments.filter { $0.kind == "option" }.compactMap { option -> (DumpedHelp.Command, String)? in
                guard let line = CommandLineWorkspace.working(command.words, port: port) else { return nil }
                let result = try! workspace.run(CommandLineWorkspace.without(option.shown, in: line) + ["\(option.shown)=abc"], timeout: 2)
                return result.stderr.contains("\(option.shown) must be") && !result.stderr.contains("must be one of") ? (command, option.shown) : nil
            }
        }
    }()

    @Test func everyNumericOptionIsFound() {
        #expect(
            Self.numeric.map { "\($0.0.name) \($0.1)" }.sorted() == [
                "backdrop calibrate --scale", "backdrop crop --compression-level", "backdrop samples --edge-inset", "backdrop serve --port",
            ])
    }

    /// `-0` is 0: every numeric option takes it where it takes 0, and refuses it where it refuses 0,
    /// in the same words. (`serve` serves for a moment, on a port of its own.) A refusal is said
    /// as the command line is read, before any work: a command still running after 2 s has taken
    /// the number, and is interrupted.
    @Test(arguments: numeric) func minusZeroIsZero(_ command: DumpedHelp.Command, _ option: String) throws {
        var said: [String: Bool] = [:]
        for zero in ["0", "-0", "-0.0", "00"] where zero.contains(".") == false || option == "--edge-inset" {
            let workspace = try CommandLineWorkspace()
            defer { workspace.remove() }
            let line = try #require(CommandLineWorkspace.working(command.words, port: 0))
            let result = try workspace.run(CommandLineWorkspace.without(option, in: line) + ["\(option)=\(zero)"], timeout: 2)
            said[zero] = result.stderr.contains("\(option) must be")
        }
        #expect(Set(said.values).count == 1, "\(said)")
    }

    @Test func theHelpStatesEveryBound() throws {
        #expect(try CLIRunner.run(["calibrate", "--help"]).stdout.contains("2 or 3"))
        #expect(try CLIRunner.run(["crop", "--help"]).stdout.contains("0–9"))
        #expect(try CLIRunner.run(["samples", "--help"]).stdout.contains("(0 to 2)"))
    }
}

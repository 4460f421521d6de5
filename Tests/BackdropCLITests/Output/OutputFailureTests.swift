import Foundation
import Testing

/// Every command that prints to standard output, with standard output on a full disk
/// (`/dev/full`): the command exits with 1 and says so, instead of exiting 0 over a truncated
/// file.
@Suite struct OutputFailureTests {
    static let shot = "content/calibration/iphone-16-pro-ios18-widgets-dark.png"

    static let commands: [[String]] = [
        ["slots"], ["slots", "--json"], ["slots", "iphone-16-pro", "--layout", "ios18"], ["devices"], ["devices", "--json"],
        ["checks"], ["checks", "--markdown"], ["checks", "G005"], ["check"], ["export", "widget-geometry"],
        ["export", "ios26-model"], ["calibrate", shot], ["calibrate", "--json", shot], ["--help"], ["slots", "--help"],
    ]

    @Test(arguments: commands) func aFullDiskFailsTheCommand(_ arguments: [String]) throws {
        let printed = try CLIRunner.run(arguments)
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(!printed.stdout.isEmpty)
        let full = try CLIRunner.run(arguments, stdoutFile: "/dev/full")
        #expect(full.status == 1, "\(arguments) exited \(full.status) into a full disk")
        #expect(
            full.stderr.hasSuffix("standard output: cannot be written: no space left on the device; what was printed is incomplete\n"),
            "\(full.stderr)")
    }
}

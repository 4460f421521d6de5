import ArgumentParser
import FileAccess
import Foundation
import WidgetGeometry

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

struct Backdrop: AsyncParsableCommand {
    /// The tool's version: the release archive (`scripts/release.sh`) is named after it.
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        abstract: "Exact slot geometry and crops for transparent iOS home-screen widgets.",
        version: "backdrop \(version) (geometry data \(WidgetGeometry.dataVersion))",
        subcommands: [
            CheckCommand.self, ChecksCommand.self, DevicesCommand.self, SlotsCommand.self, CropCommand.self, SamplesCommand.self,
            CalibrateCommand.self, BuildCommand.self, ServeCommand.self, ExportCommand.self,
        ]
    )
}

/// Runs the command as ArgumentParser does, except that every message goes through `printOut`
/// and `printError` (escaped), and that a failed write to standard output fails the command.
@main
enum Main {
    static func main() async {
        // First of all: an ending signal at any moment after this ends the command cleanly,
        // removing what it was writing. (Until then the Swift runtime's crash handler has SIGQUIT,
        // and would swallow it.)
        SignalCleanup.removeFoldersOnSignals()
        // Words ArgumentParser would misread without a word (help for `-photo.png`, `-` as a
        // file, an option's value replaced by its second) are refused before it reads them.
        let reading = OptionLikeArguments(arguments: Array(CommandLine.arguments.dropFirst()))
        let problems = reading.problemsBeforeParsing
        if !problems.isEmpty {
            fail(message(for: ValidationError(problems.joined(separator: "\n")), from: reading.command), code: .validationFailure)
        }
        var command: any ParsableCommand
        do {
            command = try Backdrop.parseAsRoot()
        } catch {
            let code = Backdrop.exitCode(for: error)
            if !code.isSuccess, let problem = reading.problem {
                fail(message(for: ValidationError(problem), from: reading.command), code: code)
            }
            fail(Backdrop.fullMessage(for: error), code: code)
        }
        do {
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            fail(message(for: error, from: type(of: command)), code: Backdrop.exitCode(for: error))
        }
        exitFailingOnOutput(0)
    }

    /// The message for an error a subcommand's `run()` threw. ArgumentParser words such an error
    /// with the root's usage (`Usage: backdrop <subcommand>`), since it no longer knows which
    /// subcommand ran; a `ValidationError` gets that subcommand's usage instead, as when it is
    /// thrown while parsing, and any other error none.
    static func message(for error: any Error, from subcommand: any ParsableCommand.Type) -> String {
        guard let validation = error as? ValidationError else { return Backdrop.fullMessage(for: error) }
        let name = (commandPath(to: subcommand, under: Backdrop.self) ?? []).joined(separator: " ")
        return """
            Error: \(validation.message)
            Usage: \(Backdrop.usageString(for: subcommand))
              See '\(name) --help' for more information.
            """
    }

    /// The names from `root` down to `subcommand` (`backdrop export widget-geometry`), or `nil`
    /// when it is not among `root`'s subcommands.
    static func commandPath(to subcommand: any ParsableCommand.Type, under root: any ParsableCommand.Type) -> [String]? {
        let name = root._commandName
        if subcommand == root { return [name] }
        for child in root.configuration.subcommands {
            if let path = commandPath(to: subcommand, under: child) { return [name] + path }
        }
        return nil
    }

    /// Prints `message` (on standard output for a clean exit) and exits with `code`.
    private static func fail(_ message: String, code: ExitCode) -> Never {
        if !message.isEmpty {
            if code.isSuccess { printOut(message) } else { printError(message) }
        }
        exitFailingOnOutput(code.rawValue)
    }

    /// Exits with `code`, or with 1 when a write to standard output failed.
    private static func exitFailingOnOutput(_ code: Int32) -> Never {
        if let message = StandardOutput.failureMessage {
            printError(message)
            exit(1)
        }
        exit(code)
    }
}

import ArgumentParser
import Foundation
import WidgetGeometry

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
        do {
            var command = try Backdrop.parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let message = Backdrop.fullMessage(for: error)
            let code = Backdrop.exitCode(for: error)
            if !message.isEmpty {
                if code.isSuccess { printOut(message) } else { printError(message) }
            }
            exitFailingOnOutput(code.rawValue)
        }
        exitFailingOnOutput(0)
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

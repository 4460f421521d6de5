import ArgumentParser
import WidgetGeometry

@main
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

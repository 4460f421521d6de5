import ArgumentParser

@main
struct Backdrop: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Exact slot geometry and crops for transparent iOS home-screen widgets.",
        subcommands: [
            CheckCommand.self, ChecksCommand.self, DevicesCommand.self, SlotsCommand.self, CropCommand.self, SamplesCommand.self,
            CalibrateCommand.self, BuildCommand.self, ServeCommand.self, ExportCommand.self,
        ]
    )
}

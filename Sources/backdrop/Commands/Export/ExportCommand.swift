import ArgumentParser

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write generated source made from the catalog.",
        subcommands: [ExportWidgetGeometryCommand.self, ExportIOS26ModelCommand.self]
    )
}

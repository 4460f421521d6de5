import ArgumentParser

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write generated source made from the catalog.",
        subcommands: [ExportWidgetGeometryCommand.self, ExportIOS26ModelCommand.self, ExportIconRuleCommand.self]
    )
}

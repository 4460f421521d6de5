import ArgumentParser
import Catalog
import SlotGeometry

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the catalog: each device with its layouts and how each is sourced."
    )

    @OptionGroup var contentOptions: ContentOptions

    @OptionGroup var jsonOptions: JSONOptions

    func run() throws {
        let catalog = try contentOptions.loadCatalog()
        let summaries = catalog.devices.map { DeviceExport($0).summary }
        if jsonOptions.json {
            printOut(try jsonText(summaries))
        } else {
            printOut(CatalogListing.devicesText(summaries))
        }
        if catalog.diagnostics.hasErrors { throw ExitCode.failure }
    }
}

import ArgumentParser
import Catalog
import SlotGeometry

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

struct SlotsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slots",
        abstract: "Print every slot rectangle, in pixels and points, with its source."
    )

    @OptionGroup var contentOptions: ContentOptions

    @Argument(help: "A device id (see `backdrop devices`). All devices when left out.")
    var device: String?

    @Option(name: .long, help: "Only this layout (ios14, ios14-zoom, ios18, ios18-large-icons, ios18-zoom, ios26).")
    var layout: LayoutKind?

    @OptionGroup var jsonOptions: JSONOptions

    func run() throws {
        let catalog = try contentOptions.loadCatalog()
        let geometries: [LayoutExport]
        do {
            geometries = try CatalogListing.layouts(catalog, device: device, layout: layout, source: contentOptions.source.label)
        } catch {
            throw ValidationError(error.reason)
        }
        if jsonOptions.json {
            printOut(try jsonText(geometries))
        } else {
            printOut(CatalogListing.slotsText(geometries))
        }
        if catalog.diagnostics.hasErrors { throw ExitCode.failure }
    }
}

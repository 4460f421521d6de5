import ArgumentParser
import Catalog
import Foundation

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

struct ExportWidgetGeometryCommand: PrintsAFile {
    static let configuration = CommandConfiguration(
        commandName: "widget-geometry",
        abstract: "The WidgetGeometry library's catalog as Swift (\(WidgetGeometrySource.dataFile)).",
        discussion:
            "Nothing is written when the catalog has an error. Regenerate the committed file with "
            + "`\(WidgetGeometrySource.regenerateCommand)`."
    )

    @OptionGroup var contentOptions: ContentOptions

    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        let catalog = try contentOptions.loadCatalogWithoutErrors()
        let source = WidgetGeometrySource.data(catalog)
        try outputOptions.emit(source)
    }
}

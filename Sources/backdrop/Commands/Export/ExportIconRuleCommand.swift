import ArgumentParser
import Catalog

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

struct ExportIconRuleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "icon-rule",
        abstract: "The iOS 26 icon rule, checked on every layout whose profile states its icon grid, as a docs page.",
        discussion:
            "Gives each evidence layout's residuals (the rule's numbers minus the profile's) and the rule's widths against the "
            + "published sizes. Nothing is written when the catalog has an error. Regenerate the committed page with "
            + "`\(IconGridRuleReport.regenerateCommand)`."
    )

    @OptionGroup var contentOptions: ContentOptions

    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        let catalog = try contentOptions.loadCatalogWithoutErrors()
        try outputOptions.emit(IconGridRuleReport(catalog).text)
    }
}

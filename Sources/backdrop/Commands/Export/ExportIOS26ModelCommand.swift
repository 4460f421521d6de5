import ArgumentParser
import Catalog
import Foundation

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

struct ExportIOS26ModelCommand: PrintsAFile {
    static let configuration = CommandConfiguration(
        commandName: "ios26-model",
        abstract: "The iOS 26 grid model: the positions it derives and its leave-one-out errors, as a docs page.",
        discussion:
            "Profiles cite the model as `derived \(IOS26GridModel.referenceKey)`; their numbers must equal what it "
            + "prints. Nothing is written when the catalog has an error. Regenerate the committed page with "
            + "`\(IOS26GridModel.regenerateCommand)`."
    )

    @OptionGroup var contentOptions: ContentOptions

    @OptionGroup var outputOptions: OutputOptions

    func run() throws {
        let catalog = try contentOptions.loadCatalogWithoutErrors()
        let profiles = catalog.devices.map(\.profile)
        let text = IOS26GridModel(profiles).report(profiles)
        try outputOptions.emit(text)
    }
}

import ArgumentParser
import Catalog
import Checks
import SlotGeometry

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Run every check on the content (profiles, geometry, screenshots) and print every problem.",
        discussion: "Exits with 0 when there is no error, 1 otherwise. Warnings and notes do not fail the check."
    )

    @OptionGroup var contentOptions: ContentOptions

    func run() throws {
        let catalog = try contentOptions.loadCatalog(.silent)
        let diagnostics = (catalog.diagnostics + ScreenshotChecks.run(catalog, content: contentOptions.content).diagnostics).sorted()
        for diagnostic in diagnostics {
            printOut(diagnostic.description)
        }
        let layouts = catalog.devices.map(\.profile.layouts.count).reduce(0, +)
        printOut(
            "checked \(catalog.devices.count) devices, \(layouts) layouts: "
                + "\(diagnostics.count(.error)) errors, \(diagnostics.count(.warning)) warnings, \(diagnostics.count(.note)) notes")
        if diagnostics.hasErrors { throw ExitCode.failure }
    }
}

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
        let run = ContentCheckRun(catalog, content: contentOptions.content)
        for diagnostic in run.diagnostics {
            printOut(diagnostic.description)
        }
        printOut(run.summary)
        if run.failed { throw ExitCode.failure }
    }
}

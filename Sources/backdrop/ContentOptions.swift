import ArgumentParser
import Catalog
import Gallery

/// The `--content` option of every command that reads the content folder.
struct ContentOptions: ParsableArguments {
    @Option(name: .long, help: "The content folder (device profiles in devices/).")
    var content: String = BuildOptions.defaultContent

    /// Loads the catalog. Errors go to standard error; the caller decides the exit code.
    func loadCatalog(reportErrors: Bool = true) -> Catalog {
        let catalog = Catalog.load(content: content)
        if reportErrors {
            for diagnostic in catalog.diagnostics where diagnostic.severity == .error {
                printError(diagnostic.description)
            }
        }
        return catalog
    }
}

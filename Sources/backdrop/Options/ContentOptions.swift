import ArgumentParser
import Catalog
import Gallery

/// The `--content` option of every command that reads the content folder.
struct ContentOptions: ParsableArguments {
    @Option(name: .long, help: "The content folder (device profiles in devices/).")
    var content: String = BuildOptions.defaultContent

    /// What a command does with the catalog's problems. A problem is printed as an error only
    /// by a command that then exits with 1.
    enum Use {
        /// The command lists or exports the catalog: its errors are errors, and fail it.
        case reported
        /// The command only compares with the catalog (calibrate, crop): its errors are printed
        /// as warnings, since the command's own result does not depend on them.
        case consulted
        /// The command prints the problems itself (`check`).
        case silent
    }

    /// Loads the catalog and prints its errors as `use` says; the caller decides the exit code.
    func loadCatalog(_ use: Use = .reported) -> Catalog {
        let catalog = Catalog.load(content: content)
        guard use != .silent else { return catalog }
        for var diagnostic in catalog.diagnostics where diagnostic.severity == .error {
            if use == .consulted { diagnostic.severity = .warning }
            printError(diagnostic.description)
        }
        return catalog
    }

    /// Loads the catalog and prints its errors; a catalog with an error ends the command with exit
    /// status 1, before it writes anything.
    func loadCatalogWithoutErrors() throws(ExitCode) -> Catalog {
        let catalog = loadCatalog()
        if catalog.diagnostics.hasErrors { throw ExitCode.failure }
        return catalog
    }
}

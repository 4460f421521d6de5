import ArgumentParser
import BuiltInFiles
import Catalog

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// The `--content` option of every command that reads the content folder.
struct ContentOptions: ParsableArguments {
    @Option(
        name: .customLong("content"),
        help: ArgumentHelp(
            "The content folder (device profiles in devices/). Left out: ./content where there is one; commands that only read the catalog (devices, slots, crop, calibrate, export) otherwise use the catalog built into backdrop.",
            valueName: "content"), completion: .directory)
    var contentFolder: String?

    /// The content folder of a command that needs one (build, serve, check, calibrate --into):
    /// `--content`, or `content` in the working folder.
    var content: String { contentFolder ?? CatalogChoice.defaultFolder }

    /// The catalog this command reads (``CatalogChoice``): the folder given, else ./content, else the built-in one.
    var choice: CatalogChoice { CatalogChoice(given: contentFolder, local: CatalogChoice.defaultFolder) }

    var source: CatalogChoice.Source { choice.source }

    /// Loads the catalog for `use` and says what ``CatalogChoice/load(_:needsFolder:)`` says of
    /// it on standard error; a catalog only consulted that could not be read at all ends the command.
    func loadCatalog(_ use: CatalogChoice.Use = .reported, needsFolder: Bool = false) throws(ExitCode) -> Catalog {
        let loaded = choice.load(use, needsFolder: needsFolder)
        for line in loaded.lines { printError(line) }
        if loaded.fails { throw ExitCode.failure }
        return loaded.catalog
    }

    /// Loads the catalog and prints its errors; a catalog with an error ends the command with exit
    /// status 1, before it writes anything. With `needsFolder` (the command writes into the
    /// content folder), from the content folder even where there is none, which is then the error.
    func loadCatalogWithoutErrors(needsFolder: Bool = false) throws(ExitCode) -> Catalog {
        let catalog = try loadCatalog(needsFolder: needsFolder)
        if catalog.diagnostics.hasErrors { throw ExitCode.failure }
        return catalog
    }
}

import ArgumentParser
import BuiltInFiles
import Catalog
import Gallery

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
            valueName: "content"))
    var contentFolder: String?

    /// The content folder of a command that needs one (build, serve, check, calibrate --into):
    /// `--content`, or `content` in the working folder.
    var content: String { contentFolder ?? BuildOptions.defaultContent }

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

    /// Where the catalog comes from.
    enum Source: Equatable {
        /// A content folder: the one `--content` names, or `content` in the working folder.
        case folder(String)
        /// The catalog compiled into the binary: the bundled content of the tool's version.
        case builtIn

        /// The name diagnostics and messages give the catalog's folder: its path, or "built into
        /// backdrop".
        var label: String {
            switch self {
            case .folder(let path): path
            case .builtIn: "built into backdrop"
            }
        }
    }

    /// The catalog a command that only reads it uses: the folder `--content` names (whether or not
    /// it exists, so that a mistyped folder is reported, never replaced), else `content` in the
    /// working folder when there is one, else the built-in catalog.
    var source: Source {
        if let contentFolder { return .folder(contentFolder) }
        return ContentFolder.kind(BuildOptions.defaultContent) == nil ? .builtIn : .folder(BuildOptions.defaultContent)
    }

    /// Loads the catalog from ``source`` (from ``content`` when the command works on the folder
    /// itself: `needsFolder`, or `.silent` for `check`) and prints its errors as `use` says; the
    /// caller decides the exit code. Says on standard error which catalog it is, with its data
    /// version, unless `use` is `.silent`. A catalog of which no profile could be read (a
    /// `--content` folder that does not exist, say) ends a command that consults it with exit
    /// status 1: comparing a screenshot with nothing would blame the screenshot.
    func loadCatalog(_ use: Use = .reported, needsFolder: Bool = false) throws(ExitCode) -> Catalog {
        let source = use == .silent || needsFolder ? .folder(content) : source
        let catalog: Catalog
        switch source {
        case .folder(let path): catalog = Catalog.load(content: path)
        case .builtIn: catalog = Catalog.load(builtIn: BuiltInFiles.files(under: BuildOptions.defaultContent), label: source.label)
        }
        guard use != .silent else { return catalog }
        let version = catalog.versions.current.map { " (geometry data \($0))" } ?? ""
        switch source {
        case .folder(let path): printError("catalog: \(path)\(version)")
        case .builtIn: printError("catalog: the one built into backdrop\(version); no content folder here (give --content to use another)")
        }
        let unread = catalog.devices.isEmpty && catalog.diagnostics.hasErrors
        for var diagnostic in catalog.diagnostics where diagnostic.severity == .error {
            if use == .consulted, !unread { diagnostic.severity = .warning }
            printError(diagnostic.description)
        }
        if use == .consulted, unread { throw ExitCode.failure }
        return catalog
    }

    /// Loads the catalog and prints its errors; a catalog with an error ends the command with exit
    /// status 1, before it writes anything.
    func loadCatalogWithoutErrors() throws(ExitCode) -> Catalog {
        let catalog = try loadCatalog()
        if catalog.diagnostics.hasErrors { throw ExitCode.failure }
        return catalog
    }
}

import BuiltInFiles
import CheckCodes

/// Which catalog a command reads, and what it says of it: the content folder given, else the
/// working folder's `content/` when there is one, else the catalog built into the binary (so that
/// an installed `backdrop` works anywhere).
public struct CatalogChoice: Sendable {
    /// Where the catalog comes from.
    public enum Source: Equatable, Sendable {
        case folder(String)
        case builtIn

        /// How messages name it: the folder, or "built into backdrop" (words for a person, never
        /// a path: the built-in catalog has no folder).
        public var label: String {
            switch self {
            case .folder(let path): path
            case .builtIn: "built into backdrop"
            }
        }
    }

    /// What the command does with the catalog, which decides what is said of it.
    public enum Use: Sendable {
        /// Its name and version are said, and its errors are errors.
        case reported
        /// Its name and version are said, and its errors are said as warnings (the command only
        /// looks things up), unless nothing of it could be read.
        case consulted
        /// Nothing is said (the command reports the findings itself); always read from the folder.
        case silent
    }

    /// The content folder a command reads when none is given, in the working folder.
    public static let defaultFolder = "content"

    /// The package's folder the built-in catalog was taken from: its files' names in
    /// ``BuiltInFiles`` start with it, wherever the command runs. A name, never a path here.
    static let builtInFolder = "content"

    /// The folder the command was given (`--content`), if any.
    public var given: String?
    /// The working folder's content folder (`content`), used when there is one.
    public var local: String

    public init(given: String?, local: String) {
        self.given = given
        self.local = local
    }

    /// The folder given, else ``local`` when it exists, else the built-in catalog.
    public var source: Source {
        if let given { return .folder(given) }
        return ContentFolder.kind(local) == nil ? .builtIn : .folder(local)
    }

    /// A catalog read for a use, with the lines to say of it on standard error.
    public struct Loaded: Sendable {
        public var catalog: Catalog
        /// The catalog's name and data version, then its errors (as warnings when only consulted).
        public var lines: [String]
        /// Whether the command must stop: the catalog was only consulted, and nothing of it could
        /// be read; or the command writes into the content folder, and there is none.
        public var fails: Bool
    }

    /// Reads the catalog for `use`; with `needsFolder` (it is written into), from the content
    /// folder even where none exists, so that the folder's own problems are said, and the
    /// command stops where there is no folder: the built-in catalog has none to write into.
    public func load(_ use: Use, needsFolder: Bool = false) -> Loaded {
        let content = given ?? local
        let source = use == .silent || needsFolder ? .folder(content) : source
        let catalog: Catalog
        switch source {
        case .folder(let path): catalog = Catalog.load(content: path)
        case .builtIn: catalog = Catalog.load(builtIn: BuiltInFiles.files(under: Self.builtInFolder), label: source.label)
        }
        guard use != .silent else { return Loaded(catalog: catalog, lines: [], fails: false) }
        let version = catalog.versions.current.map { " (geometry data \($0))" } ?? ""
        var lines: [String]
        switch source {
        case .folder(let path): lines = ["catalog: \(path)\(version)"]
        case .builtIn: lines = ["catalog: the one built into backdrop\(version); no content folder here (give --content to use another)"]
        }
        let unread = catalog.devices.isEmpty && catalog.diagnostics.hasErrors
        for var diagnostic in catalog.diagnostics where diagnostic.severity == .error {
            if use == .consulted, !unread { diagnostic.severity = .warning }
            lines.append(diagnostic.description)
        }
        let noFolder = needsFolder && ContentFolder.kind(content) == nil
        if noFolder {
            lines.append(
                "this command writes into the content folder, and there is none here (\(content) does not exist; the catalog built into backdrop has no folder): "
                    + "run it where a content/ folder is, or give --content DIR")
        }
        return Loaded(catalog: catalog, lines: lines, fails: use == .consulted && unread || noFolder)
    }
}

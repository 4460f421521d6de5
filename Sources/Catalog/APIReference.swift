import Foundation

/// The WidgetGeometry library's public symbols with their doc comments:
/// `docs/api/WidgetGeometry.symbols.json` of the package, made from the module's symbol graph by
/// `scripts/api-symbols.sh`. Like the library's API files, it is read from the package the binary
/// was built from (``WidgetGeometrySource/packageRoot``), not from the content folder.
public struct APIReference: Decodable, Hashable, Sendable {
    /// One public symbol.
    public struct Symbol: Decodable, Hashable, Sendable {
        /// Its path from the module, e.g. `WidgetGeometry.Layout.slot(_:)`.
        public var path: String
        /// Its kind as the symbol graph names it, e.g. "Instance Method".
        public var kind: String
        /// Its declaration.
        public var declaration: String
        /// Its doc comment, Markdown; empty when it has none.
        public var doc: String
    }

    /// The module, `WidgetGeometry`.
    public var module: String
    /// Every public symbol, sorted by path.
    public var symbols: [Symbol]

    /// The file, relative to the package root.
    public static let file = "docs/api/WidgetGeometry.symbols.json"

    /// Reads the reference; a missing, unreadable or malformed file is an error naming it.
    public static func read(packageRoot: String = WidgetGeometrySource.packageRoot) -> (reference: APIReference?, diagnostics: [Diagnostic]) {
        let folder = ContentFolder(packageRoot)
        let path = folder.path(of: file)
        let text: String
        do {
            text = try folder.text(file, limit: ContentFolder.maximumPageBytes)
        } catch {
            return (nil, [Diagnostic(file: path, check: error.check, message: "the API reference \(error)")])
        }
        do {
            return (try JSONDecoder().decode(APIReference.self, from: Data(text.utf8)), [])
        } catch {
            return (
                nil,
                [
                    Diagnostic(
                        file: path, check: ContentCheck.badValue,
                        message: "is not the symbol list scripts/api-symbols.sh writes (\(error)); regenerate it with bash scripts/api-symbols.sh")
                ]
            )
        }
    }
}

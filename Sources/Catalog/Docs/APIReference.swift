import BuiltInFiles
import CheckCodes
import Foundation

/// The WidgetGeometry library's public symbols with their doc comments:
/// `docs/api/WidgetGeometry.symbols.json` of the package, made from the module's symbol graph by
/// `scripts/api-symbols.sh`. Like the library's API files, it is compiled into the binary
/// (``BuiltInFiles``), so that the tool needs no checkout; it is not read from the content folder.
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

    /// The reference compiled into the binary.
    public static func builtIn() -> (reference: APIReference?, diagnostics: [Diagnostic]) {
        guard let text = BuiltInFiles.text(file) else {
            return (nil, [Diagnostic(file: file, check: ContentCheck.unreadableFile, message: "the API reference was not compiled into this binary")])
        }
        return parse(text, file: file)
    }

    /// Reads the reference from a package folder; a missing, unreadable or malformed file is an
    /// error naming it.
    public static func read(packageRoot: String) -> (reference: APIReference?, diagnostics: [Diagnostic]) {
        let folder = ContentFolder(packageRoot)
        do {
            return parse(try folder.pageText(file, what: "the API reference"), file: folder.path(of: file))
        } catch {
            return (nil, [error])
        }
    }

    /// Decodes the reference's text; a malformed one is an error naming `file`.
    private static func parse(_ text: String, file path: String) -> (reference: APIReference?, diagnostics: [Diagnostic]) {
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

import CheckCodes
import Foundation
import Yams

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// A Markdown page of `content/docs/` (such as `guide.md`): its name (the file name without
/// `.md`), its typed front matter and its Markdown, read but not yet rendered.
public struct DocsPage: Hashable, Sendable {
    /// The file name without `.md`; the page is published at ``DocsPage/sitePath(_:)``.
    public var name: String
    public var title: String
    /// Where the page comes in the docs navigation: lower first, then by name. Default 100.
    public var order: Int
    public var file: String
    public var body: String
    public var outline: MarkdownOutline

    /// The order of a page whose front matter gives none.
    public static let defaultOrder = 100
    /// The orders a page may give.
    public static let orders = 0...999
    /// The keys a docs page's front matter may have.
    static let keys = ["title", "order"]

    /// Where the page named `name` is in the site.
    public static func sitePath(_ name: String) -> String { "docs/\(name)/index.html" }

    /// Reads `docs/<name>.md` of the content folder; problems are returned with their lines.
    public static func read(_ name: String, in folder: ContentFolder) -> (page: DocsPage?, diagnostics: [Diagnostic]) {
        let relative = "docs/\(name).md"
        do {
            return parse(try folder.pageText(relative, what: "the page"), name: name, file: folder.path(of: relative))
        } catch {
            return (nil, [error])
        }
    }

    /// Reads a docs page's text, as if it were the file `file`.
    public static func parse(_ text: String, name: String, file path: String) -> (page: DocsPage?, diagnostics: [Diagnostic]) {
        guard let split = FrontMatterSplit(text) else {
            return (
                nil,
                [
                    Diagnostic(
                        file: path, line: 1, check: ContentCheck.frontMatterDelimiters,
                        message: "a page must start with front matter between two `---` lines, with its `title`")
                ]
            )
        }
        var reader = FrontMatterReader(file: path, device: nil, yamlFirstLine: split.yamlFirstLine)
        guard let root = reader.compose(split.yaml, required: ["title"]),
            let entries = reader.entries(of: root, what: "the front matter", allowed: keys, required: ["title"])
        else {
            return (nil, reader.problems)
        }
        let title = entries["title"].flatMap { reader.string($0.value, what: "`title`") }
        let order = entries["order"].map { reader.integer($0.value, what: "`order`", in: orders) } ?? defaultOrder
        guard let title, let order, reader.problems.isEmpty else { return (nil, reader.problems) }
        let page = DocsPage(
            name: name, title: title, order: order, file: path, body: split.body,
            outline: MarkdownOutline(split.body, firstLine: split.bodyFirstLine))
        return (page, page.outline.removedDiagnostics(file: path))
    }
}

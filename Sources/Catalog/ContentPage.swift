import Foundation
import SlotGeometry
import Yams

/// A Markdown page of the content folder (such as `guide.md`): a title from its front matter and
/// its body rendered to HTML.
public struct ContentPage: Hashable, Sendable {
    public var title: String
    /// The body as HTML (raw HTML in the Markdown is not passed through).
    public var html: String
    public var file: String

    /// Reads a page; problems are returned as diagnostics with their lines.
    public static func read(path: String) -> (page: ContentPage?, diagnostics: [Diagnostic]) {
        guard let data = FileManager.default.contents(atPath: path) else {
            return (nil, [Diagnostic(file: path, code: ContentCheck.unreadableFile.code, message: "the page does not exist or cannot be read")])
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return (nil, [Diagnostic(file: path, code: ContentCheck.unreadableFile.code, message: "is not UTF-8 text")])
        }
        guard let split = FrontMatterSplit(text) else {
            return (nil, [Diagnostic(file: path, line: 1, code: ContentCheck.frontMatterDelimiters.code, message: "a page must start with front matter between two `---` lines, with its `title`")])
        }
        var reader = FrontMatterReader(file: path, device: "", yamlFirstLine: split.yamlFirstLine)
        guard let root = reader.compose(split.yaml),
            let entries = reader.entries(of: root, what: "the front matter", allowed: ["title"], required: ["title"]),
            let title = entries["title"].flatMap({ reader.string($0.value, what: "`title`") })
        else {
            return (nil, reader.problems.map { var d = $0; d.device = nil; return d })
        }
        return (ContentPage(title: title, html: Markdown.html(split.body), file: path), [])
    }
}

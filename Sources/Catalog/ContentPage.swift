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

    /// Reads a page of the content folder; problems are returned as diagnostics with their lines.
    public static func read(_ relative: String, in folder: ContentFolder) -> (page: ContentPage?, diagnostics: [Diagnostic]) {
        let path = folder.path(of: relative)
        let text: String
        do {
            text = try folder.text(relative, limit: ContentFolder.maximumPageBytes)
        } catch {
            return (nil, [Diagnostic(file: path, check: error.check, message: "the page \(error)")])
        }
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
            let entries = reader.entries(of: root, what: "the front matter", allowed: ["title"], required: ["title"]),
            let title = entries["title"].flatMap({ reader.string($0.value, what: "`title`") })
        else {
            return (nil, reader.problems)
        }
        return (ContentPage(title: title, html: Markdown.html(split.body), file: path), [])
    }
}

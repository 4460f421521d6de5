import CMark
import Foundation

/// Renders CommonMark to HTML with libcmark.
///
/// Raw HTML in the source is never passed through: cmark's safe mode (the default since 0.29)
/// replaces it with a comment, and drops `javascript:` and similar links.
public enum Markdown {
    /// The HTML for a Markdown text, with smart punctuation.
    public static func html(_ markdown: String) -> String {
        let options = CMARK_OPT_SMART | CMARK_OPT_VALIDATE_UTF8
        let length = markdown.utf8.count
        guard let rendered = markdown.withCString({ cmark_markdown_to_html($0, length, options) }) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }
}

import CMark
import Foundation

/// Renders CommonMark to HTML with libcmark.
///
/// Raw HTML in the source is never passed through: cmark's safe mode (the default since 0.29)
/// replaces it with a comment. A link or image to a `javascript:` or similar address is left
/// out, its text kept (cmark's safe mode would keep the element with an empty address).
public enum Markdown {
    /// The HTML for a Markdown text, with smart punctuation.
    public static func html(_ markdown: String) -> String {
        html(markdown, headingIDs: [], links: { _ in nil })
    }

    /// The HTML for a docs page: each heading gets the next of `headingIDs` as its id and a `#`
    /// link to itself, and each link destination `links` returns a value for is replaced by it.
    public static func html(_ markdown: String, headingIDs: [String], links: (String) -> String?) -> String {
        var leftOut: [OpaquePointer] = []
        let rendered = MarkdownTree.walk(markdown) { node in
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE else { return }
            let url = MarkdownTree.url(of: node)
            if MarkdownTree.isUnsafe(url) { return leftOut.append(node) }
            guard type == CMARK_NODE_LINK, let replacement = links(url) else { return }
            cmark_node_set_url(node, replacement)
        } finish: { document -> String in
            // Changed once the walk is over, as cmark wants: each element left out, its text kept.
            for node in leftOut { MarkdownTree.unwrap(node) }
            guard let html = cmark_render_html(document, MarkdownTree.options) else { return "" }
            defer { free(html) }
            return String(cString: html)
        }
        return scrollable(anchored(rendered, ids: headingIDs))
    }

    /// Makes every code block reachable by keyboard (`tabindex="0"`), since a long line scrolls
    /// it sideways. cmark escapes `<` in text and code, so each `<pre>` is a code block of the tree.
    static func scrollable(_ html: String) -> String {
        html.replacing("<pre>", with: #"<pre tabindex="0">"#)
    }

    /// Adds ids and self-links to the headings of cmark's HTML, in order. cmark writes a heading
    /// as a bare `<hN>` and escapes `<` in text and code, so each `<hN>` is a heading of the tree.
    static func anchored(_ html: String, ids: [String]) -> String {
        var output = ""
        var rest = Substring(html)
        var ids = ids[...]
        while let id = ids.first, let open = rest.firstRange(of: #/<h([1-6])>/#) {
            let level = rest[open].dropFirst(2).prefix(1)
            guard let close = rest[open.upperBound...].range(of: "</h\(level)>") else { break }
            let escaped = id.replacing("&", with: "&amp;").replacing("\"", with: "&quot;")
            output += rest[..<open.lowerBound]
            output += "<h\(level) id=\"\(escaped)\">" + rest[open.upperBound..<close.lowerBound]
            output += " <a class=\"anchor\" href=\"#\(escaped)\" title=\"Link to this section\">#</a></h\(level)>"
            rest = rest[close.upperBound...]
            ids = ids.dropFirst()
        }
        return output + rest
    }
}

import CMark
import CheckCodes
import Foundation

/// What a docs page's Markdown holds that the site links to and from: its headings and its links,
/// each with its line in the file, read from libcmark's syntax tree.
public struct MarkdownOutline: Hashable, Sendable {
    /// A heading, with its unique id on the page.
    public struct Heading: Hashable, Sendable {
        public var level: Int
        public var text: String
        public var id: String
        public var line: Int
    }

    /// A link's destination as written, and its line.
    public struct Link: Hashable, Sendable {
        public var destination: String
        public var line: Int
    }

    /// What the site leaves out of a page, safely but visibly to its author: raw HTML and links
    /// or images to a `javascript:`, `vbscript:`, `file:` or `data:` address (cmark's safe mode
    /// renders the first as a comment; ``Markdown`` keeps only the text of the second).
    public struct Removed: Hashable, Sendable {
        /// The HTML or the address, as written.
        public var text: String
        public var isHTML: Bool
        public var line: Int

        /// The warning's message: what is left out, and what to write instead.
        public var message: String {
            isHTML
                ? "raw HTML `\(TextRules.shortened(text.trimmingCharacters(in: .whitespacesAndNewlines)))` is left out of the page; write it in Markdown"
                : "the address `\(TextRules.shortened(text))` is left out of the page (a script or local address in a link or image); use an http or https link"
        }
    }

    public var headings: [Heading]
    public var links: [Link]
    /// Raw HTML and unsafe addresses, in document order.
    public var removed: [Removed]

    /// Reads the outline of a Markdown text whose first line is line `firstLine` of its file.
    public init(_ markdown: String, firstLine: Int = 1) {
        var found: [(level: Int, text: String, line: Int)] = []
        var links: [Link] = []
        var removed: [Removed] = []
        MarkdownTree.walk(markdown) { node in
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE {
                let html = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
                if !MarkdownTree.isComment(html) {
                    removed.append(Removed(text: html, isHTML: true, line: MarkdownTree.line(of: node, firstLine)))
                }
            } else if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE, MarkdownTree.isUnsafe(MarkdownTree.url(of: node)) {
                removed.append(Removed(text: MarkdownTree.url(of: node), isHTML: false, line: MarkdownTree.line(of: node, firstLine)))
            }
            switch type {
            case CMARK_NODE_HEADING:
                found.append((Int(cmark_node_get_heading_level(node)), MarkdownTree.plainText(of: node), MarkdownTree.line(of: node, firstLine)))
            case CMARK_NODE_LINK:
                links.append(Link(destination: MarkdownTree.url(of: node), line: MarkdownTree.line(of: node, firstLine)))
            default:
                break
            }
        }
        let ids = Slug.unique(found.map(\.text))
        headings = zip(found, ids).map { Heading(level: $0.level, text: $0.text, id: $1, line: $0.line) }
        self.links = links
        self.removed = removed
    }

    /// The warnings (F016) for what the site leaves out of a file's Markdown.
    public func removedDiagnostics(file: String, device: String? = nil) -> [Diagnostic] {
        removed.map { Diagnostic(file: file, line: $0.line, check: ContentCheck.removedMarkup, device: device, message: $0.message) }
    }

    /// The ids of every heading.
    public var anchors: Set<String> { Set(headings.map(\.id)) }
}

/// libcmark's syntax tree, walked in document order.
enum MarkdownTree {
    /// The options of every parse and render: smart punctuation, UTF-8 validated, raw HTML and
    /// dangerous links left out (cmark's safe mode is its default).
    static let options = CMARK_OPT_SMART | CMARK_OPT_VALIDATE_UTF8

    /// Parses the text, calls `visit` on every node as it is entered, and returns `finish`'s
    /// result for the (possibly changed) tree.
    @discardableResult
    static func walk<Result>(
        _ markdown: String, visit: (OpaquePointer) -> Void, finish: (OpaquePointer) -> Result = { _ in () }
    ) -> Result {
        let document = markdown.withCString { cmark_parse_document($0, markdown.utf8.count, options) }!
        defer { cmark_node_free(document) }
        let iterator = cmark_iter_new(document)!
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) { visit(node) }
        }
        return finish(document)
    }

    /// The node's line in its file.
    static func line(of node: OpaquePointer, _ firstLine: Int) -> Int {
        Int(cmark_node_get_start_line(node)) + firstLine - 1
    }

    /// Whether raw HTML is only a comment (`<!-- … -->`), which no page shows anyway.
    static func isComment(_ html: String) -> Bool {
        let trimmed = html.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.hasPrefix("<!--") && trimmed.hasSuffix("-->") && !trimmed.dropFirst(4).dropLast(3).contains("-->")
    }

    /// Whether cmark's safe mode empties this address: `javascript:`, `vbscript:`, `file:`, and
    /// `data:` except PNG, GIF, JPEG and WebP images (the rule of cmark's `_scan_dangerous_url`).
    static func isUnsafe(_ url: String) -> Bool {
        let lowered = url.lowercased()
        if ["javascript:", "vbscript:", "file:"].contains(where: lowered.hasPrefix) { return true }
        guard lowered.hasPrefix("data:") else { return false }
        return !["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains(where: lowered.hasPrefix)
    }

    /// Puts a node's children in its place and frees it: a link keeps its text, an image its
    /// description, without the element.
    static func unwrap(_ node: OpaquePointer) {
        while let child = cmark_node_first_child(node) {
            cmark_node_insert_before(node, child)
        }
        cmark_node_free(node)
    }

    /// A link's destination.
    static func url(of node: OpaquePointer) -> String {
        cmark_node_get_url(node).map { String(cString: $0) } ?? ""
    }

    /// The text of a node's inline content (text and code spans; breaks as spaces).
    static func plainText(of node: OpaquePointer) -> String {
        var text = ""
        var child = cmark_node_first_child(node)
        while let current = child {
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE: text += cmark_node_get_literal(current).map { String(cString: $0) } ?? ""
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: text += " "
            default: text += plainText(of: current)
            }
            child = cmark_node_next(current)
        }
        return text
    }
}

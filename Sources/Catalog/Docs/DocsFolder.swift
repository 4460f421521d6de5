import CheckCodes
import FileAccess
import Foundation

/// A page the docs pages may link to: a Markdown page of `content/docs/` or a page the build
/// generates (the checks reference), with the ids it has anchors for.
public struct DocsTarget: Hashable, Sendable {
    public var name: String
    public var title: String
    public var order: Int
    public var anchors: Set<String>

    public init(name: String, title: String, order: Int, anchors: Set<String>) {
        self.name = name
        self.title = title
        self.order = order
        self.anchors = anchors
    }
}

/// Every page of `content/docs/`, read and with its links checked: a link to another page
/// (`device-profiles.md`, `device-profiles.md#screenshots`, `#keys`) must name a page and a
/// heading that exist, and is rewritten to the page's URL in the site.
public struct DocsFolder: Sendable {
    /// The Markdown pages, in navigation order.
    public var pages: [DocsPage]
    /// Every page the docs navigation lists, Markdown and generated, in order.
    public var targets: [DocsTarget]
    public var diagnostics: [Diagnostic]

    /// The page the site's navigation calls the guide; every content folder has it.
    public static let guide = "guide"

    /// Reads every `.md` file of `<content>/docs/` and checks the links between them and to the
    /// `generated` pages.
    public static func load(content: String, generated: [DocsTarget] = []) -> DocsFolder {
        let folder = ContentFolder(content)
        let directory = folder.path(of: "docs")
        var diagnostics: [Diagnostic] = []
        var pages: [DocsPage] = []
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let generatedNames = Set(generated.map(\.name))
        for file in names.sorted() where file.hasSuffix(".md") && !file.hasPrefix(".") {
            let name = String(file.dropLast(3))
            let path = PathName.joining(directory, file)
            guard Catalog.isValidID(name), !generatedNames.contains(name) else {
                let reason =
                    generatedNames.contains(name)
                    ? "`\(name)` is the name of a page the build generates"
                    : "`\(name)` is not a valid page name: use lower-case letters, digits and single dashes (e.g. device-profiles.md)"
                diagnostics.append(Diagnostic(file: path, check: ContentCheck.fileName, message: reason))
                continue
            }
            let read = DocsPage.read(name, in: folder)
            diagnostics += read.diagnostics.limitedPerFile()
            if let page = read.page { pages.append(page) }
        }
        if !names.contains(guide + ".md") {
            diagnostics.append(
                Diagnostic(
                    file: folder.path(of: "docs/\(guide).md"), check: ContentCheck.unreadableFile,
                    message: "the guide is missing: the site's navigation links to it"))
        }
        var docs = check(pages: pages, generated: generated)
        docs.diagnostics = diagnostics + docs.diagnostics
        return docs
    }

    /// The pages in order, with the problems of their links to each other and to `generated`.
    public static func check(pages: [DocsPage], generated: [DocsTarget]) -> DocsFolder {
        let pages = pages.sorted { ($0.order, $0.name) < ($1.order, $1.name) }
        let targets = (pages.map { DocsTarget(name: $0.name, title: $0.title, order: $0.order, anchors: $0.outline.anchors) } + generated)
            .sorted { ($0.order, $0.name) < ($1.order, $1.name) }
        var docs = DocsFolder(pages: pages, targets: targets, diagnostics: [])
        docs.diagnostics = pages.flatMap { page in page.outline.links.compactMap { docs.problem(with: $0, on: page) } }
        return docs
    }

    /// The page's body as HTML, with heading anchors and its links to docs pages rewritten.
    public func html(of page: DocsPage) -> String {
        Markdown.html(page.body, headingIDs: page.outline.headings.map(\.id)) { destination in
            guard case .page(let name, let fragment) = DocsLinkTarget(destination, page: page.name) else { return nil }
            return Self.url(of: name, fragment: fragment, from: page.name)
        }
    }

    /// The relative URL of a docs page (and heading), from the docs page `origin`.
    public static func url(of name: String, fragment: String?, from origin: String) -> String {
        let anchor = fragment.map { "#" + $0 } ?? ""
        return name == origin ? (fragment == nil ? "index.html" : anchor) : "../\(name)/index.html\(anchor)"
    }

    /// The problem with one link of a page, if it has one.
    private func problem(with link: MarkdownOutline.Link, on page: DocsPage) -> Diagnostic? {
        let message: String
        switch DocsLinkTarget(link.destination, page: page.name) {
        case .elsewhere:
            return nil
        case .outside(let path):
            message = "links to `\(path)`, a Markdown file outside content/docs/; docs pages link to each other by file name"
        case .page(let name, let fragment):
            guard let target = targets.first(where: { $0.name == name }) else {
                let known = targets.map { "\($0.name).md" }.joined(separator: ", ")
                return Diagnostic(
                    file: page.file, line: link.line, check: ContentCheck.docsLink,
                    message: "links to `\(link.destination)`, but there is no docs page \(name).md (there are \(known))")
            }
            guard let fragment, !target.anchors.contains(fragment) else { return nil }
            let suggestion = Suggestion.closest(to: fragment, among: target.anchors.sorted()).map { "; did you mean `#\($0)`?" } ?? ""
            message = "links to `\(link.destination)`, but \(name) has no heading with the id `\(fragment)`\(suggestion)"
        }
        return Diagnostic(file: page.file, line: link.line, check: ContentCheck.docsLink, message: message)
    }
}

/// Where a link of a docs page goes, as far as the docs are concerned.
enum DocsLinkTarget: Equatable {
    /// A docs page by name (`guide.md`, `./guide.md#x`, or the page itself for `#x`).
    case page(name: String, fragment: String?)
    /// A Markdown file that is not a docs page (`../README.md`).
    case outside(String)
    /// Anything else: other site pages, external URLs.
    case elsewhere

    /// Classifies a destination written on the docs page `page` (`#x` alone links into it).
    init(_ destination: String, page: String) {
        let parts = destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        var path = String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : nil
        if destination.firstMatch(of: #/^[A-Za-z][A-Za-z0-9+.\-]*:/#) != nil || path.hasPrefix("/") {
            self = .elsewhere
            return
        }
        if path.hasPrefix("./") { path.removeFirst(2) }
        if path.isEmpty {
            self = .page(name: page, fragment: fragment)
        } else if path.hasSuffix(".md") {
            self = path.contains("/") ? .outside(path) : .page(name: String(path.dropLast(3)), fragment: fragment)
        } else {
            self = .elsewhere
        }
    }
}

import Catalog
import Checks
import SlotGeometry

/// The view models of the docs pages: the Markdown pages of `content/docs/` and the checks
/// reference, each with the docs navigation and, when long, a table of contents.
struct DocsPages {
    let docs: DocsFolder

    /// A page gets a table of contents from this many h2 and h3 headings.
    static let tocMinimum = 3
    /// From a docs page to the site's root.
    static let root = "../../"

    func page(_ page: DocsPage) -> DocPage {
        let entries = page.outline.headings.filter { (2...3).contains($0.level) }.map {
            TocEntry(id: $0.id, text: $0.text, level: "toc-\($0.level)")
        }
        return DocPage(
            root: Self.root, pageTitle: "\(page.title) — Backdrop", title: page.title, hasToc: entries.count >= Self.tocMinimum,
            toc: entries, bodyHTML: docs.html(of: page), docsNav: navigation(current: page.name), families: [])
    }

    func checksReference() -> DocPage {
        let families = AllChecks.byFamily().map { family, checks in
            CheckFamilySection(
                id: Slug.make(family), title: family,
                checks: checks.map { check in
                    CheckRow(
                        code: check.code, severity: check.severity.rawValue, title: check.title,
                        explanationHTML: Markdown.html(check.explanation), example: BuildExamples.line(for: check.code) ?? "",
                        hasExample: BuildExamples.line(for: check.code) != nil)
                })
        }
        let target = CheckReference.docsTarget
        return DocPage(
            root: Self.root, pageTitle: "\(target.title) — Backdrop", title: target.title, hasToc: families.count >= Self.tocMinimum,
            toc: families.map { TocEntry(id: $0.id, text: $0.title, level: "toc-2") },
            bodyHTML: Markdown.html(CheckReference.introduction), docsNav: navigation(current: target.name), families: families)
    }

    private func navigation(current: String) -> [DocsNavLink] {
        docs.targets.map { target in
            DocsNavLink(
                title: target.title, link: DocsFolder.url(of: target.name, fragment: nil, from: current), isCurrent: target.name == current)
        }
    }
}

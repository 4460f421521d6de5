import Catalog
import CheckCodes
import Checks
import Foundation
import Gallery
import TestFolders
import Testing

@Suite struct DocsSiteTests {
    func page(_ path: String) throws -> String {
        try String(contentsOf: try BundledSite.built.get().output.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func everyDocsPageHasTheNavigationAndAnchoredHeadings() throws {
        let docs = DocsFolder.load(content: packageRoot.appendingPathComponent("content").path, generated: [CheckReference.docsTarget])
        for target in docs.targets {
            let html = try page(DocsPage.sitePath(target.name))
            #expect(html.contains(#"<a href="index.html" aria-current="page">\#(target.title)</a>"#), "\(target.name)")
            for other in docs.targets where other.name != target.name {
                #expect(html.contains(#"<a href="../\#(other.name)/index.html">"#), "\(target.name) links to \(other.name)")
            }
        }
        for doc in docs.pages {
            let html = try page(DocsPage.sitePath(doc.name))
            for heading in doc.outline.headings {
                #expect(html.contains(##"<h\##(heading.level) id="\##(heading.id)">"##), "\(doc.name): \(heading.text)")
                #expect(html.contains(##"<a class="anchor" href="#\##(heading.id)""##), "\(doc.name): \(heading.text)")
            }
        }
    }

    @Test func longPagesHaveATableOfContents() throws {
        let profiles = try page("docs/device-profiles/index.html")
        #expect(profiles.contains(#"<nav class="toc" aria-label="On this page">"#))
        #expect(profiles.contains(##"<li class="toc-2"><a href="#numbers-and-their-sources">Numbers and their sources</a></li>"##))
    }

    @Test func aShortPageHasNoTableOfContentsAndComesInItsOrder() throws {
        let small = try SmallContent.built()
        defer { small.remove() }
        let short = "---\ntitle: Short\norder: 0\n---\n## One\n\n## Two\n\nBack to [the guide](guide.md#taking-the-screenshots).\n"
        try short.write(to: small.content.appendingPathComponent("docs/short.md"), atomically: true, encoding: .utf8)
        _ = try small.build()
        let html = try String(contentsOf: small.output.appendingPathComponent("docs/short/index.html"), encoding: .utf8)
        #expect(!html.contains(#"class="toc""#), "two headings: no table of contents")
        #expect(html.contains(##"<h2 id="two">Two <a class="anchor" href="#two" title="Link to this section">#</a></h2>"##))
        #expect(html.contains(#"<a href="../guide/index.html#taking-the-screenshots">the guide</a>"#))
        let guide = try String(contentsOf: small.output.appendingPathComponent("docs/guide/index.html"), encoding: .utf8)
        let nav = try #require(guide.firstRange(of: #"<nav class="docs-nav""#))
        let first = try #require(guide[nav.upperBound...].firstRange(of: "<li>"))
        #expect(guide[first.upperBound...].hasPrefix(#"<a href="../short/index.html">Short</a>"#), "order 0 comes first")
    }

    @Test func linksBetweenDocsPagesAreRewrittenToTheirURLs() throws {
        let profiles = try page("docs/device-profiles/index.html")
        #expect(profiles.contains(#"href="../contributing/index.html#recording-a-measurement""#))
        #expect(profiles.contains(#"href="../checks/index.html""#))
        #expect(!profiles.contains(#".md""#), "no link is left pointing at a Markdown file")
    }

    @Test func theChecksReferenceHasARowForEveryCodeAndTheReportLinksToThem() throws {
        let reference = try page("docs/checks/index.html")
        for check in AllChecks.infos {
            #expect(reference.contains(#"<tr id="\#(check.code)">"#), "\(check.code)")
            let example = BuildExamples.all[check.code]
            #expect(example != nil, "\(check.code) has an example")
            if let example {
                let escaped = example.description.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
                    .replacing("\"", with: "&quot;").replacing("'", with: "&#39;")
                #expect(reference.contains("For example: <code>\(escaped)</code>"), "\(check.code)")
            }
        }
        let report = try page("checks/index.html")
        #expect(report.contains(#"<a href="../docs/checks/index.html">checks reference</a>"#))
    }

    @Test func aBrokenLinkInADocsPageFailsTheBuildWithItsFileAndLine() throws {
        let small = try SmallContent.built()
        defer { small.remove() }
        let guide = small.content.appendingPathComponent("docs/guide.md")
        let text = try String(contentsOf: guide, encoding: .utf8)
        try (text + "\nSee [the keys](device-profiles.md#key).\n").write(to: guide, atomically: true, encoding: .utf8)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).count + 1
        do {
            _ = try small.build()
            Issue.record("the build with a broken link succeeded")
        } catch {
            #expect(
                error.diagnostics.filter { $0.severity == .error }.map(\.description) == [
                    "\(guide.path):\(line): error[F014] links to `device-profiles.md#key`, but device-profiles has no heading with the id `key`; did you mean `#keys`?"
                ])
        }
    }
}

import Catalog
import Foundation
import TestFolders
import Testing

/// Runs `body` with a temporary content folder holding only the given docs pages.
private func withDocsFolder(_ pages: [String: String], _ body: (URL) throws -> Void) throws {
    try withTemporaryFolder("docs") { folder in
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("docs"), withIntermediateDirectories: true)
        for (name, text) in pages {
            try text.write(to: folder.appendingPathComponent("docs/\(name)"), atomically: true, encoding: .utf8)
        }
        try body(folder)
    }
}

private let guide = """
    ---
    title: The guide
    order: 10
    ---
    Read [the format](format.md), its [keys](format.md#the-keys) and
    [this part](#second-part) or the [checks](checks.md#G005).

    ## First part

    ## Second part
    """

private let format = """
    ---
    title: The format
    ---
    ## The keys

    Back to [the guide](./guide.md#first-part); [elsewhere](../../index.html), [out](https://example.com/x.md).
    """

private let checks = DocsTarget(name: "checks", title: "Checks", order: 900, anchors: ["G005"])

@Suite struct DocsFolderTests {
    @Test func readsPagesInOrderWithTheirTitles() throws {
        try withDocsFolder(["guide.md": guide, "format.md": format]) { folder in
            let docs = DocsFolder.load(content: folder.path, generated: [checks])
            #expect(docs.diagnostics.isEmpty, "\(docs.diagnostics)")
            #expect(docs.pages.map(\.name) == ["guide", "format"], "order 10 before the default 100")
            #expect(docs.targets.map(\.title) == ["The guide", "The format", "Checks"])
            #expect(docs.pages[1].order == DocsPage.defaultOrder)
        }
    }

    @Test func rewritesLinksBetweenPagesAndAnchorsHeadings() throws {
        try withDocsFolder(["guide.md": guide, "format.md": format]) { folder in
            let docs = DocsFolder.load(content: folder.path, generated: [checks])
            let html = docs.html(of: docs.pages[0])
            #expect(html.contains(##"<a href="../format/index.html">the format</a>"##))
            #expect(html.contains(##"<a href="../format/index.html#the-keys">keys</a>"##))
            #expect(html.contains(##"<a href="#second-part">this part</a>"##))
            #expect(html.contains(##"<a href="../checks/index.html#G005">checks</a>"##))
            #expect(html.contains(##"<h2 id="first-part">First part <a class="anchor" href="#first-part" title="Link to this section">#</a></h2>"##))
            let other = docs.html(of: docs.pages[1])
            #expect(other.contains(##"<a href="../guide/index.html#first-part">the guide</a>"##))
            #expect(other.contains(##"<a href="../../index.html">elsewhere</a>"##), "links to other site pages are left as written")
            #expect(other.contains(##"<a href="https://example.com/x.md">out</a>"##))
        }
    }

    @Test func aLinkToAMissingPageOrHeadingIsReportedWithItsLine() throws {
        let broken = """
            ---
            title: The guide
            ---
            Intro.

            See [the format](fromat.md) and
            the [keys](format.md#keys), [mine](#nowhere).
            And [the readme](../README.md).
            """
        try withDocsFolder(["guide.md": broken, "format.md": format]) { folder in
            let file = folder.appendingPathComponent("docs/guide.md").path
            let problems = DocsFolder.load(content: folder.path).diagnostics.filter { $0.file == file }
            #expect(problems.allSatisfy { $0.code == "F014" }, "\(problems)")
            #expect(
                problems.map { "\($0.line ?? 0): \($0.message)" } == [
                    "6: links to `fromat.md`, but there is no docs page fromat.md (there are format.md, guide.md)",
                    "7: links to `format.md#keys`, but format has no heading with the id `keys`",
                    "7: links to `#nowhere`, but guide has no heading with the id `nowhere`",
                    "8: links to `../README.md`, a Markdown file outside content/docs/; docs pages link to each other by file name",
                ])
        }
    }

    @Test func aNearMissAnchorGetsASuggestion() throws {
        try withDocsFolder(["guide.md": guide.replacing("format.md#the-keys", with: "format.md#the-key"), "format.md": format]) { folder in
            let problems = DocsFolder.load(content: folder.path, generated: [checks]).diagnostics
            #expect(
                problems.map(\.message) == [
                    "links to `format.md#the-key`, but format has no heading with the id `the-key`; did you mean `#the-keys`?"
                ])
        }
    }

    @Test func frontMatterProblemsAreReportedWithTheirLines() throws {
        try withDocsFolder([
            "guide.md": "---\ntitle: Guide\norder: first\n---\nText.\n",
            "untitled.md": "---\norder: 3\n---\n",
            "typo.md": "---\ntitle: T\nordre: 3\n---\n",
            "bare.md": "# No front matter\n",
        ]) { folder in
            let docs = DocsFolder.load(content: folder.path)
            #expect(docs.pages.isEmpty)
            let found = docs.diagnostics.map { "\(($0.file as NSString).lastPathComponent):\($0.line ?? 0) \($0.code) \($0.message)" }.sorted()
            #expect(
                found == [
                    "bare.md:1 F001 a page must start with front matter between two `---` lines, with its `title`",
                    "guide.md:3 F005 `order` must be a whole number from 0 to 999, got `first`",
                    "typo.md:3 F003 unknown key `ordre` in the front matter; did you mean `order`?",
                    "untitled.md:2 F004 the front matter lacks the required key `title`",
                ], "\(found)")
        }
    }

    @Test func pageNamesAreIDsAndCannotTakeAGeneratedPagesName() throws {
        try withDocsFolder(["guide.md": "---\ntitle: G\n---\n", "Read Me.md": "---\ntitle: R\n---\n", "checks.md": "---\ntitle: C\n---\n"]) {
            folder in
            let docs = DocsFolder.load(content: folder.path, generated: [checks])
            #expect(docs.pages.map(\.name) == ["guide"])
            #expect(Set(docs.diagnostics.map(\.code)) == ["F008"])
            #expect(docs.diagnostics.contains { $0.message == "`checks` is the name of a page the build generates" })
            #expect(docs.diagnostics.contains { $0.message.hasPrefix("`Read Me` is not a valid page name") })
        }
    }

    @Test func theGuideIsRequired() throws {
        try withDocsFolder(["format.md": format]) { folder in
            let problems = DocsFolder.load(content: folder.path).diagnostics
            #expect(problems.contains { $0.code == "F010" && $0.file.hasSuffix("docs/guide.md") && $0.message.contains("navigation links to it") })
        }
    }

    @Test func theBundledDocsHaveNoProblems() {
        let docs = DocsFolder.load(content: bundledContent, generated: [checks])
        #expect(docs.diagnostics.isEmpty, "\(docs.diagnostics)")
        #expect(docs.pages.map(\.name) == ["guide", "styles", "device-profiles", "contributing", "ios26-model", "icon-rule"])
    }
}

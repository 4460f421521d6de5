import Catalog
import Testing

@Suite struct MarkdownOutlineTests {
    @Test func slugsAreLowerCaseWordsJoinedByDashes() {
        #expect(Slug.make("Numbers and their sources") == "numbers-and-their-sources")
        #expect(Slug.make("Measuring with `backdrop calibrate`") == "measuring-with-backdrop-calibrate")
        #expect(Slug.make("iOS 18: “Small” icons — with labels") == "ios-18-small-icons-with-labels")
        #expect(Slug.make("¿?") == "section")
    }

    @Test func repeatedHeadingsGetNumberedIDs() {
        #expect(Slug.unique(["Notes", "Notes", "Notes-2", "Notes"]) == ["notes", "notes-2", "notes-2-2", "notes-3"])
    }

    @Test func headingsAndLinksCarryTheirLinesInTheFile() {
        let outline = MarkdownOutline("Intro [a](a.md)\nmore [b](b.md#x)\n\n## One `code`\n\n- item [c](#one-code)\n", firstLine: 5)
        #expect(outline.headings.map { "\($0.line) h\($0.level) \($0.id) \($0.text)" } == ["8 h2 one-code One code"])
        #expect(outline.links.map { "\($0.line) \($0.destination)" } == ["5 a.md", "6 b.md#x", "10 #one-code"])
    }

    @Test func headingsInCodeBlocksAreNotHeadings() {
        let markdown = "```html\n<h2>not a heading</h2>\n```\n\n## Real\n"
        #expect(MarkdownOutline(markdown).headings.map(\.id) == ["real"])
        let html = Markdown.html(markdown, headingIDs: ["real"]) { _ in nil }
        #expect(html.contains("&lt;h2&gt;not a heading&lt;/h2&gt;"))
        #expect(html.contains(##"<h2 id="real">Real <a class="anchor" href="#real" title="Link to this section">#</a></h2>"##))
    }

    @Test func rewrittenLinksStaySafe() {
        let html = Markdown.html("[x](javascript:alert(1)) [y](a.md)", headingIDs: []) { $0 == "a.md" ? "../a/index.html" : nil }
        #expect(!html.contains("javascript:"))
        #expect(html.contains(##"href="../a/index.html""##))
    }
}

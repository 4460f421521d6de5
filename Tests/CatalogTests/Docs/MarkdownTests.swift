import Catalog
import Testing

@Suite struct MarkdownTests {
    @Test func rendersCommonMark() {
        #expect(Markdown.html("# Title\n\nSome *text*.") == "<h1>Title</h1>\n<p>Some <em>text</em>.</p>\n")
    }

    @Test func rawHTMLIsNeverPassedThrough() {
        let html = Markdown.html("<script>alert(1)</script>\n\nHi <b onclick=\"x\">there</b>")
        #expect(!html.contains("<script"))
        #expect(!html.contains("onclick"))
        #expect(html.contains("raw HTML omitted"))
    }

    @Test func codeBlocksTakeKeyboardFocusSoTheyCanScroll() {
        let html = Markdown.html("Text\n\n```swift\nlet x = 1\n```\n\n    indented\n")
        #expect(html.contains(#"<pre tabindex="0"><code class="language-swift">let x = 1"#))
        #expect(html.contains(#"<pre tabindex="0"><code>indented"#))
        #expect(!html.contains("<pre>"))
    }

    @Test func dangerousLinksAreDropped() {
        #expect(!Markdown.html("[x](javascript:alert(1))").contains("javascript:"))
    }
}

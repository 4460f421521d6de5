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

    /// An address the page leaves out, and the forms a link or an image to it is written in.
    struct LeftOut: Sendable, CustomTestStringConvertible {
        var address: String
        var form: String
        var testDescription: String { "\(form) to \(address)" }

        /// The Markdown, and the text the page must keep of it.
        var markdown: (text: String, kept: String) {
            switch form {
            case "link": ("Before [the words](\(address)) after.", "the words")
            case "reference link": ("Before [the words][ref] after.\n\n[ref]: \(address)", "the words")
            case "autolink": ("Before <\(address)> after.", address.replacing("&", with: "&amp;"))
            case "image": ("Before ![the picture](\(address)) after.", "the picture")
            case "image in a link": ("Before [![the picture](\(address))](https://example.com/) after.", "the picture")
            default: ("Before [![the picture](pic.png) and words](\(address)) after.", "and words")
            }
        }
    }

    static let leftOut: [LeftOut] = [
        "javascript:alert(1)", "JavaScript:alert(1)", "vbscript:msgbox(1)", "file:///etc/passwd", "data:text/html;base64,PHNjcmlwdD4=",
    ].flatMap { address in
        ["link", "reference link", "autolink", "image", "image in a link", "link around an image"].map { LeftOut(address: address, form: $0) }
    }

    /// A link or image whose address is left out is dropped, its text kept: never an element with
    /// an empty address (`<a href="">`, `<img src="">`), in notes and in docs pages alike.
    @Test(arguments: leftOut) func aLinkOrImageLeftOutKeepsItsTextAndNoElement(_ link: LeftOut) {
        let (markdown, kept) = link.markdown
        for html in [Markdown.html(markdown), Markdown.html(markdown, headingIDs: [], links: { _ in nil })] {
            #expect(!html.contains("href=\"\"") && !html.contains("src=\"\""), "\(html)")
            #expect(html.contains(kept), "\(html)")
            #expect(html.contains("Before ") && html.contains(" after."), "\(html)")
            let elements = html.matches(of: /<(a|img)\b[^>]*>/).map { String($0.output.0) }
            #expect(elements.allSatisfy { !$0.lowercased().contains(link.address.lowercased().prefix(5)) }, "\(elements)")
            if link.form == "image in a link" {
                #expect(html.contains("<a href=\"https://example.com/\">the picture</a>"), "\(html)")
            } else if link.form == "link around an image" {
                #expect(html.contains("<img src=\"pic.png\" alt=\"the picture\" />"), "\(html)")
            }
        }
    }
}

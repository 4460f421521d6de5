import Catalog
import TestSupport
import Testing

/// Raw HTML and script or local link addresses in notes and docs pages: still left out of the
/// page, and now reported (F016, a warning) with the file and line.
@Suite struct RemovedMarkupTests {
    static let page = """
        ---
        title: Example
        ---
        Intro with <b>bold</b> words.

        <div class="box">
        a box
        </div>

        [click](javascript:alert(1)) and ![pic](data:text/html;base64,PHNjcmlwdD4=) and [file](FILE:///etc/passwd).

        <!-- a comment no page shows anyway -->
        [fine](https://example.com) ![fine](data:image/png;base64,iVBORw0KGgo=) `<code>` is text.
        """

    @Test func docsPagesReportWhatIsLeftOut() throws {
        let parsed = DocsPage.parse(Self.page, name: "example", file: "content/docs/example.md")
        #expect(parsed.page != nil, "a warning does not stop the page")
        let lines = parsed.diagnostics.map { "\($0.line ?? 0) \($0.severity.rawValue)[\($0.code)] \($0.message)" }
        #expect(
            lines == [
                "4 warning[F016] raw HTML `<b>` is left out of the page; write it in Markdown",
                "4 warning[F016] raw HTML `</b>` is left out of the page; write it in Markdown",
                "6 warning[F016] raw HTML `<div class=\"box\">U+000Aa boxU+000A</div>` is left out of the page; write it in Markdown",
                "10 warning[F016] the address `javascript:alert(1)` is left out of the page (a script or local address in a link or image); use an http or https link",
                "10 warning[F016] the address `data:text/html;base64,PHNjcmlwdD4=` is left out of the page (a script or local address in a link or image); use an http or https link",
                "10 warning[F016] the address `FILE:///etc/passwd` is left out of the page (a script or local address in a link or image); use an http or https link",
            ], "\(lines)")
        // Still removed from the page.
        let html = Markdown.html(parsed.page!.body)
        #expect(!html.contains("<b>") && !html.contains("<div") && !html.contains("javascript:") && !html.contains("text/html"))
    }

    @Test func profileNotesReportWhatIsLeftOut() throws {
        let original = try String(contentsOfFile: bundledContent + "/devices/iphone-se-1st-gen.md", encoding: .utf8)
        let line = original.split(separator: "\n", omittingEmptySubsequences: false).count + 1
        let text = original + "\n<script>alert(1)</script>\n"
        let diagnostics = Catalog.parse(text: text, file: "content/devices/x.md", id: "x", content: bundledContent).diagnostics
        let removed = diagnostics.filter { $0.code == "F016" }
        #expect(removed.map(\.line) == [line], "\(diagnostics.map(\.description))")
        #expect(removed.first?.description.hasPrefix("content/devices/x.md:\(line): warning[F016] x: raw HTML `<script>alert(1)</script>`") == true)
        #expect(Catalog.parse(text: original, file: "x.md", id: "x", content: bundledContent).diagnostics.filter { $0.code == "F016" }.isEmpty)
    }
}

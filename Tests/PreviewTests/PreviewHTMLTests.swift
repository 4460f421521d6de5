import Catalog
import CheckCodes
import Preview
import Testing

/// The preview's own HTML files, read from the target's resources, and their slots.
@Suite struct PreviewHTMLTests {
    static let pages: [(name: String, page: PreviewHTML, slots: [String: String])] = [
        ("reload-script", .reloadScript, ["reloadPath": Injection.reloadPath]),
        ("build-errors", .buildErrors, ["errors": "a.md: error[X001] broken"]),
        ("building", .building, [:]),
        ("build-failed", .buildFailed, [:]),
        ("not-found", .notFound, ["path": "/missing"]),
    ]

    @Test func everyFileIsReadWithoutItsFinalLineBreakAndFilledCompletely() {
        for (name, page, slots) in Self.pages {
            #expect(!page.text.isEmpty && !page.text.hasSuffix("\n"), "\(name)")
            let filled = page.filled(slots)
            #expect(!filled.contains("{{"), "\(name): \(filled)")
            for value in slots.values { #expect(filled.contains(value), "\(name)") }
        }
    }

    @Test func slotsAreFilledInOnePass() {
        #expect(PreviewHTML.notFound.filled(["path": "{{path}}"]).components(separatedBy: "{{path}}").count == 2, "a value is not searched again")
        #expect(PreviewHTML.notFound.filled([:]) == PreviewHTML.notFound.text, "a slot without a value stays")
        #expect(PreviewHTML.notFound.filled(["path": "/a"]).contains("No page at <code>/a</code>."))
    }

    @Test func theScriptAndTheOverlayAreBuiltFromTheFiles() {
        #expect(Injection.script.hasPrefix("<script>") && Injection.script.hasSuffix("</script>"))
        #expect(Injection.script.contains("location.host + \"/__backdrop/live\""))
        let overlay = Injection.overlay([
            Diagnostic(file: "a<b>.md", line: 3, check: ContentCheck.badValue, message: "bad & worse"),
            Diagnostic(file: "n.md", severity: .note, check: ContentCheck.unusedReference, message: "only a note"),
        ])
        #expect(overlay.hasPrefix("<div id=\"backdrop-build-errors\" role=\"alert\""))
        #expect(overlay.hasSuffix("<pre style=\"white-space:pre-wrap;margin:0\">a&lt;b&gt;.md:3: error[F005] bad &amp; worse</pre>\n</div>"))
    }
}

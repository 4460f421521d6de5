import Foundation
import Testing

@Suite struct MissingScreenshotTests {
    @Test func aLayoutWithoutScreenshotsStillGetsItsPage() throws {
        let small = try SmallContent()
        defer { small.remove() }
        let path = small.content.appendingPathComponent("devices/iphone-se-1st-gen.md")
        var text = try String(contentsOf: path, encoding: .utf8)
        text = text.replacingOccurrences(
            of: "screenshots:\n  light: screenshots/iphone-se-1st-gen-light.png\n  dark: screenshots/iphone-se-1st-gen-dark.png\n", with: "")
        try text.write(to: path, atomically: true, encoding: .utf8)
        let (report, _) = try small.build()
        #expect(report.crops == 0)
        let page = try String(contentsOf: small.output.appendingPathComponent("devices/iphone-se-1st-gen/index.html"), encoding: .utf8)
        #expect(page.contains(#"<rect class="frame""#), "the overlay is drawn on a neutral frame")
        #expect(page.contains("No light screenshot: a 640×1136 PNG at content/screenshots/iphone-se-1st-gen-light.png would fill it."))
        #expect(page.contains("No screenshot for this screen yet, so no crops."))
        #expect(page.contains(#"id="ios14-small-top-left""#), "the slot table is there")
    }
}

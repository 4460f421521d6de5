import Catalog
import NativePNG
import SlotGeometry

/// The example profile naming screenshots that fail each screenshot check once, read from memory.
enum ScreenshotExamples {
    static var findings: [(String, [Diagnostic])] {
        let light = "screenshots/example-phone-light.png"
        let dark = "screenshots/example-phone-dark.png"
        let both = "scale: 3\nscreenshots:\n  light: \(light)\n  dark: \(dark)\n"
        let small = png(width: 12, height: 26)
        return [
            ("S001", run(both, files: [dark: small])),
            ("S002", run(both, files: [light: Array("not a PNG".utf8), dark: small])),
            ("S003", run(both, files: [light: small, dark: small])),
            ("S004", run(both, files: [light: small, dark: png(width: 13, height: 26)])),
            ("S005", run("scale: 3\nscreenshots:\n  light: \(light)\n", files: [light: small])),
            ("S006", run("scale: 3\nscreenshots:\n  light: \(light)\n  dark: \(light)\n", files: [light: small])),
        ]
    }

    /// The screenshot findings of the example profile with `screenshots` in place of its
    /// `scale: 3` line, its files read from `files` (any other is missing).
    private static func run(_ screenshots: String, files: [String: [UInt8]]) -> [Diagnostic] {
        let text = ExampleProfile.text.replacing("scale: 3\n", with: screenshots)
        guard let document = Catalog.parse(text: text, file: ExampleProfile.file, id: ExampleProfile.id, content: "content").document else {
            return []
        }
        var result = ScreenshotCheckResult()
        ScreenshotChecks.check(
            document, catalog: Catalog(devices: [document], diagnostics: []),
            read: { relative throws(ContentFolder.ReadError) in
                guard let bytes = files[relative] else { throw .missing }
                return bytes
            }, into: &result)
        return result.diagnostics
    }

    /// A grey RGB PNG of the given size.
    private static func png(width: Int, height: Int) -> [UInt8] {
        let image = PNGRaster(width: width, height: height, format: .rgb8, pixels: [UInt8](repeating: 128, count: width * height * 3))
        return (try? image.encoded()) ?? []
    }
}

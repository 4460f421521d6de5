import Catalog
import Checks
import Foundation
import NativePNG
import SlotGeometry
import TestFolders
import Testing

@Suite struct ScreenshotChecksTests {
    @Test func theBundledScreenshotsPass() {
        let content = packageRoot.appendingPathComponent("content").path
        let catalog = Catalog.load(content: content)
        let diagnostics = ScreenshotChecks.run(catalog, content: content).diagnostics
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
    }

    /// Runs `body` with a content folder with one 10x20 pt @2x device whose screenshots the test
    /// writes, each file a grey of its own (so that two files are never the same picture by
    /// accident), made in a new temporary folder.
    func withContent(screenshots: String, files: [String: (Int, Int)], _ body: (URL) throws -> Void) throws {
        try withTemporaryFolder("shots") { folder in
            try writeContent(screenshots: screenshots, files: files, in: folder)
            try body(folder)
        }
    }

    /// Writes that content folder's profile and screenshots into `folder`.
    func writeContent(screenshots: String, files: [String: (Int, Int)], in folder: URL) throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("devices"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("screenshots"), withIntermediateDirectories: true)
        let profile = """
            ---
            name: Tiny
            models: [Tiny]
            screen: 10x20
            scale: 2
            screenshots:
            \(screenshots)
            layouts:
              ios26: {}
            ---
            """
        try profile.write(to: folder.appendingPathComponent("devices/tiny.md"), atomically: true, encoding: .utf8)
        for (name, (width, height)) in files {
            let image = PNGRaster(width: width, height: height, format: .rgb8, pixels: [UInt8](repeating: grey(name), count: width * height * 3))
            try PNGRaster.write(try image.encoded(), to: folder.appendingPathComponent("screenshots/\(name)").path)
        }
    }

    func diagnostics(_ folder: URL) -> [Diagnostic] {
        let catalog = Catalog.load(content: folder.path)
        #expect(catalog.diagnostics.isEmpty, "\(catalog.diagnostics)")
        return ScreenshotChecks.run(catalog, content: folder.path).diagnostics
    }

    @Test func missingUnreadableWrongSizeAndMismatchedScreenshots() throws {
        try withContent(
            screenshots: "  light: screenshots/light.png\n  dark: screenshots/dark.png", files: ["light.png": (20, 40), "dark.png": (20, 41)]
        ) { folder in
            let found = diagnostics(folder)
            #expect(found.map(\.code).sorted() == ["S003", "S004"])
            let size = try #require(found.first { $0.code == "S003" })
            #expect(size.line == 8)
            #expect(
                size.message.hasSuffix(
                    "dark.png is 20x41 pixels, but tiny ios26 screenshots are 20x40; no device in the catalog has 20x41 screenshots, in either orientation: was the screenshot resized, cropped or sent through a messaging app?"
                ))
            #expect(found.first { $0.code == "S004" }?.message == "the light screenshot is 20x40 but the dark one is 20x41")

            try Data("not a png".utf8).write(to: folder.appendingPathComponent("screenshots/dark.png"))
            #expect(diagnostics(folder).map(\.code) == ["S002"])
            try FileManager.default.removeItem(at: folder.appendingPathComponent("screenshots/dark.png"))
            let missing = diagnostics(folder)
            #expect(missing.map(\.code) == ["S001"])
            #expect(missing.first?.message.hasSuffix("screenshots/dark.png does not exist") == true)
        }
    }

    /// A grey level of a file's own, from its name.
    func grey(_ name: String) -> UInt8 {
        UInt8(truncatingIfNeeded: name.utf8.reduce(0) { $0 &+ Int($1) })
    }

    @Test func oneFileForBothAppearancesIsAnError() throws {
        try withContent(screenshots: "  light: screenshots/light.png\n  dark: screenshots/light.png", files: ["light.png": (20, 40)]) { folder in
            let found = diagnostics(folder)
            #expect(found.map(\.code) == ["S006"])
            #expect(found.first?.severity == .error)
            #expect(found.first?.message.contains("are one file") == true)
        }
    }

    @Test func twoFilesWithTheSameBytesAreAnError() throws {
        try withContent(screenshots: "  light: screenshots/light.png\n  dark: screenshots/dark.png", files: ["light.png": (20, 40)]) { folder in
            let shots = folder.appendingPathComponent("screenshots")
            try FileManager.default.copyItem(at: shots.appendingPathComponent("light.png"), to: shots.appendingPathComponent("dark.png"))
            let found = diagnostics(folder)
            #expect(found.map(\.code) == ["S006"])
            #expect(found.first?.message.contains("has the same bytes as the light one") == true)
        }
    }

    @Test func aScreenWithOnlyOneAppearanceWarns() throws {
        try withContent(screenshots: "  light: screenshots/light.png", files: ["light.png": (20, 40)]) { folder in
            let found = diagnostics(folder)
            #expect(found.map(\.code) == ["S005"])
            #expect(found.first?.severity == .warning)
        }
    }

    @Test func screenshotPathsMustStayInsideTheContentFolder() {
        let text = """
            ---
            name: Tiny
            models: [Tiny]
            screen: 10x20
            scale: 2
            screenshots:
              light: ../../etc/passwd
              dark: /etc/passwd
            layouts:
              ios26: {}
            ---
            """
        let codes = Catalog.parse(text: text, file: "tiny.md", id: "tiny", content: "content").diagnostics.map(\.code)
        #expect(codes == ["F011", "F011"])
    }
}

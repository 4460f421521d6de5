import Catalog
import Foundation
import NativePNG
import SampleScreens
import SlotGeometry
import TestFolders
import Testing

/// What `backdrop samples` writes, in-process: the screenshots a profile names, a layout's page
/// with widgets placed, and the layouts and slots it refuses.
@Suite struct SampleFilesTests {
    /// A copy of the bundled content, removed at the end of `body`.
    func withContent(_ body: (URL) throws -> Void) throws {
        try withTemporaryFolder("samples") { folder in
            try FileManager.default.copyItem(at: URL(fileURLWithPath: content), to: folder.appendingPathComponent("content"))
            try body(folder)
        }
    }

    @Test func everyScreenshotAProfileNamesIsWrittenAtItsSize() throws {
        try withContent { folder in
            let catalog = Catalog.load(content: folder.appendingPathComponent("content").path)
            let document = try #require(catalog.device("iphone-16-pro"))
            let named = document.screenshotSets.flatMap { set in set.ordered.map { (set.screen.pixels, $0.file.path) } }
            for (_, path) in named { try? FileManager.default.removeItem(atPath: path) }
            var written: [SampleFiles.Written] = []
            let total = try SampleFiles.writeScreenshots([document]) { written.append($0) }
            #expect(written.map(\.path) == named.map(\.1))
            #expect(total == written.map(\.bytes).reduce(0, +))
            for (size, path) in named {
                #expect(try PNGRaster(contentsOfFile: path).size == size, "\(path)")
            }
            let first = try #require(written.first)
            #expect(first.line == "\(first.path)  \(first.pixels)  \(first.shows)  \(first.bytes / 1024) KB")
        }
    }

    @Test func aWidgetPageIsWrittenLightAndDarkWithItsWidgets() throws {
        try withContent { folder in
            let document = try #require(Catalog.load(content: content).device("iphone-16-pro"))
            let out = folder.appendingPathComponent("widgets").path
            var written: [SampleFiles.Written] = []
            try SampleFiles.writeWidgetPages(document, layout: .ios18, slots: [.smallTopLeft, .mediumMiddle], edgeInset: 0.4, out: out) {
                written.append($0)
            }
            #expect(
                written.map(\.path) == ["light", "dark"].map { "\(out)/iphone-16-pro-ios18-widgets-\($0).png" }
                    || written.map(\.path) == ["dark", "light"].map { "\(out)/iphone-16-pro-ios18-widgets-\($0).png" })
            #expect(written.allSatisfy { $0.shows == "2 widgets" && $0.pixels == PixelSize(width: 1206, height: 2622) })

            let noLayout = #expect(throws: SampleFiles.Failure.self) {
                try SampleFiles.writeWidgetPages(document, layout: .ios14Zoom, slots: [.smallTopLeft], edgeInset: 0, out: out) { _ in }
            }
            #expect(noLayout?.isArgumentMistake == true)
            #expect(noLayout?.problems.first?.reason == "iphone-16-pro has no ios14-zoom layout")

            let sizesOnly = folder.appendingPathComponent("content")
            let profile = sizesOnly.appendingPathComponent("devices/iphone-air.md")
            let text = try String(contentsOf: profile, encoding: .utf8)
            // Sizes only, as before any source or model gave the positions.
            let positions = ["left", "right", "top", "middle", "bottom"].map { "    \($0): {value: " }
            let kept = text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
                !positions.contains { line.hasPrefix($0) } && !line.hasPrefix("  ios26-grid-model:")
            }
            try kept.joined(separator: "\n").write(to: profile, atomically: true, encoding: .utf8)
            let air = try #require(Catalog.load(content: sizesOnly.path).device("iphone-air"))
            let unknown = #expect(throws: SampleFiles.Failure.self) {
                try SampleFiles.writeWidgetPages(air, layout: .ios26, slots: [.smallTopLeft], edgeInset: 0, out: out + "-air") { _ in }
            }
            #expect(unknown?.problems.first?.reason == "iphone-air ios26: the rectangle of small-top-left is not known")
            #expect(!FileManager.default.fileExists(atPath: out + "-air"), "nothing is written")
        }
    }
}

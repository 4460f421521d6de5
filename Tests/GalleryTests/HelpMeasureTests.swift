import Catalog
import Foundation
import Gallery
import SlotGeometry
import Testing

/// The Help measure page lists every layout that is not fully measured, with the settings, the
/// command and the checks, and the coverage matrix links each such cell to its entry.
@Suite(.serialized) struct HelpMeasureTests {
    @Test func everyLayoutNotFullyMeasuredHasAnEntryAndItsMatrixCellLinksThere() throws {
        let site = try BundledSite.built.get()
        let page = try String(contentsOf: site.output.appendingPathComponent("help-measure/index.html"), encoding: .utf8)
        let index = try String(contentsOf: site.output.appendingPathComponent("index.html"), encoding: .utf8)
        let catalog = Catalog.load(content: packageRoot.appendingPathComponent("content").path)
        var entries = 0
        for document in catalog.devices {
            for layout in document.layouts {
                let anchor = "\(document.id)-\(layout.kind.rawValue)"
                let needed = layout.coverage != .complete(.measured)
                #expect(page.contains("id=\"\(anchor)\"") == needed, "\(anchor): \(layout.coverage)")
                #expect(index.contains("href=\"help-measure/index.html#\(anchor)\"") == needed, "\(anchor)")
                guard needed else { continue }
                entries += 1
                #expect(page.contains("--into \(document.id) --layout \(layout.kind.rawValue)"), "\(anchor)")
                #expect(page.contains("\(layout.screen.pixels.width)×\(layout.screen.pixels.height) px (portrait)"), "\(anchor)")
            }
        }
        #expect(entries >= 10, "the catalog has many layouts with sizes only")
        #expect(page.contains("iphone-14-pro-max-ios18"), "the estimated left column of the 14 Pro Max on iOS 18 is listed")
        #expect(!page.contains("id=\"iphone-16-pro-ios18\""), "a fully measured layout is not")
    }
}

import Catalog
import Foundation
import Gallery
import SlotGeometry
import TestFolders
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
        #expect(page.contains("id=\"iphone-16-pro-ios18\""), "a layout taken from published tables is listed: a screenshot would check it")
    }

    /// A request for an iOS version names only the phones that run it, and says why the others are left out.
    @Test func eachEntryNamesOnlyThePhonesThatRunItsIOS() throws {
        let site = try BundledSite.built.get()
        let page = try String(contentsOf: site.output.appendingPathComponent("help-measure/index.html"), encoding: .utf8)
        let entry = try #require(page.firstRange(of: #/<li id="iphone-x-ios26".*?</li>/#.dotMatchesNewlines()))
        let text = String(page[entry])
        #expect(
            text.contains("<dt>Phones</dt><dd>iPhone 11 Pro (not the iPhone X, whose newest iOS is 16; the iPhone XS, whose newest iOS is 18)</dd>"))
    }

    /// Every model of the bundled profiles has its newest iOS, so no request names a phone that cannot run its iOS.
    @Test func everyModelOfTheCatalogHasItsNewestIOS() {
        let catalog = Catalog.load(content: packageRoot.appendingPathComponent("content").path)
        for document in catalog.devices {
            for model in document.profile.models {
                #expect(NewestIOS.byModel[model] != nil, "\(document.file): \(model) is missing from NewestIOS.byModel")
            }
        }
    }
}

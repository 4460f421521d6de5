import Catalog
import Gallery
import SlotGeometry
import TestFolders
import Testing

/// The order of layouts on the site is the rank a default is chosen by: a device page opens on the
/// layout the make page and `backdrop crop` choose for the device's screenshots.
@Suite struct PagesTests {
    /// For every set of layouts, the matrix's order puts first the one `LayoutKind.mostLikely`
    /// chooses (all 63 non-empty sets of the six kinds).
    @Test func theMatrixOrderPutsTheMostLikelyLayoutFirst() {
        let all = LayoutKind.allCases
        for mask in 1..<(1 << all.count) {
            let kinds = all.indices.filter { mask & (1 << $0) != 0 }.map { all[$0] }
            #expect(Pages.matrixColumns.filter(kinds.contains).first == LayoutKind.mostLikely(kinds), "\(kinds)")
        }
    }

    @Test func aDevicePageOpensOnTheLayoutChosenForTheDevicesScreenshots() {
        let catalog = Catalog.load(content: packageRoot.appendingPathComponent("content").path)
        #expect(catalog.devices.count > 10)
        for document in catalog.devices {
            let own = catalog.layouts(matching: document.profile.screen.pixels).filter { $0.device == document.id }
            #expect(Pages.mostLikelyFirst(document.layouts).first?.kind == LayoutMatch.mostLikely(own)?.layout, "\(document.id)")
        }
    }
}

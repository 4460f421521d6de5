import Calibration
import Catalog
import Foundation
import NativePNG
import SampleScreens
import SlotGeometry
import Testing

@Suite struct SizesOnlyComparisonTests {
    @Test func layoutsThatKnowOnlySizesAreComparedBySize() throws {
        let scene = Scene(device: "iphone-16-pro", layout: .ios26, slots: [.smallTopLeft, .smallTopRight], edgeInset: 0)
        let calibration = try Calibrator.calibrate(scene.render(), candidates: scene.candidates)
        let ios18 = try #require(calibration.comparisons.first { $0.layout == .ios18 })
        #expect(ios18.compared == 2 && !ios18.matches, "ios18 has positions and they differ")
        let ios26 = try #require(calibration.comparisons.first { $0.layout == .ios26 })
        #expect(ios26.matches, "the iOS 26 layout of this device has (derived) positions: \(ios26)")
    }

    @Test func sizesAreComparedWhenPositionsAreUnknown() throws {
        // The Air's iOS 26 layout with its sizes only, as it was before the grid model placed it.
        let profile = catalog.device("iphone-air")!.profile
        var spec = profile.layouts[0]
        spec.values = spec.values.filter { !$0.key.isPosition }
        let air = ResolvedLayout(spec, of: profile)
        #expect(air.slots.isEmpty && air.coverage == .sizesOnly(.published))
        let widgets = [PixelRect(x: 80, y: 280, width: 518, height: 518), PixelRect(x: 662, y: 280, width: 518, height: 518)]
        let image = SampleHomeScreen(screen: air.screen, appearance: .light, seed: 1, widgets: widgets).render()
        let calibration = try Calibrator.calibrate(image, candidates: [("iphone-air", air)])
        let comparison = try #require(calibration.comparisons.first)
        #expect(comparison.compared == 0)
        #expect(comparison.sizeDeviation == 0)
        #expect(calibration.grid[.left]?.pixels == 80 && calibration.grid[.right]?.pixels == 662 && calibration.grid[.top]?.pixels == 280)
    }
}

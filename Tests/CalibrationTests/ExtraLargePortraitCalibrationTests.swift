import Calibration
import SlotGeometry
import Testing

/// iOS 27's extra-large portrait widget is measured as its own family, not as a large one.
@Suite struct ExtraLargePortraitCalibrationTests {
    @Test func aTallFullWidthWidgetIsTheExtraLargePortraitSlot() throws {
        let layout = try #require(catalog.device("iphone-16-pro")?.layout(.ios26))
        let expected = try #require(layout.slot(.extraLargePortrait)?.rect)
        var page = SyntheticPage(width: 1206, height: 2622)
        page.fill(expected, SIMD3(0.05, 0.05, 0.06), radius: 72)
        let calibration = try Calibrator.calibrate(page.field, candidates: [("iphone-16-pro", layout)])
        #expect(calibration.slots.map(\.id) == [.extraLargePortrait])
        #expect(calibration.slots.first?.rect == expected)
        #expect(calibration.grid[.extraLargePortraitHeight]?.pixels == 1697)
        #expect(calibration.match?.layout == .ios26)
    }
}

import SlotGeometry
import Testing

@Suite struct SlotTests {
    @Test func elevenSlotsAndIOS27sExtraLargeOneWithCanonicalIDs() {
        #expect(SlotID.allCases.count == 12)
        #expect(
            SlotID.allCases.map(\.rawValue) == [
                "small-top-left", "small-top-right", "small-middle-left", "small-middle-right", "small-bottom-left",
                "small-bottom-right", "medium-top", "medium-middle", "medium-bottom", "large-top", "large-bottom",
                "extra-large-portrait",
            ])
    }

    @Test func familiesRowsAndColumns() {
        #expect(SlotID.allCases.filter { $0.family == .small }.count == 6)
        #expect(SlotID.allCases.filter { $0.family == .medium }.count == 3)
        #expect(SlotID.allCases.filter { $0.family == .large }.count == 2)
        #expect(SlotID.largeBottom.row == .middle)
        #expect(SlotID.largeBottom.rowsCovered == [.middle, .bottom])
        #expect(SlotID.smallBottomRight.column == .right)
        #expect(SlotID.mediumBottom.column == .left)
    }

    @Test func pixelRectGeometry() {
        let a = PixelRect(x: 10, y: 10, width: 10, height: 10)
        #expect(a.intersects(PixelRect(x: 19, y: 19, width: 5, height: 5)))
        #expect(!a.intersects(PixelRect(x: 20, y: 10, width: 5, height: 5)), "touching edges do not overlap")
        #expect(a.isInside(PixelSize(width: 20, height: 20)))
        #expect(!a.isInside(PixelSize(width: 19, height: 20)))
        #expect(PixelRect(x: 79, y: 272, width: 493, height: 493).points(scale: 3).width == 493.0 / 3)
    }

    @Test func screenshotSizeIsPointsTimesScale() {
        #expect(Screen(width: 402, height: 874, scale: 3).pixels == PixelSize(width: 1206, height: 2622))
        #expect(Screen(width: 414, height: 896, scale: 2).pixels == PixelSize(width: 828, height: 1792))
    }

    @Test func lengthsConvertToPixels() {
        #expect(Length.points(164.33).pixels(scale: 3) == 164.33 * 3)
        #expect(Length.pixels(493).pixels(scale: 3) == 493)
        #expect(Length.points(26.5).written == "26.5 pt")
        #expect(formatNumber(164.3333333) == "164.33")
        #expect(formatNumber(486) == "486")
        // A hair under a whole number rounds to it, with no point left: 51, never "51." (a CSS
        // length the HTML checker refused on the overlay labels).
        #expect(formatNumber(50.9999) == "51")
        #expect(formatNumber(-2.999) == "-3")
    }
}

import SlotGeometry
import Testing

/// iOS 27's extra-large portrait family: only the ios26 layout (iOS 26–27) has it, it is as wide
/// as medium and large, and reaches from the top row to the bottom of the bottom row.
@Suite struct ExtraLargePortraitTests {
    @Test func onlyTheIOS26LayoutsHaveTheFamily() {
        for kind in LayoutKind.allCases {
            let layout = device(kind: kind).resolvedLayouts[0]
            let hasSlot = layout.slots.contains { $0.id == .extraLargePortrait }
            #expect(hasSlot == (kind.iosMajorVersions.lowerBound >= 26), "\(kind)")
            #expect(!layout.unavailableSlots.contains(.extraLargePortrait), "\(kind): a family the layout's iOS lacks is not an unavailable slot")
        }
    }

    @Test func itsSizeFollowsFromTheGridAndItStartsOnTheTopLeft() throws {
        let layout = device(kind: .ios26).resolvedLayouts[0]
        let slot = try #require(layout.slot(.extraLargePortrait))
        // 2 × 1098 − 486 = 1710, and 261 + 1710 = 1485 + 486: the bottom of the bottom row.
        #expect(slot.rect == PixelRect(x: 87, y: 261, width: 1032, height: 1710))
        #expect(slot.rect.maxY == layout[.bottom]! + layout[.smallHeight]!)
        #expect(slot.sources.height.kind == .derived)
    }

    @Test func g016AndG017CatchAStatedSizeThatBreaksTheRules() {
        var grid = Grid()
        grid.extraLargePortrait = (1030, 1700)
        let findings = GeometryChecker.check(device(grid, kind: .ios26))
        #expect(findings.map(\.check).filter { $0.code >= "G016" } == [.extraLargePortraitWidthIsMediumWidth, .extraLargePortraitSpansThreeRows])
        #expect(findings.contains { $0.message == "extra-large portrait height is 1700 px but 2 × large − small is 1710 px (2 × 1098 − 486)" })
        grid.extraLargePortrait = (1032, 1710)
        #expect(codes(device(grid, kind: .ios26)).isEmpty)
    }
}

import SlotGeometry
import Testing

@Suite struct ResolvedLayoutTests {
    @Test func placesEverySlotOnTheGrid() throws {
        let layout = resolved()
        #expect(layout.slots.count == 11)
        #expect(layout.unknownSlots.isEmpty)
        #expect(layout.slot(.smallTopLeft)?.rect == PixelRect(x: 87, y: 261, width: 486, height: 486))
        #expect(layout.slot(.smallMiddleRight)?.rect == PixelRect(x: 633, y: 873, width: 486, height: 486))
        #expect(layout.slot(.mediumBottom)?.rect == PixelRect(x: 87, y: 1485, width: 1032, height: 486))
        #expect(layout.slot(.largeBottom)?.rect == PixelRect(x: 87, y: 873, width: 1032, height: 1098))
        #expect(layout.coverage == .complete(.measured))
    }

    @Test func pointsConvertWithTheScaleAndFractionalPointsLandOnPixels() {
        var grid = Grid(
            small: (164.33, 164.33), medium: (349.67, 164.33), large: (349.67, 365), left: 26.33, right: nil,
            top: 90.67, middle: nil, bottom: nil)
        grid.unit = { .points($0) }
        let layout = resolved(grid)
        #expect(layout[.smallWidth] == 493)
        #expect(layout[.mediumWidth] == 1049)
        #expect(layout[.left] == 79)
        #expect(layout[.top] == 272)
        #expect(layout.values[.smallWidth]?.isWholePixel == true)
        // Derived by the grid rules:
        #expect(layout[.right] == 635)
        #expect(layout[.middle] == 874)
        #expect(layout[.bottom] == 1476)
        #expect(layout.values[.right]?.provenance.kind == .derived)
        #expect(layout.values[.right]?.isStated == false)
        #expect(layout.coverage == .complete(.derived))
        #expect(GeometryChecker.check(layout).isEmpty)
    }

    @Test func unknownPositionsStayUnknownNeverZero() {
        let layout = resolved(Grid(left: nil, right: nil, top: nil, middle: nil, bottom: nil))
        #expect(layout.slots.isEmpty)
        #expect(layout.unknownSlots.count == 11)
        let slot = layout.unknownSlots.first { $0.id == .smallTopRight }
        #expect(slot?.size == PixelSize(width: 486, height: 486))
        #expect(slot?.missing == [.right, .top])
        #expect(layout.coverage == .sizesOnly(.measured))
    }

    @Test func nothingKnownIsUnknownCoverage() {
        let layout = resolved(Grid(small: nil, medium: nil, large: nil, left: nil, right: nil, top: nil, middle: nil, bottom: nil))
        #expect(layout.coverage == .unknown)
        #expect(layout.unknownSlots.allSatisfy { $0.size == nil })
    }

    @Test func twoRowPagesHaveNoBottomSlots() {
        let layout = resolved(
            Grid(small: (282, 282), medium: (584, 282), large: (584, 622), left: 28, right: 330, top: 60, middle: 400, bottom: nil),
            rows: 2)
        #expect(layout.unavailableSlots == [.smallBottomLeft, .smallBottomRight, .mediumBottom, .largeBottom])
        #expect(layout.slots.count == 7)
        #expect(layout[.bottom] == nil, "a two-row page derives no bottom row")
    }

    @Test func slotOriginsOverrideTheGrid() {
        let origin = SlotOrigin(x: .pixels(99), y: nil, provenance: measured)
        let layout = resolved(origins: [.mediumTop: origin])
        #expect(layout.slot(.mediumTop)?.rect.x == 99)
        #expect(layout.slot(.mediumTop)?.rect.y == 261)
        #expect(layout.slot(.mediumMiddle)?.rect.x == 87)
    }

    @Test func derivesMissingSizesFromTheFamilyRules() {
        let layout = resolved(Grid(small: nil, medium: (1032, 486), large: nil))
        #expect(layout[.smallWidth] == 486)
        #expect(layout[.largeWidth] == 1032)
        #expect(layout[.largeHeight] == 1098)
        #expect(layout.values[.largeHeight]?.provenance.note == "large height = middle − top + small height")
    }

    @Test func derivedNumbersKeepTheProfilesRemark() {
        var values = Grid(large: nil).values
        values[.largeHeight] = StatedValue(nil, Provenance(kind: .derived, note: "the table says 1100"))
        let profile = DeviceProfile(
            id: "t", name: "t", models: ["t"], screen: Screen(width: 402, height: 874, scale: 3),
            layouts: [LayoutSpec(kind: .ios18, values: values)])
        let layout = profile.resolvedLayouts[0]
        #expect(layout[.largeHeight] == 1098)
        #expect(layout.values[.largeHeight]?.provenance.note == "large height = middle − top + small height. the table says 1100")
    }

    @Test func displayZoomLayoutsUseTheirOwnScreen() {
        let zoomed = Screen(width: 320, height: 693, scale: 3)
        var profile = device()
        profile.layouts[0].kind = .ios18Zoom
        profile.layouts[0].zoomedScreen = zoomed
        #expect(profile.resolvedLayouts[0].screen.pixels == PixelSize(width: 960, height: 2079))
    }
}

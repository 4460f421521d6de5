import SlotGeometry
import Testing

/// The icon rule applied to a grid: every slot of the iPhone 16 Pro Max's icons (204 px, columns
/// 105, 407, 709, 1011, rows 326 px apart from 282) as its captures measured them; what a grid
/// lacks is said, never filled in.
@Suite struct IconGridRuleTests {
    let grid = IconGrid(iconSize: 204, columns: [105, 407, 709, 1011], firstRow: 282, rowPitch: 326)

    @Test func theRuleGivesTheMeasuredSlots() throws {
        let rule = IconGridRule.ios26
        #expect(try rule.rect(of: .smallTopLeft, on: grid, scale: 3).get() == PixelRect(x: 93, y: 282, width: 530, height: 530))
        #expect(try rule.rect(of: .smallTopRight, on: grid, scale: 3).get() == PixelRect(x: 697, y: 282, width: 530, height: 530))
        #expect(try rule.rect(of: .smallMiddleLeft, on: grid, scale: 3).get() == PixelRect(x: 93, y: 934, width: 530, height: 530))
        #expect(try rule.rect(of: .mediumBottom, on: grid, scale: 3).get() == PixelRect(x: 93, y: 1586, width: 1134, height: 530))
        #expect(try rule.rect(of: .largeBottom, on: grid, scale: 3).get() == PixelRect(x: 93, y: 934, width: 1134, height: 1182))
        #expect(try rule.rect(of: .extraLargePortrait, on: grid, scale: 3).get() == PixelRect(x: 93, y: 282, width: 1134, height: 1834))
        #expect(rule.widening(scale: 2) == 8)
    }

    @Test func whatTheGridLacksIsSaid() {
        let rule = IconGridRule.ios26
        var partial = grid
        partial.columns[1] = nil
        #expect(rule.rect(of: .smallTopLeft, on: partial, scale: 3) == .failure(.column(2)))
        #expect((try? rule.rect(of: .mediumTop, on: partial, scale: 3).get()) != nil, "a medium widget needs only the outer columns")
        partial.rowPitch = nil
        #expect(rule.rect(of: .mediumTop, on: partial, scale: 3) == .failure(.rowPitch))
        partial.firstRow = nil
        #expect(rule.rect(of: .mediumTop, on: partial, scale: 3) == .failure(.firstRow))
    }

    @Test func onlyIOS26HasARuleAndLargeIconsAreAssumed() {
        #expect(IconGridRule.rule(for: .ios26) == .ios26)
        #expect(IconGridRule.rule(for: .ios26LargeIcons) == .ios26)
        #expect(IconGridRule.ios26.isAssumed(for: .ios26LargeIcons) && !IconGridRule.ios26.isAssumed(for: .ios26))
        for layout in [LayoutKind.ios14, .ios14Zoom, .ios18, .ios18LargeIcons, .ios18Zoom] {
            #expect(IconGridRule.rule(for: layout) == nil)
            #expect(!IconGridRule.noRule(for: layout).isEmpty)
        }
    }

    @Test func aScreenTheCatalogLacksGetsItsScaleFromItsWidthWhenItCouldBeAnIPhone() {
        #expect(IconGrid.scale(ofUnknownScreen: PixelSize(width: 1104, height: 2400)) == 3)
        #expect(IconGrid.scale(ofUnknownScreen: PixelSize(width: 700, height: 1500)) == 2)
        #expect(IconGrid.scale(ofUnknownScreen: PixelSize(width: 1100, height: 2400)) == nil, "not whole points at @3x")
        #expect(IconGrid.scale(ofUnknownScreen: PixelSize(width: 590, height: 1278)) == nil, "a screenshot resized to half")
        #expect(IconGrid.scale(ofUnknownScreen: PixelSize(width: 2556, height: 1179)) == nil, "landscape")
    }
}

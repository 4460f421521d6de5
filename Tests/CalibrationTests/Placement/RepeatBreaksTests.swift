import Calibration
import SlotGeometry
import Testing

/// A wallpaper's repeat, found from the page, and broken around a slot on the page that shows a
/// widget there (``RepeatBreaks``), on the pages the hostile classes paint (``HostilePage``).
@Suite struct RepeatBreaksTests {
    /// The page's brightness, as the check sees it.
    static func plane(_ page: HostilePage) -> LuminancePlane { LuminancePlane(page.field) }

    static let calm: Float = 2 / 255

    /// The shortest repeat along each axis is the wallpaper's (1 along an axis it does not change
    /// along); a photograph, and a repeat longer than the window, have none.
    @Test(arguments: [
        (HostilePage.Wallpaper.tiles(period: 12), (12, 12) as (Int, Int)?), (.tiles(period: 24), (24, 24)),
        (.stripes(period: 12, direction: "h"), (1, 12)), (.stripes(period: 24, direction: "v"), (24, 1)),
        (.stripes(period: 30, direction: "d"), (30, 30)), (.checker(period: 20), (40, 40)), (.tiles(period: 48), nil), (.photo, nil),
    ])
    func theRepeatIsTheWallpapers(_ wallpaper: HostilePage.Wallpaper, _ want: (Int, Int)?) {
        for shaded in [false, true] {
            let plane = Self.plane(HostilePage(wallpaper, shaded: shaded))
            let x = RepeatBreaks.period(of: plane, along: (1, 0), within: 43, calm: Self.calm)
            let y = RepeatBreaks.period(of: plane, along: (0, 1), within: 43, calm: Self.calm)
            if let want {
                #expect(x == want.0 && y == want.1, "\(wallpaper) shaded \(shaded): \(String(describing: x)), \(String(describing: y))")
            } else {
                #expect(x == nil || y == nil, "\(wallpaper) shaded \(shaded): \(String(describing: x)), \(String(describing: y))")
            }
        }
    }

    /// The page with a widget breaks the repeat around its slot, whichever page it is on, plain or
    /// tinted; around a slot with no widget on either page, neither does; and a widget moved by a
    /// whole period (`inStep`), which shows the wallpaper in step, breaks nothing.
    @Test(arguments: [
        (HostilePage.Wallpaper.tiles(period: 12), (0, 24)), (.stripes(period: 12, direction: "h"), (17, 0)), (.checker(period: 20), (0, 40)),
    ])
    func theWidgetsPageBreaksTheRepeat(_ wallpaper: HostilePage.Wallpaper, _ inStep: (Int, Int)) throws {
        let page = HostilePage(wallpaper)
        for white in [nil, 0.2] as [Float?] {
            let shown = page.with([(.smallTopLeft, (-9, 6))], white: white)
            for (bare, home, want) in [(page, shown, RepeatBreaks.Page.home), (shown, page, .bare)] {
                let repeats = try #require(RepeatBreaks(bare: Self.plane(bare), home: Self.plane(home), window: 43, calm: Self.calm))
                #expect(repeats.breaks(around: HostilePage.rect(.smallTopLeft), reach: 40) == want, "\(wallpaper) white \(String(describing: white))")
                #expect(repeats.breaks(around: HostilePage.rect(.smallBottomRight), reach: 40) == nil, "\(wallpaper)")
            }
        }
        let moved = page.with([(.smallTopLeft, inStep)])
        let repeats = try #require(RepeatBreaks(bare: Self.plane(page), home: Self.plane(moved), window: 43, calm: Self.calm))
        #expect(repeats.breaks(around: HostilePage.rect(.smallTopLeft), reach: 40) == nil, "\(wallpaper)")
    }
}

extension RepeatBreaksTests {
    /// A widget moved sideways along stripes across shows the stripes in step inside, and breaks
    /// the repeat only at its rim: along all four sides of its own slot on the home screen, and
    /// not along all four of a smaller slot under it (whose inner side no edge crosses), nor on
    /// the page without it.
    @Test func aWidgetInStepShowsItsOutlineByItsRim() throws {
        let page = HostilePage(.stripes(period: 12, direction: "h"))
        let home = page.with([(.mediumTop, (17, 0))], rim: true)
        let repeats = try #require(RepeatBreaks(bare: Self.plane(page), home: Self.plane(home), window: 43, calm: Self.calm))
        #expect(repeats.outline(at: HostilePage.rect(.mediumTop), reach: 40) == .home)
        #expect(repeats.outline(at: HostilePage.rect(.smallTopLeft), reach: 40) == nil)
        #expect(repeats.outline(at: HostilePage.rect(.smallTopRight), reach: 40) == nil)
        #expect(repeats.outline(at: HostilePage.rect(.mediumBottom), reach: 40) == nil)
        let swapped = try #require(RepeatBreaks(bare: Self.plane(home), home: Self.plane(page), window: 43, calm: Self.calm))
        #expect(swapped.outline(at: HostilePage.rect(.mediumTop), reach: 40) == .bare)
        // Without a rim, nothing of it shows: nothing is named.
        let plain = page.with([(.mediumTop, (17, 0))])
        let unseen = try #require(RepeatBreaks(bare: Self.plane(page), home: Self.plane(plain), window: 43, calm: Self.calm))
        #expect(unseen.outline(at: HostilePage.rect(.mediumTop), reach: 40) == nil)
    }
}

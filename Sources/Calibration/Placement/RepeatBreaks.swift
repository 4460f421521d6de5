import SlotGeometry

/// Where a wallpaper repeats, which page of a pair breaks the repeat around a slot: the page
/// that shows a widget there.
///
/// A transparent widget shows a piece of the wallpaper moved by its offset. On a wallpaper that
/// repeats within the reach, the piece repeats as the wallpaper does, so inside the widget the
/// picture equals itself moved by the period, as the bare wallpaper does; but across the
/// widget's edges the piece is out of step with the wallpaper around it, so there it does not.
/// A page compared with itself moved by one period along each axis is therefore calm wherever
/// it shows the bare wallpaper, and breaks in bands a period wide along the edges of every
/// widget whose offset is not a whole number of periods: its outline, even where the pattern's
/// own steps hide its edges from ``EdgeSeams``. Both pages' own features that do not repeat
/// (the status bar's clock) break both alike and tell nothing.
package struct RepeatBreaks {
    let bare: LuminancePlane
    let home: LuminancePlane
    /// The wallpaper's shortest repeat along x and along y, in pixels (1 along an axis it does
    /// not change along).
    package let period: (x: Int, y: Int)
    /// Differences up to this are noise.
    let calm: Float

    /// The page whose repeat breaks around a slot.
    package enum Page {
        case bare
        case home
    }

    /// Samples are taken every this many pixels in each direction to find the period.
    static let sampleStep = 8
    /// A shift is a repeat when at least this share of the samples stays within ``calm``.
    static let repeating: Float = 0.5
    /// And the wallpaper changes within a period: at some shorter shift under this share stays.
    static let changing: Float = 0.2
    /// A page breaks its repeat around a slot where at least this share of the pixels around it
    /// do...
    static let broken: Float = 0.01
    /// ...and this many times the other page's share, or more.
    static let clearly: Float = 4

    /// The pair's repeat, or nil where the wallpaper does not repeat within `window` along an
    /// axis, or changes along neither (a flat colour: nothing to break).
    package init?(bare: LuminancePlane, home: LuminancePlane, window: Int, calm: Float) {
        guard let x = Self.period(of: bare, along: (1, 0), within: window, calm: calm),
            let y = Self.period(of: bare, along: (0, 1), within: window, calm: calm), x > 1 || y > 1
        else { return nil }
        self.bare = bare
        self.home = home
        self.period = (x, y)
        self.calm = calm
    }

    /// The shortest shift along `axis` within `window` under which most of the page stays the
    /// same, where the page changes at some shorter shift (the samples' median steps, then comes
    /// back); 1 where it stays the same at every shift (the page does not change along it); nil
    /// where it never comes back (a photograph).
    package static func period(of plane: LuminancePlane, along axis: (Int, Int), within window: Int, calm: Float) -> Int? {
        var shares: [Float] = []
        for shift in 1...window {
            let (sx, sy) = (axis.0 * shift, axis.1 * shift)
            var (same, count) = (0, 0)
            plane.values.withUnsafeBufferPointer { values in
                for y in stride(from: 0, to: plane.height - sy, by: sampleStep) {
                    for x in stride(from: 0, to: plane.width - sx, by: sampleStep) {
                        count += 1
                        if abs(values[y * plane.width + x] - values[(y + sy) * plane.width + x + sx]) <= calm { same += 1 }
                    }
                }
            }
            shares.append(count > 0 ? Float(same) / Float(count) : 0)
        }
        if shares.allSatisfy({ $0 >= repeating }) { return 1 }
        for (index, share) in shares.enumerated() where share >= repeating {
            if shares[..<index].contains(where: { $0 < changing }) { return index + 1 }
        }
        return nil
    }

    /// Which page breaks the repeat around `rect` (the slot, widened by `reach` and a period on
    /// each side, where a widget off it by up to `reach` has its edges): the one where clearly
    /// more of it breaks; nil where neither does, or both alike.
    package func breaks(around rect: PixelRect, reach: Int) -> Page? {
        let box = PixelRect(
            x: rect.x - reach - period.x, y: rect.y - reach - period.y, width: rect.width + 2 * (reach + period.x),
            height: rect.height + 2 * (reach + period.y))
        func both(_ plane: LuminancePlane) -> Float {
            share(of: plane, in: box, across: (period.x, 0)) + share(of: plane, in: box, across: (0, period.y))
        }
        return clearer(both(bare), both(home))
    }

    /// Which page shows a widget's four edges near `rect`'s (each within `reach` of the slot's):
    /// its repeat across x broken along the slot's left and right sides, across y along its top
    /// and bottom, and the other page's along none of them. A widget moved along the pattern (a
    /// whole period, or sideways along stripes across) shows the wallpaper in step inside, and its
    /// edges only where something of its own (a rim, a tint) steps there. Each side is looked at
    /// over the middle of its length, which a widget off by up to `reach` still covers.
    package func outline(at rect: PixelRect, reach: Int) -> Page? {
        // An edge at e breaks the pixels up to a period before it: e − period ..< e.
        let (px, py) = period
        let (middleHeight, middleWidth) = (rect.height - 2 * reach, rect.width - 2 * reach)
        let sides: [(PixelRect, (Int, Int))] = [
            (PixelRect(x: rect.x - reach - px, y: rect.y + reach, width: 2 * reach + px, height: middleHeight), (px, 0)),
            (PixelRect(x: rect.maxX - reach - px, y: rect.y + reach, width: 2 * reach + px, height: middleHeight), (px, 0)),
            (PixelRect(x: rect.x + reach, y: rect.y - reach - py, width: middleWidth, height: 2 * reach + py), (0, py)),
            (PixelRect(x: rect.x + reach, y: rect.maxY - reach - py, width: middleWidth, height: 2 * reach + py), (0, py)),
        ]
        let pages = sides.map { side, shift in clearer(share(of: bare, in: side, across: shift), share(of: home, in: side, across: shift)) }
        return pages.allSatisfy({ $0 == .home }) ? .home : pages.allSatisfy({ $0 == .bare }) ? .bare : nil
    }

    /// The page whose share of broken pixels is clearly the larger, or nil.
    private func clearer(_ bareShare: Float, _ homeShare: Float) -> Page? {
        if bareShare >= Self.broken, bareShare >= Self.clearly * homeShare { return .bare }
        if homeShare >= Self.broken, homeShare >= Self.clearly * bareShare { return .home }
        return nil
    }

    /// The share of the pixels of `region` (clipped to the plane) that differ by more than
    /// ``calm`` from the plane moved by `shift`, along x or along y. Every second line along the
    /// shift is looked at: the edges that break it run across the shift, over every line.
    func share(of plane: LuminancePlane, in region: PixelRect, across shift: (Int, Int)) -> Float {
        let (left, top) = (Swift.max(0, region.x), Swift.max(0, region.y))
        let (right, bottom) = (Swift.min(plane.width - shift.0, region.maxX), Swift.min(plane.height - shift.1, region.maxY))
        guard right > left, bottom > top else { return 0 }
        let step = shift.1 * plane.width + shift.0
        // Across x (vertical edges) every second row; across y (horizontal edges) every second column.
        let (rowStep, columnStep) = shift.1 == 0 ? (2, 1) : (1, 2)
        var (broken, count) = (0, 0)
        plane.values.withUnsafeBufferPointer { values in
            for y in stride(from: top, to: bottom, by: rowStep) {
                for index in stride(from: y * plane.width + left, to: y * plane.width + right, by: columnStep) {
                    count += 1
                    if abs(values[index] - values[index + step]) > calm { broken += 1 }
                }
            }
        }
        return count > 0 ? Float(broken) / Float(count) : 0
    }
}

import SlotGeometry

extension WidgetSearch {
    /// The share of the coarse cells of `area` where the home screen differs from the empty page
    /// as it is by more than the noise.
    func differingShare(_ area: PixelRect, leavingOut holes: [PixelRect] = []) -> Float {
        let f = Self.factor
        var differing = 0
        var count = 0
        for y in (area.y / f)..<(area.maxY / f) {
            for x in (area.x / f)..<(area.maxX / f) {
                let (px, py) = (x * f + f / 2, y * f + f / 2)
                if holes.contains(where: { px >= $0.x && px < $0.maxX && py >= $0.y && py < $0.maxY }) { continue }
                count += 1
                if abs(coarseHome.values[y * coarseHome.width + x] - coarseBare.values[y * coarseBare.width + x]) > tolerance { differing += 1 }
            }
        }
        return count > 0 ? Float(differing) / Float(count) : 0
    }

    /// The widgets seen but not measured: slots clear of every widget `found`, where the home
    /// screen differs from the empty page over most of the slot's interior, each named once (the
    /// smaller slots under a larger one, unless the larger one differs between them too: one
    /// widget over them), with why: it looks blurred; it shows its piece from farther than the
    /// reach (`farther`); else it is covered, or shows another picture.
    func seenNotMeasured(_ slots: [(id: SlotID, rect: PixelRect)], besides found: [WidgetCheck.FoundWidget], farther: Set<SlotID>)
        -> [WidgetCheck.FoundWidget]
    {
        var seen: [(id: SlotID, rect: PixelRect, share: Float)] = []
        for (id, rect) in slots where !found.contains(where: { WidgetCheck.overlap($0.found, rect) > 0.25 }) {
            let share = differingShare(Self.interior(of: rect))
            if share >= 0.5 { seen.append((id, rect, share)) }
        }
        var named: [(id: SlotID, rect: PixelRect, share: Float)] = []
        let page = PixelRect(x: 0, y: 0, width: home.width, height: home.height)
        for slot in seen.sorted(by: { $0.rect.width * $0.rect.height > $1.rect.width * $1.rect.height }) {
            let under = seen.filter {
                WidgetCheck.overlap($0.rect, slot.rect) > 0.9 && $0.rect.width * $0.rect.height < slot.rect.width * slot.rect.height
            }
            // Smaller slots seen under it: one widget over them only when it differs between them
            // too, about as much as in them (a widget differs all across; two smaller widgets do
            // not differ between them). Compared in the rows where nothing differs beside the slot
            // (beyond any widget's reach, where only a cover differs: a notification, Control
            // Centre, which differs between the smaller widgets as much as in them): where most
            // rows are covered, the smaller slots are named. (Two banners stacked over 70 % of two
            // small widgets made them look like one medium widget, and one banner over 40 % of a
            // medium widget like two small ones, while the rows were compared as a whole.)
            if !under.isEmpty {
                let covers = coveredBands(beside: slot.rect, in: page)
                let coveredRows = covers.reduce(0) { $0 + $1.height }
                if coveredRows * 4 > slot.rect.height * 3 { continue }
                let between = differingShare(Self.interior(of: slot.rect), leavingOut: under.map { $0.rect } + covers)
                let inThem = under.map { differingShare(Self.interior(of: $0.rect), leavingOut: covers) }.reduce(0, +) / Float(under.count)
                if between < 0.6 || between < 0.85 * inThem { continue }
            }
            if named.contains(where: { WidgetCheck.overlap($0.rect, slot.rect) > 0.25 }) { continue }
            named.append(slot)
        }
        return named.map { id, rect, share in
            let why: WidgetCheck.NotMeasured =
                looksBlurred(at: rect) ? .blurred : farther.contains(id) ? .beyond(reach: reach) : .covered(share: Int(share * 100 + 0.5))
            return WidgetCheck.unmeasured(id, rect, why)
        }
    }

    /// The widgets that show only their edges (``RepeatBreaks/outline(at:reach:)``: moved along
    /// the wallpaper's repeat, the piece inside is in step with the pattern around it, and the
    /// home screen differs from the empty page only at a rim or a corner): the smallest slot whose
    /// four sides the home screen's outline breaks the repeat along, besides the widgets `found`.
    func inStep(_ slots: [(id: SlotID, rect: PixelRect)], besides found: [WidgetCheck.FoundWidget], repeats: RepeatBreaks)
        -> [WidgetCheck.FoundWidget]
    {
        var named: [WidgetCheck.FoundWidget] = []
        for (id, rect) in slots.sorted(by: { $0.rect.width * $0.rect.height < $1.rect.width * $1.rect.height }) {
            guard !(found + named).contains(where: { WidgetCheck.overlap($0.found, rect) > 0.25 }),
                repeats.outline(at: rect, reach: reach) == .home
            else { continue }
            named.append(WidgetCheck.unmeasured(id, rect, .inStep))
        }
        return named
    }

    /// The bands of rows of `rect` (the page's width, a few coarse cells high) where the home
    /// screen differs from the empty page beside it, in a strip on each side beyond any widget's
    /// reach: where something covers that part of the page.
    func coveredBands(beside rect: PixelRect, in page: PixelRect) -> [PixelRect] {
        let (margin, band) = (window + 8, 4 * Self.factor)
        var bands: [PixelRect] = []
        for top in stride(from: rect.y, to: rect.maxY, by: band) {
            let height = Swift.min(band, rect.maxY - top)
            let beside = [
                PixelRect(x: rect.x - margin - 40, y: top, width: 40, height: height),
                PixelRect(x: rect.maxX + margin, y: top, width: 40, height: height),
            ].compactMap { Self.clip($0, to: page) }
            if beside.contains(where: { differingShare($0) >= 0.5 }) { bands.append(PixelRect(x: page.x, y: top, width: page.width, height: height)) }
        }
        return bands
    }

    /// The part of `rect` inside `bounds`, or nil when nothing of it is.
    static func clip(_ rect: PixelRect, to bounds: PixelRect) -> PixelRect? {
        let (x, y) = (Swift.max(rect.x, bounds.x), Swift.max(rect.y, bounds.y))
        let (maxX, maxY) = (Swift.min(rect.maxX, bounds.maxX), Swift.min(rect.maxY, bounds.maxY))
        return maxX - x >= WidgetSearch.factor && maxY - y >= WidgetSearch.factor ? PixelRect(x: x, y: y, width: maxX - x, height: maxY - y) : nil
    }

    /// The blur sizes tried, as the standard deviation of a Gaussian, in pixels of the screenshot.
    static let blurSizes: [Int] = [4, 8, 16, 32]

    /// Whether the home screen at `rect` shows the slot's piece blurred: on the coarse planes, the
    /// piece correlates far better once the empty page is blurred (by a box blur three times over,
    /// about a Gaussian) than as it is. Compared within the reach of the slot, or, for a widget
    /// measured, within a coarse pixel of its `offset` (a blurred piece is placed as well as a
    /// sharp one, by its outline or its large shapes, and matches at a fair correlation). A piece
    /// shown sharp from farther off (up to twice the reach) is not a blurred one: that widget is
    /// beyond the reach.
    func looksBlurred(at rect: PixelRect, offset: (dx: Int, dy: Int)? = nil) -> Bool {
        let interior = Self.interior(of: rect)
        let f = Self.factor
        let area = PixelRect(
            x: (interior.x + f - 1) / f, y: (interior.y + f - 1) / f, width: interior.maxX / f - (interior.x + f - 1) / f,
            height: interior.maxY / f - (interior.y + f - 1) / f)
        guard area.width >= 8, area.height >= 8 else { return false }
        let reach = (window + f - 1) / f
        func best(_ source: LuminancePlane, within reach: Int) -> Float {
            var match = ShiftMatch(source: source, target: coarseHome, area: area)
            match.rowStep = Swift.max(1, area.width * area.height / Self.coarsePixels)
            let (x, y) = offset.map { (Self.rounded($0.dx, f), Self.rounded($0.dy, f)) } ?? (0, 0)
            let spread = offset == nil ? reach : 1
            var lowest: Float = 1
            for dy in (y - spread)...(y + spread) {
                for dx in (x - spread)...(x + spread) { if let fit = match.fit(dx, dy), fit.gain > 0 { lowest = Swift.min(lowest, fit.cost) } }
            }
            return Swift.max(0, lowest)
        }
        func better(_ blurred: Float, than sharp: Float) -> Bool { blurred < sharp / 2 && sharp - blurred >= Self.blurMargin }
        // The sharp piece also with its cells moved by half a cell: on a fine texture, a widget
        // off by part of a cell matches the coarse cells poorly as it is and well blurred, which
        // only smooths what the cells cut (a glyph grid every 32 px, widgets 2 px up).
        func sharpest(within reach: Int) -> Float {
            let spread = reach + 2
            let cells = PixelRect(x: area.x - spread, y: area.y - spread, width: area.width + 2 * spread, height: area.height + 2 * spread)
            return Self.halfCells.reduce(best(coarseEmpty, within: reach)) { lowest, origin in
                Swift.min(lowest, best(empty.downsampled(by: f, from: origin, cells: cells), within: reach))
            }
        }
        var sharp = best(coarseEmpty, within: reach)
        var movedByHalfCells = false
        for blurredEmpty in coarseEmptyBlurred {
            let blurred = best(blurredEmpty, within: reach)
            guard blurred < 0.03, better(blurred, than: sharp) else { continue }
            if !movedByHalfCells {
                (sharp, movedByHalfCells) = (sharpest(within: reach), true)
                guard better(blurred, than: sharp) else { continue }
            }
            return offset != nil || better(blurred, than: sharpest(within: 2 * reach))
        }
        return false
    }

    /// The origins of the coarse cells moved by half a cell: across, down and both.
    static let halfCells = [(factor / 2, 0), (0, factor / 2), (factor / 2, factor / 2)]

    /// How much better (in 1 − correlation) the empty page blurred must explain a piece than as it
    /// is: on a smooth gradient both fit to within rounding (a blur only smooths its levels'
    /// steps), which tells nothing.
    static let blurMargin: Float = 0.0001

    /// `value` / `factor`, rounded to the nearest.
    static func rounded(_ value: Int, _ factor: Int) -> Int {
        (value + (value >= 0 ? factor / 2 : -factor / 2)) / factor
    }
}

extension LuminancePlane {
    /// The plane blurred about as a Gaussian of standard deviation `sigma` (in its own pixels)
    /// blurs it: a box blur three times over, each way, edges repeated.
    func blurred(sigma: Float) -> LuminancePlane {
        // Three boxes of width w blur like a Gaussian of variance 3 (w² − 1) / 12.
        let radius = Swift.max(1, Int(((4 * sigma * sigma + 1).squareRoot() - 1) / 2 + 0.5))
        var values = self.values
        var scratch = values
        for _ in 0..<3 {
            Self.box(&values, into: &scratch, count: height, length: width, stride: 1, step: width, radius: radius)
            Self.box(&scratch, into: &values, count: width, length: height, stride: width, step: 1, radius: radius)
        }
        return LuminancePlane(width: width, height: height, values: values)
    }

    /// A running mean of 2 × `radius` + 1 values along `count` lines of `length` values each
    /// (`stride` apart within a line, lines `step` apart), edges repeated.
    private static func box(_ source: inout [Float], into target: inout [Float], count: Int, length: Int, stride: Int, step: Int, radius: Int) {
        let scale = 1 / Float(2 * radius + 1)
        for line in 0..<count {
            let base = line * step
            func at(_ i: Int) -> Float { source[base + Swift.min(length - 1, Swift.max(0, i)) * stride] }
            var sum: Float = 0
            for i in -radius...radius { sum += at(i) }
            for i in 0..<length {
                target[base + i * stride] = sum * scale
                sum += at(i + radius + 1) - at(i - radius)
            }
        }
    }
}

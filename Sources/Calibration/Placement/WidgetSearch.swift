import SlotGeometry

/// Looks for the piece of wallpaper a listed slot holds on the home screen, coarse to fine: on
/// planes averaged 4×4 over the whole reach, then on the pixels near the best coarse offset.
struct WidgetSearch {
    let empty: LuminancePlane
    let home: LuminancePlane
    let coarseEmpty: LuminancePlane
    let coarseHome: LuminancePlane
    /// Single-pixel brightness differences above this are not noise (the pair's
    /// ``DifferenceThreshold``).
    let tolerance: Float

    /// How much the coarse planes are averaged.
    static let factor = 4
    /// The share of each side of a slot left out as the widget's rim and rounded corners.
    static let insetShare = 14
    /// Below this spread of brightness, the wallpaper behind a widget is one flat colour.
    static let flatSpread: Float = 0.5 / 255
    /// The most pixels compared per offset on the fine level (rows are skipped above it).
    static let finePixels = 120_000
    /// The most pixels scored per offset on the coarse level (rows are skipped above it).
    static let coarsePixels = 12_000

    init(empty: LuminancePlane, home: LuminancePlane, tolerance: Float) {
        self.empty = empty
        self.home = home
        coarseEmpty = empty.downsampled(by: Self.factor)
        coarseHome = home.downsampled(by: Self.factor)
        self.tolerance = tolerance
    }

    /// What the home screen shows at a listed slot.
    enum Look {
        /// A widget showing a piece of the wallpaper, its slot still to be named.
        case wallpaper(WidgetCheck.FoundWidget)
        /// The wallpaper behind the slot is flat: nothing can be matched. `differs` says whether
        /// the home screen differs from the empty page there (something covers it).
        case flat(differs: Bool)
        /// No widget here shows a piece of the wallpaper.
        case none
    }

    /// The slot's interior: the part of any widget near it that shows the wallpaper, clear of
    /// the rim and the rounded corners.
    static func interior(of rect: PixelRect) -> PixelRect {
        let inset = Swift.max(4, Swift.min(rect.width, rect.height) * insetShare / 100)
        return PixelRect(x: rect.x + inset, y: rect.y + inset, width: rect.width - 2 * inset, height: rect.height - 2 * inset)
    }

    func look(at rect: PixelRect) -> Look {
        let interior = Self.interior(of: rect)
        let f = Self.factor
        let coarseArea = PixelRect(
            x: (interior.x + f - 1) / f, y: (interior.y + f - 1) / f, width: interior.maxX / f - (interior.x + f - 1) / f,
            height: interior.maxY / f - (interior.y + f - 1) / f)
        guard coarseArea.width >= 8, coarseArea.height >= 8 else { return .none }
        var coarse = ShiftMatch(source: coarseEmpty, target: coarseHome, area: coarseArea)
        coarse.rowStep = Swift.max(1, coarseArea.width * coarseArea.height / Self.coarsePixels)
        if coarse.sourceSpread < Self.flatSpread { return .flat(differs: differs(in: interior)) }

        // Coarse: the best correlation gives the overlay's gain and offset; the content is what
        // no offset explains; then the best correlation again without it, twice.
        let reach = WidgetCheck.reach / f
        // The overlay's gain and offset from the brightness quantiles; each offset scored by
        // the median tile's difference from them; the gain and offset refitted at the best, on
        // the tiles that fit, and the offsets scored again.
        let tile = Swift.max(6, Swift.min(coarseArea.width, coarseArea.height) / 5)
        // Gain and offset hypotheses: none (no overlay), and from the quantiles, all of them or
        // the lower or upper part (a widget's bright or dark content skews the others).
        var lines = [ShiftMatch.Line(gain: 1, offset: 0)]
        for (low, high) in [(5, 95), (5, 60), (40, 95)] {
            if let line = coarse.quantileLine(from: low, to: high) { lines.append(line) }
        }
        var line = lines[0]
        var scored: [(dx: Int, dy: Int, cost: Float)] = []
        var vote: (dx: Int, dy: Int, cost: Float, tiles: [Float]) = (0, 0, .infinity, [])
        func score(_ line: ShiftMatch.Line) -> (scored: [(dx: Int, dy: Int, cost: Float)], vote: (dx: Int, dy: Int, cost: Float, tiles: [Float])) {
            var scored: [(dx: Int, dy: Int, cost: Float)] = []
            var vote: (dx: Int, dy: Int, cost: Float, tiles: [Float]) = (0, 0, .infinity, [])
            for dy in -reach...reach {
                for dx in -reach...reach {
                    guard let tiled = coarse.tiledResidual(dx, dy, line: line, tile: tile) else { continue }
                    scored.append((dx, dy, tiled.median))
                    if tiled.median < vote.cost { vote = (dx, dy, tiled.median, tiled.tiles) }
                }
            }
            return (scored, vote)
        }
        for hypothesis in lines {
            let result = score(hypothesis)
            if result.vote.cost < vote.cost { (line, scored, vote) = (hypothesis, result.scored, result.vote) }
        }
        guard vote.cost.isFinite else { return .none }
        // Refitted at the best, on the tiles that fit it, and every offset scored again.
        coarse.keepTiles(vote.tiles.map { $0 <= 2 * vote.cost + 1 / 255 }, tile: tile)
        if let refit = coarse.fit(vote.dx, vote.dy), refit.gain > 0 {
            let again = score(ShiftMatch.Line(gain: refit.gain, offset: refit.offset))
            if again.vote.cost <= vote.cost {
                (line, scored, vote) = (ShiftMatch.Line(gain: refit.gain, offset: refit.offset), again.scored, again.vote)
            }
        }
        coarse.leaveOutMisfits(vote.dx, vote.dy, line: line, spread: 1)
        guard coarse.comparedShare >= 0.25, let best = coarse.fit(vote.dx, vote.dy) else { return .none }
        guard best.cost < 0.2 else { return .none }
        // Offsets two cells or more away that fit as well: the coarse planes cannot tell them apart.
        let tie = vote.cost * 0.5 + 0.2 / 255
        var openX = false
        var openY = false
        for other in scored where other.cost <= vote.cost + tie {
            if abs(other.dx - best.dx) >= 2 { openX = true }
            if abs(other.dy - best.dy) >= 2 { openY = true }
        }

        // Fine: the pixels around the best coarse offset; along an axis the coarse planes could
        // not tell, the whole reach (on fewer rows first).
        var fine = ShiftMatch(source: empty, target: home, area: interior)
        let rowStep = Swift.max(1, interior.width * interior.height / Self.finePixels)
        fine.takeMask(from: coarse, factor: f, spread: f)
        // Every offset scored by its mean difference from one gain and offset (the overlay's,
        // which does not change with the offset), refitted as the offset gets closer.
        var fineLine = line
        func refit(_ dx: Int, _ dy: Int) {
            if let fit = fine.fit(dx, dy), fit.gain > 0 { fineLine = ShiftMatch.Line(gain: fit.gain, offset: fit.offset) }
        }
        func search(_ xs: ClosedRange<Int>, _ ys: ClosedRange<Int>) -> (dx: Int, dy: Int, cost: Float)? {
            var found: (dx: Int, dy: Int, cost: Float)?
            for dy in ys {
                for dx in xs {
                    if let cost = fine.meanResidual(dx, dy, line: fineLine), cost < found?.cost ?? .infinity { found = (dx, dy, cost) }
                }
            }
            return found
        }
        let full = WidgetCheck.reach
        let xs = openX ? -full...full : (best.dx * f - f - 1)...(best.dx * f + f + 1)
        let ys = openY ? -full...full : (best.dy * f - f - 1)...(best.dy * f + f + 1)
        refit(best.dx * f, best.dy * f)
        // In Double: the product passes Int32 (wasm32's Int) for a large widget searched along an open axis.
        fine.rowStep = Swift.max(rowStep, Int(Double(interior.width * interior.height) * Double(xs.count * ys.count) / 25e6))
        guard let roughly = search(xs, ys) else { return .none }
        fine.rowStep = rowStep
        refit(roughly.dx, roughly.dy)
        guard let fit = search((roughly.dx - 2)...(roughly.dx + 2), (roughly.dy - 2)...(roughly.dy + 2)) else { return .none }
        // An axis is open when an offset two pixels and more away along it is as good.
        let fineTie = fit.cost * 0.5 + 0.02 / 255
        func isOpen(_ dx: Int, _ dy: Int) -> Bool {
            for k in 2...(f + 1) {
                for sign in [-1, 1] {
                    if let cost = fine.meanResidual(fit.dx + sign * k * dx, fit.dy + sign * k * dy, line: fineLine), cost <= fit.cost + fineTie {
                        return true
                    }
                }
            }
            return false
        }
        openX = isOpen(1, 0)
        openY = isOpen(0, 1)
        let compared = fine.comparedShare
        guard let correlation = fine.fit(fit.dx, fit.dy) else { return .none }
        guard compared >= 0.25, correlation.cost < 0.1, showsAWidget(interior, fit.dx, fit.dy, fineLine, noise: fit.cost) else { return .none }

        let dx = openX ? nil : fit.dx
        let dy = openY ? nil : fit.dy
        var unknown: String?
        switch (openX, openY) {
        case (true, true):
            unknown = "the wallpaper behind it repeats or does not change, so neither offset can be told"
        case (true, false):
            unknown = "the wallpaper behind it does not change from side to side (or repeats), so how far it is moved sideways cannot be told"
        case (false, true):
            unknown = "the wallpaper behind it does not change from top to bottom (or repeats), so how far it is moved up or down cannot be told"
        case (false, false): unknown = nil
        }
        return .wallpaper(
            WidgetCheck.FoundWidget(
                slot: .smallTopLeft, listed: rect,
                found: PixelRect(x: rect.x + (dx ?? 0), y: rect.y + (dy ?? 0), width: rect.width, height: rect.height), dx: dx, dy: dy,
                unknown: unknown, evidence: .wallpaper, match: Double(1 - correlation.cost), compared: Double(compared)))
    }

    /// Whether the home screen differs from the empty page inside `interior` (on the coarse planes).
    func differs(in interior: PixelRect) -> Bool {
        var total: Float = 0
        var count: Float = 0
        let f = Self.factor
        for y in (interior.y / f)..<(interior.maxY / f) {
            for x in (interior.x / f)..<(interior.maxX / f) {
                total += abs(coarseHome.values[y * coarseHome.width + x] - coarseEmpty.values[y * coarseEmpty.width + x])
                count += 1
            }
        }
        return count > 0 && total / count > tolerance / 2
    }

    /// Whether the fit is one widget showing its piece, and not the wallpaper itself seen between
    /// widgets. Tile by tile (an eighth of the interior's side), where the widget's piece and the
    /// bare wallpaper at that place differ on the mean, the home screen must not look like the
    /// bare wallpaper (a gap between two widgets, or no widget, does); and somewhere they must
    /// differ. Means over tiles tell apart differences well under a level, which single pixels
    /// cannot on a smooth wallpaper.
    func showsAWidget(_ interior: PixelRect, _ dx: Int, _ dy: Int, _ line: ShiftMatch.Line, noise: Float) -> Bool {
        let tile = Swift.max(16, Swift.min(interior.width, interior.height) / 8)
        let columns = (interior.width + tile - 1) / tile
        let rows = (interior.height + tile - 1) / tile
        // Per tile: count, |shown − piece|, |shown − bare|, |piece − bare|.
        var sums = [Float](repeating: 0, count: columns * rows * 4)
        empty.values.withUnsafeBufferPointer { from in
            home.values.withUnsafeBufferPointer { to in
                sums.withUnsafeMutableBufferPointer { acc in
                    for row in 0..<interior.height {
                        let s = (interior.y + row) * empty.width + interior.x
                        let t = (interior.y + row + dy) * home.width + interior.x + dx
                        let tileRow = (row / tile) * columns
                        for column in 0..<interior.width {
                            let piece = line.gain * from[s + column] + line.offset
                            let bare = from[t + column]
                            let shown = to[t + column]
                            let k = (tileRow + column / tile) * 4
                            acc[k] += 1
                            acc[k + 1] += abs(shown - piece)
                            acc[k + 2] += abs(shown - bare)
                            acc[k + 3] += abs(piece - bare)
                        }
                    }
                }
            }
        }
        var distinguishable = 0
        var bare = 0
        let floor = Swift.max(0.15 / 255, 2 * noise)
        for index in 0..<(columns * rows) {
            let k = index * 4
            let n = sums[k]
            guard n > 0, sums[k + 3] / n > floor else { continue }
            distinguishable += 1
            if sums[k + 2] / n + 0.05 / 255 < 0.5 * sums[k + 1] / n { bare += 1 }
        }
        return distinguishable * 10 >= columns * rows && bare * 20 <= distinguishable && bare < 3
    }

    /// When no widget shows its piece near its slot: whether one shows a piece of this wallpaper
    /// from farther away, cropped with another layout. Searches the whole empty page, on planes
    /// averaged 8×8, for the middle of the first slot (smallest first) where the home screen
    /// differs from the empty page; returns what to say, or nil.
    func pieceFromElsewhere(slots: [(id: SlotID, rect: PixelRect)]) -> String? {
        let f = 8
        let source = home.downsampled(by: f)
        let target = empty.downsampled(by: f)
        let reach = WidgetCheck.reach
        for (id, rect) in slots.sorted(by: { $0.rect.width * $0.rect.height < $1.rect.width * $1.rect.height }) {
            let interior = Self.interior(of: rect)
            // What lies inside the widget wherever it is within reach of its slot.
            let shrink = Swift.max(0, reach - (interior.x - rect.x))
            let middle = PixelRect(
                x: (interior.x + shrink) / f + 1, y: (interior.y + shrink) / f + 1, width: (interior.width - 2 * shrink) / f - 2,
                height: (interior.height - 2 * shrink) / f - 2)
            guard middle.width >= 6, middle.height >= 6, rect.isInside(PixelSize(width: home.width, height: home.height)),
                differs(in: interior)
            else { continue }
            let match = ShiftMatch(source: source, target: target, area: middle)
            guard match.sourceSpread >= Self.flatSpread else { continue }
            var fits: [ShiftMatch.Fit] = []
            for dy in (-middle.y)...(target.height - middle.maxY) {
                for dx in (-middle.x)...(target.width - middle.maxX) {
                    if let fit = match.fit(dx, dy), fit.cost < 0.05 { fits.append(fit) }
                }
            }
            guard let best = fits.min(by: { $0.cost < $1.cost }), best.cost < 0.03,
                abs(best.dx * f) > reach + f || abs(best.dy * f) > reach + f
            else { continue }
            // A piece that fits as well somewhere else (a flat or repeating wallpaper) says nothing.
            if fits.contains(where: { $0.cost <= best.cost + 0.01 && Swift.max(abs($0.dx - best.dx), abs($0.dy - best.dy)) >= 3 }) { continue }
            let (x, y) = ((middle.x + best.dx) * f, (middle.y + best.dy) * f)
            return "the widget at \(id.rawValue) shows the wallpaper from about x \(x), y \(y) of the empty page, "
                + "\(Swift.max(abs(best.dx), abs(best.dy)) * f) px from where it sits, farther than any widget is off: its background was not cropped with this layout"
        }
        return nil
    }
}

import SlotGeometry

/// Looks for the piece of wallpaper a listed slot holds on the home screen, coarse to fine: on
/// planes averaged 4×4 over the whole reach, then on the pixels near the best coarse offset.
package struct WidgetSearch {
    /// The empty page the pieces were cropped from, in the style they were cropped in.
    let empty: LuminancePlane
    let home: LuminancePlane
    /// The empty page as it is: the wallpaper itself, which the home screen shows between widgets
    /// (`empty` itself unless the pieces were cropped in a style).
    let bare: LuminancePlane
    let coarseEmpty: LuminancePlane
    let coarseHome: LuminancePlane
    let coarseBare: LuminancePlane
    /// `coarseEmpty` blurred by each of ``blurSizes``: what a widget made with a blurring style
    /// shows (``looksBlurred(at:offset:)``), made once for every widget compared.
    let coarseEmptyBlurred: [LuminancePlane]
    /// Single-pixel brightness differences above this are not noise (the pair's
    /// ``DifferenceThreshold``).
    let tolerance: Float
    /// How far from its slot a widget counts as found, in pixels, on each axis.
    private(set) var reach: Int
    /// How far offsets are scored: a little beyond ``reach``, so that a widget farther off is
    /// seen to be beyond it (its best offset outside the reach) rather than taken at its edge.
    var window: Int { reach + 3 }
    /// Differences up to this between two pixels of one page are noise: the steps the pair's
    /// roles are read from (``CheckPairRoles``, ``RepeatBreaks``) must be larger.
    var calm: Float { Swift.max(2 / 255, tolerance / 2) }

    /// How much the coarse planes are averaged.
    static let factor = 4
    /// The share of each side of a slot left out as the widget's rim and rounded corners.
    static let insetShare = 14
    /// Below this spread of brightness, the wallpaper behind a widget is one flat colour.
    static let flatSpread: Float = 0.5 / 255
    /// A difference this large is the widget's own content (or no match at all), whatever the
    /// offset: the fine search counts no difference as larger.
    static let contentLevel: Float = 10 / 255
    /// The most a gain and offset take up of a shift along a smooth gradient, within the reach
    /// (about 40 px at a tenth of a level per pixel): the difference an overlay of fewer numbers
    /// may show where they fit best, and still be looked for.
    static let shiftTakenUp: Float = 5 / 255
    /// The tile share the coarse vote ranks by first: the median tile.
    static let medianTile: Float = 0.5
    /// The tile share of the second look, where a widget's content covers most of its tiles.
    static let lowerQuartile: Float = 0.25
    /// The most pixels compared per offset on the fine level (rows are skipped above it).
    static let finePixels = 120_000
    /// The most pixels scored per offset on the coarse level (rows are skipped above it).
    static let coarsePixels = 12_000
    /// How many offsets nearly as good as the coarse vote's are tried where the vote's leaves too
    /// little of the piece to compare.
    static let nearlyAsGoodTried = 8
    /// How many of the offsets the wallpaper cannot tell from the fit are looked at, the nearest
    /// first, for one that shows a widget where the fit does not.
    static let tiesLooked = 48

    init(empty: LuminancePlane, home: LuminancePlane, bare: LuminancePlane? = nil, tolerance: Float, reach: Int = WidgetCheck.reach) {
        self.reach = reach
        self.empty = empty
        self.home = home
        self.bare = bare ?? empty
        let coarseEmpty = empty.downsampled(by: Self.factor)
        self.coarseEmpty = coarseEmpty
        coarseHome = home.downsampled(by: Self.factor)
        coarseBare = bare?.downsampled(by: Self.factor) ?? coarseEmpty
        coarseEmptyBlurred = Self.blurSizes.map { coarseEmpty.blurred(sigma: Float($0) / Float(Self.factor)) }
        self.tolerance = tolerance
    }

    /// The same planes, looked at as far as `farther` pixels from a slot: to tell a widget that
    /// shows its piece from beyond the reach from one that something covers.
    func reaching(_ farther: Int) -> WidgetSearch {
        var wider = self
        wider.reach = farther
        return wider
    }

    /// Where a piece fits best with one kind of overlay: the offset; the mean difference and the
    /// correlation's cost (1 − r) there, with the content left out where that offset puts it; and
    /// the overlay's gain and offset.
    typealias Located = (dx: Int, dy: Int, cost: Float, line: ShiftMatch.Line, correlation: Float)

    /// What the home screen shows at a listed slot.
    enum Look {
        /// A widget showing a piece of the wallpaper, its slot still to be named.
        case wallpaper(WidgetCheck.FoundWidget)
        /// The wallpaper behind the slot is flat: nothing can be matched. `differs` says whether
        /// the home screen differs from the empty page there (something covers it).
        case flat(differs: Bool)
        /// No widget here shows a piece of the wallpaper (as far as the offsets voted for by
        /// the tile share asked for tell).
        case none
        /// A widget shows the slot's piece, but farther off than ``reach``.
        case beyond
    }

    /// The slot's interior: the part of any widget near it that shows the wallpaper, clear of
    /// the rim and the rounded corners.
    static func interior(of rect: PixelRect) -> PixelRect {
        let inset = Swift.max(4, Swift.min(rect.width, rect.height) * insetShare / 100)
        return PixelRect(x: rect.x + inset, y: rect.y + inset, width: rect.width - 2 * inset, height: rect.height - 2 * inset)
    }

    /// What the home screen shows at `rect`, each offset scored on the coarse planes by the tile
    /// `share` of the way up from the best: a half (the median tile), or a quarter where a large
    /// clock or text on a small widget covers most of its tiles (the median tile then follows
    /// the content).
    ///
    /// With `cellsMoved`, the same on the home screen averaged again around the slot with its
    /// cells moved by half a cell (``phases``), then on both pages averaged with a tent
    /// (``LuminancePlane/tentDownsampled(by:from:cells:)``), the cells as they are, moved so, and
    /// moved by a quarter cell both ways (``quarterPhases``); the first that fits looked at to the
    /// pixel; ``Look/none`` where none fits or the home
    /// screen does not differ from the empty page at the slot. A coarse cell averages ``factor``
    /// × ``factor`` pixels, so a widget moved by part of a cell over a wallpaper finer than a
    /// cell (stripes or noise a few pixels wide) can match no coarse offset of the cells as they
    /// are. The tent changes the cells less with such a move, but is not better everywhere: in
    /// the first look, a medium widget on slanted stripes was reported as two small ones; first
    /// in the second, a medium widget half under a banner was not found where its small halves
    /// were. So it is looked through last.
    func look(at rect: PixelRect, share: Float = medianTile, cellsMoved: Bool = false) -> Look {
        guard cellsMoved else { return look(at: rect, share: share, coarseSource: coarseEmpty, coarseTarget: coarseHome, phase: (0, 0)) ?? .none }
        let interior = Self.interior(of: rect)
        guard differs(in: interior) else { return .none }
        let margin = (window + Self.factor - 1) / Self.factor + 2
        let cells = PixelRect(
            x: interior.x / Self.factor - margin, y: interior.y / Self.factor - margin,
            width: interior.width / Self.factor + 2 * margin, height: interior.height / Self.factor + 2 * margin)
        // The cells moved as the first look has them, then both pages averaged with a tent.
        for tent in [false, true] {
            let source = tent ? empty.tentDownsampled(by: Self.factor, cells: cells) : coarseEmpty
            for phase in (tent ? [(0, 0)] : []) + Self.phases + (tent ? Self.quarterPhases : []) {
                let target =
                    tent
                    ? home.tentDownsampled(by: Self.factor, from: phase, cells: cells)
                    : home.downsampled(by: Self.factor, from: phase, cells: cells)
                if let look = look(at: rect, share: share, coarseSource: source, coarseTarget: target, phase: phase) { return look }
            }
        }
        return .none
    }

    /// Where the home screen's coarse cells begin for a second look: moved by half a cell across,
    /// down and both (an offset then lies within a pixel of a coarse one).
    static let phases: [(x: Int, y: Int)] = [(factor / 2, 0), (0, factor / 2), (factor / 2, factor / 2)]

    /// Where the home screen's tent-averaged cells begin for a last look: moved by a quarter cell
    /// both ways (an offset a pixel off a half-cell one on both axes, where even the tent loses a
    /// texture of single pixels, then lies on one).
    static let quarterPhases: [(x: Int, y: Int)] = [(1, 1), (3, 1), (1, 3), (3, 3)].map { (factor * $0.0 / 4, factor * $0.1 / 4) }

    /// ``look(at:share:cellsMoved:)`` with the home screen's coarse plane `coarseTarget`, whose cells begin
    /// `phase` pixels right of and below the empty page's (a coarse offset d is d × ``factor`` +
    /// `phase` pixels); nil where no coarse offset fits, or none fits to the pixel or shows a
    /// widget there (the next cells are then tried); ``Look/none`` where the piece is too small
    /// to compare on the coarse planes.
    private func look(at rect: PixelRect, share: Float, coarseSource: LuminancePlane, coarseTarget: LuminancePlane, phase: (x: Int, y: Int)) -> Look?
    {
        let interior = Self.interior(of: rect)
        let f = Self.factor
        let coarseArea = PixelRect(
            x: (interior.x + f - 1) / f, y: (interior.y + f - 1) / f, width: interior.maxX / f - (interior.x + f - 1) / f,
            height: interior.maxY / f - (interior.y + f - 1) / f)
        guard coarseArea.width >= 8, coarseArea.height >= 8 else { return Look.none }
        var coarse = ShiftMatch(source: coarseSource, target: coarseTarget, area: coarseArea)
        coarse.rowStep = Swift.max(1, coarseArea.width * coarseArea.height / Self.coarsePixels)
        if coarse.sourceSpread < Self.flatSpread { return .flat(differs: differs(in: interior)) }

        // Coarse: the best correlation gives the overlay's gain and offset; the content is what
        // no offset explains; then the best correlation again without it, twice.
        let coarseReach = (window + f - 1) / f
        // The overlay's gain and offset from the brightness quantiles; each offset scored by
        // the difference from them of the tile `share` of the way up; the gain and offset
        // refitted at the best, on the tiles that fit, and the offsets scored again.
        let tile = Swift.max(6, Swift.min(coarseArea.width, coarseArea.height) / 5)
        // Gain and offset hypotheses: none (no overlay), and from the quantiles, all of them or
        // the lower or upper part (a widget's bright or dark content skews the others).
        var lines = [ShiftMatch.Line(gain: 1, offset: 0)]
        let quantiles = coarse.quantiles()
        for (low, high) in [(5, 95), (5, 60), (40, 95)] {
            if let line = ShiftMatch.quantileLine(quantiles, from: low, to: high) { lines.append(line) }
        }
        var line = lines[0]
        var scored: [(dx: Int, dy: Int, cost: Float)] = []
        var vote: (dx: Int, dy: Int, cost: Float, tiles: [Float]) = (0, 0, .infinity, [])
        func score(_ line: ShiftMatch.Line) -> (scored: [(dx: Int, dy: Int, cost: Float)], vote: (dx: Int, dy: Int, cost: Float, tiles: [Float])) {
            var scored: [(dx: Int, dy: Int, cost: Float)] = []
            var vote: (dx: Int, dy: Int, cost: Float, tiles: [Float]) = (0, 0, .infinity, [])
            for dy in -coarseReach...coarseReach {
                for dx in -coarseReach...coarseReach {
                    guard let tiled = coarse.tiledResidual(dx, dy, line: line, tile: tile, share: share) else { continue }
                    scored.append((dx, dy, tiled.ranked))
                    if tiled.ranked < vote.cost { vote = (dx, dy, tiled.ranked, tiled.tiles) }
                }
            }
            return (scored, vote)
        }
        for hypothesis in lines {
            let result = score(hypothesis)
            if result.vote.cost < vote.cost { (line, scored, vote) = (hypothesis, result.scored, result.vote) }
        }
        guard vote.cost.isFinite else { return nil }
        // Refitted at the best, on the tiles that fit it, and every offset scored again.
        coarse.keepTiles(vote.tiles.map { $0 <= 2 * vote.cost + 1 / 255 }, tile: tile, at: vote.dx, vote.dy)
        if let refit = coarse.fit(vote.dx, vote.dy), refit.gain > 0 {
            let again = score(ShiftMatch.Line(gain: refit.gain, offset: refit.offset))
            if again.vote.cost <= vote.cost {
                (line, scored, vote) = (ShiftMatch.Line(gain: refit.gain, offset: refit.offset), again.scored, again.vote)
            }
        }
        // Offsets whose tiles fit within this of the best: the coarse planes cannot tell them from it.
        let tie = vote.cost * 0.5 + 0.2 / 255
        // The content left out where the best puts it. Where that leaves too little (on a texture
        // that repeats under a slow shading, the best can be a repeat the shading does not fit
        // everywhere, and most cells then look like content), the offsets nearly as good are
        // tried in turn, the best first (each replaces the whole mask: no copy to go back to).
        coarse.leaveOutMisfits(vote.dx, vote.dy, line: line, spread: 1)
        if coarse.comparedShare < 0.25 {
            for other in scored.filter({ $0.cost <= vote.cost + tie && ($0.dx, $0.dy) != (vote.dx, vote.dy) }).sorted(by: { $0.cost < $1.cost })
                .prefix(Self.nearlyAsGoodTried)
            {
                coarse.leaveOutMisfits(other.dx, other.dy, line: line, spread: 1)
                if coarse.comparedShare >= 0.25 {
                    (vote.dx, vote.dy, vote.cost) = (other.dx, other.dy, other.cost)
                    break
                }
            }
        }
        guard coarse.comparedShare >= 0.25, let best = coarse.fit(vote.dx, vote.dy) else { return nil }
        guard best.cost < 0.2 else { return nil }
        // Offsets two cells or more away that fit as well (the vote's own, where a nearly as good
        // one was taken): the coarse planes cannot tell them apart.
        var openX = false
        var openY = false
        for other in scored where other.cost <= vote.cost + tie {
            if abs(other.dx - best.dx) >= 2 { openX = true }
            if abs(other.dy - best.dy) >= 2 { openY = true }
        }
        // And at normalised contrast (the gain and offset fitted again there): along a gradient
        // that is straight where the widget is, an offset elsewhere fits as well; the fine level
        // then decides, with the overlay it can have.
        func correlatesAsWell(_ dx: Int, _ dy: Int) -> Bool {
            for k in 2...3 {
                for sign in [-1, 1] {
                    if let other = coarse.fit(best.dx + sign * k * dx, best.dy + sign * k * dy), other.cost <= best.cost * 1.5 + 0.0005 {
                        return true
                    }
                }
            }
            return false
        }
        openX = openX || correlatesAsWell(1, 0)
        openY = openY || correlatesAsWell(0, 1)

        // Fine: the pixels around the best offset, for each overlay; along an axis the coarse
        // planes could not tell, the best found first over the whole reach on the coarse planes.
        var fine = ShiftMatch(source: empty, target: home, area: interior)
        let rowStep = Swift.max(1, interior.width * interior.height / Self.finePixels)
        fine.takeMask(from: coarse, factor: f, phase: phase, spread: f)
        let full = window
        let side = 2 * f + 3
        // In Double: the product passes Int32 (wasm32's Int) for a large widget.
        let wideStep = Swift.max(rowStep, Int(Double(interior.width * interior.height) * Double(side * side) / 25e6))
        let coarseLine = line
        /// Every offset scored by its mean difference from one gain and offset (the overlay's,
        /// which does not change with the offset), refitted within `overlay` as the offset gets
        /// closer: along an open axis over the whole reach on the coarse planes first (fitted at
        /// `start`); then the pixels around the best, on fewer rows first.
        func locate(_ overlay: ShiftMatch.Overlay, from start: (dx: Int, dy: Int)) -> Located? {
            var center = start
            if openX || openY {
                let origin = (dx: (start.dx - phase.x) / f, dy: (start.dy - phase.y) / f)
                guard let wide = coarse.line(origin.dx, origin.dy, overlay) ?? (overlay == .free ? coarseLine : nil) else { return nil }
                let span = full / f
                let found = Self.least(openX ? -span...span : origin.dx...origin.dx, openY ? -span...span : origin.dy...origin.dy) {
                    coarse.meanResidual($0, $1, line: wide, cap: Self.contentLevel, unlessAbove: $2)
                }
                guard let found else { return nil }
                center = (found.dx * f + phase.x, found.dy * f + phase.y)
            }
            fine.rowStep = rowStep
            guard var line = fine.line(center.dx, center.dy, overlay) ?? (overlay == .free ? coarseLine : nil) else { return nil }
            func search(_ xs: ClosedRange<Int>, _ ys: ClosedRange<Int>) -> (dx: Int, dy: Int, cost: Float)? {
                let (left, right) = (Swift.max(xs.lowerBound, -full), Swift.min(xs.upperBound, full))
                let (top, bottom) = (Swift.max(ys.lowerBound, -full), Swift.min(ys.upperBound, full))
                guard left <= right, top <= bottom else { return nil }
                return Self.least(left...right, top...bottom) { fine.meanResidual($0, $1, line: line, cap: Self.contentLevel, unlessAbove: $2) }
            }
            fine.rowStep = wideStep
            let around = ((center.dx - f - 1)...(center.dx + f + 1), (center.dy - f - 1)...(center.dy + f + 1))
            guard var roughly = search(around.0, around.1) else { return nil }
            // On a texture finer than a coarse cell, the start is a pixel or two off, and the
            // gain and offset fitted there can be far from the overlay's (a texture uncorrelated
            // a pixel away): the coarse planes' fit, on the cells, is tried as well.
            if overlay == .free, line.gain < coarseLine.gain * 0.5 {
                let fitted = line
                line = coarseLine
                if let other = search(around.0, around.1), other.cost < roughly.cost { roughly = other } else { line = fitted }
            }
            fine.rowStep = rowStep
            // Around the best, refitted there, until the best stays where it is.
            var near = roughly
            for _ in 0..<5 {
                line = fine.line(near.dx, near.dy, overlay) ?? line
                let (x, y) = (Swift.min(Swift.max(near.dx, -full), full), Swift.min(Swift.max(near.dy, -full), full))
                guard let next = search((x - 2)...(x + 2), (y - 2)...(y + 2)) else { return nil }
                if (next.dx, next.dy) == (near.dx, near.dy) { break }
                near = next
            }
            // Scored there with the content left out where this offset puts it, so that overlays
            // found at different offsets are compared on the wallpaper alone.
            var own = fine
            line = own.line(near.dx, near.dy, overlay) ?? line
            own.leaveOutMisfits(near.dx, near.dy, line: line, spread: 2)
            line = own.line(near.dx, near.dy, overlay) ?? line
            guard let cost = own.meanResidual(near.dx, near.dy, line: line), let correlation = own.fit(near.dx, near.dy) else { return nil }
            return (near.dx, near.dy, cost, line, correlation.cost)
        }
        // The simplest overlay that explains the widget as well as any gain and offset: none,
        // else a white or black tint (the better), else any gain and offset. The fewer numbers
        // an overlay has, the less it takes up a shift (along a straight gradient, above all).
        let coarseBest = (dx: best.dx * f + phase.x, dy: best.dy * f + phase.y)
        guard let free = locate(.free, from: coarseBest) else { return nil }
        // Whether the piece correlates where an overlay put it, with the content the coarse vote
        // left out (where it is on the home screen): else no one widget shows it there.
        func correlates(_ dx: Int, _ dy: Int) -> Bool { (fine.fit(dx, dy)?.cost ?? 1) < 0.1 }
        let freeCorrelates = correlates(free.dx, free.dy)
        var (fit, overlay) = ((dx: free.dx, dy: free.dy, cost: free.cost), ShiftMatch.Overlay.free)
        var fineLine = free.line
        func explains(_ cost: Float) -> Bool { cost <= free.cost * 1.1 + 0.05 / 255 }
        // An overlay far off where any gain and offset fit best cannot be it: along a gradient, a
        // shift taken up there costs a few levels; another overlay, tens (not looked for).
        func located(_ overlay: ShiftMatch.Overlay) -> Located? {
            guard let there = fine.line(free.dx, free.dy, overlay),
                let cost = fine.meanResidual(free.dx, free.dy, line: there, cap: Self.contentLevel),
                cost <= free.cost * 2 + Self.shiftTakenUp
            else { return nil }
            return locate(overlay, from: (free.dx, free.dy))
        }
        // No overlay is looked for wherever any gain and offset fit: along a smooth gradient
        // under the widget's content they can take up a shift so well that they fit best, and
        // correlate badly, far from the widget. Without an overlay nothing takes up a shift, so
        // its own fit, the content left out where it puts it, can be trusted to correlate.
        if let bare = locate(.none, from: freeCorrelates ? (free.dx, free.dy) : coarseBest),
            bare.correlation < 0.1, !freeCorrelates || explains(bare.cost)
        {
            (fit, overlay, fineLine) = ((bare.dx, bare.dy, bare.cost), .none, bare.line)
        } else {
            // No offset correlates: no one widget shows this slot's piece.
            guard freeCorrelates else { return nil }
            for colour: Float in [1, 0] {
                if let tinted = located(.tint(toward: colour)), explains(tinted.cost), overlay == .free || tinted.cost < fit.cost {
                    (fit, overlay, fineLine) = ((tinted.dx, tinted.dy, tinted.cost), .tint(toward: colour), tinted.line)
                }
            }
        }
        // The content left out where it is at that offset, and the overlay fitted again without it.
        fine.leaveOutMisfits(fit.dx, fit.dy, line: fineLine, spread: 2)
        fineLine = fine.line(fit.dx, fit.dy, overlay) ?? fineLine
        guard let cost = fine.meanResidual(fit.dx, fit.dy, line: fineLine) else { return nil }
        fit.cost = cost
        // Unique in the window? Every offset of it scored on a sample of the widget's pixels: one
        // clearly better elsewhere (the search above stopped at a repeat of the wallpaper) is
        // taken and refined there, once; those nearly as good are the answers the wallpaper
        // cannot tell apart.
        var unique = uniqueness(fine, at: (fit.dx, fit.dy), overlay: overlay)
        // With part of the widget left out as content: another offset that explains every pixel
        // far better, and more of them (not just the content elsewhere), is taken instead.
        if unique.better == nil, fine.comparedShare < 0.95, let other = betterForEveryPixel(fine, at: (fit.dx, fit.dy), overlay: overlay),
            var trial = Optional(fine), let there = trial.line(other.dx, other.dy, overlay)
        {
            trial.leaveOutMisfits(other.dx, other.dy, line: there, spread: 2)
            if trial.comparedShare > fine.comparedShare + 0.05 { unique.better = other }
        }
        if let better = unique.better {
            (openX, openY) = (false, false)
            // Refined there, unless refining leaves the reach (along a wallpaper that does not
            // change, it may drift to the window's edge): then taken as it is.
            if let moved = locate(overlay, from: better), abs(moved.dx) <= reach, abs(moved.dy) <= reach {
                (fit, fineLine) = ((moved.dx, moved.dy, moved.cost), moved.line)
            } else {
                guard let line = fine.line(better.dx, better.dy, overlay) else { return nil }
                (fit, fineLine) = ((better.dx, better.dy, fit.cost), line)
            }
            fine.leaveOutMisfits(fit.dx, fit.dy, line: fineLine, spread: 2)
            fineLine = fine.line(fit.dx, fit.dy, overlay) ?? fineLine
            guard let cost = fine.meanResidual(fit.dx, fit.dy, line: fineLine) else { return nil }
            fit.cost = cost
            unique = uniqueness(fine, at: (fit.dx, fit.dy), overlay: overlay)
        }
        // An axis is open, too, when an offset two pixels and more away along it is as good, its
        // overlay refitted there (within the same kind of overlay): the wallpaper is smooth there.
        let fineTie = fit.cost * 0.5 + 0.02 / 255
        func isOpen(_ dx: Int, _ dy: Int) -> Bool {
            for k in 2...(f + 1) {
                for sign in [-1, 1] {
                    let (x, y) = (fit.dx + sign * k * dx, fit.dy + sign * k * dy)
                    guard let there = fine.line(x, y, overlay) else { continue }
                    if let cost = fine.meanResidual(x, y, line: there, unlessAbove: fit.cost + fineTie), cost <= fit.cost + fineTie { return true }
                }
            }
            return false
        }
        let whyX = unique.x ?? (isOpen(1, 0) ? .flat : nil)
        let whyY = unique.y ?? (isOpen(0, 1) ? .flat : nil)
        // Where the wallpaper cannot tell an axis, the fit is one of the offsets it cannot tell
        // apart, and the widget may be at another: its outline, not the wallpaper, says which
        // one shows a widget (its interior all on the widget, none on the bare wallpaper beside
        // it). The axes stay unknown; only that a widget is there is taken from it.
        var shown: Bool?
        if whyX != nil || whyY != nil, !showsAWidget(interior, fit.dx, fit.dy, fineLine, noise: fit.cost) {
            shown = false
            // Along an axis the wallpaper does not change, every offset is as good: there, the
            // fit's (which may have drifted to the reach's edge) and none at all are looked at.
            let fitted = (dx: fit.dx, dy: fit.dy)
            func along(_ value: Int, _ why: WidgetCheck.Ambiguity?, _ fitted: Int) -> [Int] { why == .flat ? [fitted, 0] : [value] }
            var others: [(dx: Int, dy: Int)] = []
            for tie in unique.ties {
                for dx in along(tie.dx, whyX, fitted.dx) {
                    for dy in along(tie.dy, whyY, fitted.dy) where (dx, dy) != fitted && !others.contains(where: { $0 == (dx, dy) }) {
                        others.append((dx, dy))
                    }
                }
            }
            func distance(_ offset: (dx: Int, dy: Int)) -> Int { abs(offset.dx - fitted.dx) + abs(offset.dy - fitted.dy) }
            others.sort { (distance($0), $0.dy, $0.dx) < (distance($1), $1.dy, $1.dx) }
            // Explaining the widget as well on all it compares (the scan that found the ties
            // compares a sample), and showing one there.
            let asWell = fit.cost * Self.tieShare + Self.tieLevels
            for other in others.prefix(Self.tiesLooked) {
                guard let there = fine.line(other.dx, other.dy, overlay),
                    let cost = fine.meanResidual(other.dx, other.dy, line: there, unlessAbove: asWell), cost <= asWell,
                    showsAWidget(interior, other.dx, other.dy, there, noise: fit.cost)
                else { continue }
                (fit.dx, fit.dy, fineLine) = (other.dx, other.dy, there)
                shown = true
                break
            }
        }
        let compared = fine.comparedShare
        guard let correlation = fine.fit(fit.dx, fit.dy) else { return nil }
        // (Where the ties were looked at, whether a widget shows is known.)
        guard compared >= 0.25, correlation.cost < 0.1, shown ?? showsAWidget(interior, fit.dx, fit.dy, fineLine, noise: fit.cost) else {
            return nil
        }
        // Best beyond the reach along an axis it is known on, or at the window's edge along one
        // where no offset far from it explains the widget as well (it would lie anywhere along a
        // wallpaper that does not change): the widget is farther off than any is looked for.
        let edgeX = abs(fit.dx) >= window - 1 && !unique.spansX
        let edgeY = abs(fit.dy) >= window - 1 && !unique.spansY
        if (whyX == nil && abs(fit.dx) > reach) || (whyY == nil && abs(fit.dy) > reach) || edgeX || edgeY { return .beyond }

        let dx = whyX == nil ? fit.dx : nil
        let dy = whyY == nil ? fit.dy : nil
        return .wallpaper(
            WidgetCheck.FoundWidget(
                slot: .smallTopLeft, listed: rect,
                found: PixelRect(x: rect.x + (dx ?? 0), y: rect.y + (dy ?? 0), width: rect.width, height: rect.height), dx: dx, dy: dy,
                unknown: WidgetCheck.Ambiguity.words(x: whyX, y: whyY), evidence: .wallpaper, match: Double(1 - correlation.cost),
                compared: Double(compared), whyX: whyX, whyY: whyY))
    }

    /// The offset of `xs` × `ys` whose `mean` is least, the first in rows from the top left
    /// where several are: `mean(dx, dy, limit)` is an offset's mean, nil where it has none, or
    /// where it is above `limit` (it need not be worked out in full).
    ///
    /// The middle offset first: an offset whose mean is above the middle's cannot be the least,
    /// and one above the least so far would not be taken.
    package static func least(
        _ xs: ClosedRange<Int>, _ ys: ClosedRange<Int>, _ mean: (Int, Int, Float) -> Float?
    ) -> (dx: Int, dy: Int, cost: Float)? {
        let middle = (dx: (xs.lowerBound + xs.upperBound) / 2, dy: (ys.lowerBound + ys.upperBound) / 2)
        let middleMean = mean(middle.dx, middle.dy, .infinity)
        var found: (dx: Int, dy: Int, cost: Float)?
        for dy in ys {
            for dx in xs {
                let limit = Swift.min(middleMean ?? .infinity, found?.cost ?? .infinity)
                let cost = (dx, dy) == middle ? middleMean : mean(dx, dy, limit)
                if let cost, cost < found?.cost ?? .infinity { found = (dx, dy, cost) }
            }
        }
        return found
    }

    /// Whether the home screen differs from the empty page as it is inside `interior` (on the
    /// coarse planes).
    func differs(in interior: PixelRect) -> Bool {
        var total: Float = 0
        var count: Float = 0
        let f = Self.factor
        for y in (interior.y / f)..<(interior.maxY / f) {
            for x in (interior.x / f)..<(interior.maxX / f) {
                total += abs(coarseHome.values[y * coarseHome.width + x] - coarseBare.values[y * coarseBare.width + x])
                count += 1
            }
        }
        return count > 0 && total / count > tolerance / 2
    }

    /// Whether the fit is one widget showing its piece, and not the wallpaper itself seen between
    /// widgets. Tile by tile (an eighth of the interior's side), where the widget's piece and the
    /// bare wallpaper at that place differ on the mean, the home screen must not look like the
    /// bare wallpaper (a gap between two widgets, or no widget, does); and somewhere they must
    /// differ. Then the same in strips across the whole interior, 2 px wide (columns) and high
    /// (rows): two side by side that look like the bare wallpaper, between strips that show the
    /// piece, are the gap between two widgets, however narrow (two small widgets moved towards
    /// each other), not one larger widget.
    /// Means over tiles and strips tell apart differences well under a level, which single pixels
    /// cannot on a smooth wallpaper.
    func showsAWidget(_ interior: PixelRect, _ dx: Int, _ dy: Int, _ line: ShiftMatch.Line, noise: Float) -> Bool {
        let tile = Swift.max(16, Swift.min(interior.width, interior.height) / 8)
        let columns = (interior.width + tile - 1) / tile
        let rows = (interior.height + tile - 1) / tile
        let strip = 2
        let stripColumns = (interior.width + strip - 1) / strip
        let stripRows = (interior.height + strip - 1) / strip
        // Per tile and per strip: count, |shown − piece|, |shown − bare|, |piece − bare|.
        var sums = [Float](repeating: 0, count: columns * rows * 4)
        var columnSums = [Float](repeating: 0, count: stripColumns * 4)
        var rowSums = [Float](repeating: 0, count: stripRows * 4)
        empty.values.withUnsafeBufferPointer { from in
            self.bare.values.withUnsafeBufferPointer { wallpaper in
                home.values.withUnsafeBufferPointer { to in
                    sums.withUnsafeMutableBufferPointer { acc in
                        columnSums.withUnsafeMutableBufferPointer { byColumn in
                            rowSums.withUnsafeMutableBufferPointer { byRow in
                                for row in 0..<interior.height {
                                    let s = (interior.y + row) * empty.width + interior.x
                                    let t = (interior.y + row + dy) * home.width + interior.x + dx
                                    let tileRow = (row / tile) * columns
                                    let r = (row / strip) * 4
                                    for column in 0..<interior.width {
                                        let piece = line.gain * from[s + column] + line.offset
                                        let bare = wallpaper[t + column]
                                        let shown = to[t + column]
                                        let (toPiece, toBare, apart) = (abs(shown - piece), abs(shown - bare), abs(piece - bare))
                                        let k = (tileRow + column / tile) * 4
                                        acc[k] += 1
                                        acc[k + 1] += toPiece
                                        acc[k + 2] += toBare
                                        acc[k + 3] += apart
                                        let c = (column / strip) * 4
                                        byColumn[c] += 1
                                        byColumn[c + 1] += toPiece
                                        byColumn[c + 2] += toBare
                                        byColumn[c + 3] += apart
                                        byRow[r] += 1
                                        byRow[r + 1] += toPiece
                                        byRow[r + 2] += toBare
                                        byRow[r + 3] += apart
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        let floor = Swift.max(0.15 / 255, 2 * noise)
        /// Whether the part whose sums start at `k` tells the piece from the bare wallpaper, and
        /// whether it looks like the bare wallpaper.
        func part(_ sums: [Float], _ k: Int) -> (distinguishable: Bool, bare: Bool) {
            let n = sums[k]
            guard n > 0, sums[k + 3] / n > floor else { return (false, false) }
            return (true, sums[k + 2] / n + 0.05 / 255 < 0.5 * sums[k + 1] / n)
        }
        var distinguishable = 0
        var bare = 0
        for index in 0..<(columns * rows) {
            let (tells, looksBare) = part(sums, index * 4)
            if tells { distinguishable += 1 }
            if looksBare { bare += 1 }
        }
        guard distinguishable * 10 >= columns * rows, bare * 20 <= distinguishable, bare < 3 else { return false }
        // A gap: two strips or more side by side that look bare, between strips that show the
        // piece (bare strips along an edge are the widget moved off a small interior).
        for (strips, count) in [(columnSums, stripColumns), (rowSums, stripRows)] {
            var run = 0
            var shownBefore = false
            for index in 0..<count {
                let (tells, looksBare) = part(strips, index * 4)
                if looksBare {
                    run += 1
                    continue
                }
                if tells {
                    if run >= 2, shownBefore { return false }
                    shownBefore = true
                }
                run = 0
            }
        }
        return true
    }

    /// When no widget shows its piece near its slot: whether one shows a piece of this wallpaper
    /// from farther away, cropped with another layout. Searches the whole empty page, on planes
    /// averaged 8×8, for the middle of the first slot (smallest first) where the home screen
    /// differs from the empty page; returns what to say, or nil.
    func pieceFromElsewhere(slots: [(id: SlotID, rect: PixelRect)]) -> String? {
        let f = 8
        let source = home.downsampled(by: f)
        let target = empty.downsampled(by: f)
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

import SlotGeometry

extension WidgetCheck {
    /// Why the wallpaper cannot tell one offset of a widget along an axis: another offset explains
    /// the widget nearly as well.
    public enum Ambiguity: Hashable, Sendable {
        /// The wallpaper does not change along the axis there (a gradient, a flat colour): every
        /// offset along it explains the widget.
        case flat
        /// The wallpaper repeats along the axis, every so many pixels.
        case repeats(every: Int)
        /// The wallpaper looks the same moved by (dx, dy): its pattern runs on a slant (diagonal
        /// stripes), so neither axis can be told on its own.
        case slant(dx: Int, dy: Int)

        /// Whether the widget is at one of several offsets apart (the wallpaper repeats, or runs
        /// on a slant), rather than anywhere along the axis (a flat wallpaper).
        var isAlias: Bool {
            if case .flat = self { return false }
            return true
        }

        /// The words for the axis `axis` ("x" or "y").
        public func words(_ axis: String) -> String {
            let along = axis == "x" ? "from side to side" : "from top to bottom"
            switch self {
            case .flat: return "does not change \(along)"
            case .repeats(let period): return "repeats every \(period) px \(along)"
            case .slant(let dx, let dy):
                return "repeats on a slant (moved \(dx) px across and \(dy) px down it looks the same)"
            }
        }

        /// Why one or both offsets of a widget are unknown, in words; nil when both are known.
        static func words(x: Ambiguity?, y: Ambiguity?) -> String? {
            switch (x, y) {
            case (nil, nil): return nil
            case (let x?, nil):
                return "the wallpaper behind it \(x.words("x")), so how far it is moved sideways cannot be told"
            case (nil, let y?):
                return "the wallpaper behind it \(y.words("y")), so how far it is moved up or down cannot be told"
            case (let x?, let y?):
                if case .slant = x, x == y { return "the wallpaper behind it \(x.words("x")), so neither offset can be told" }
                return "the wallpaper behind it \(x.words("x")) and \(y.words("y")), so neither offset can be told"
            }
        }
    }
}

extension WidgetSearch {
    /// What the scan of the whole window says of a fit: a clearly better offset elsewhere; why
    /// each axis cannot be told (nil where the fit is unique along it, within the reach); and
    /// whether offsets far along each axis (8 px and more) explain the widget as well (so a fit
    /// at the window's edge along it is not a widget beyond the edge).
    struct Uniqueness {
        var better: (dx: Int, dy: Int)?
        var x: WidgetCheck.Ambiguity?
        var y: WidgetCheck.Ambiguity?
        var spansX = false
        var spansY = false
        /// The offsets within the reach that explain the widget as well as the fit (the fit's own
        /// aside): where the wallpaper cannot tell the axes, the widget may be at any of them.
        var ties: [(dx: Int, dy: Int)] = []
    }

    /// An offset whose cost is at most this many times the fit's, plus ``tieLevels``, explains the
    /// widget nearly as well: the two cannot be told apart.
    static let tieShare: Float = 1.05
    static let tieLevels: Float = 0.02 / 255
    /// An offset elsewhere whose cost is under this share of the fit's is clearly better.
    static let betterShare: Float = 0.8
    /// ...and by at least this much: costs closer than a tenth of a level differ by rounding (a
    /// checkerboard every 20 px under a white layer, at 16 bits: every repeat within a tenth of
    /// a level of the fit, and one of them taken for better, measured 20 px off).
    static let betterLevels: Float = 0.1 / 255
    /// At most this many offsets are scored again on the larger sample (the best of the first),
    /// besides those within 3 px of the fit.
    static let rescored = 400

    /// Scores every offset of the window (``window``) for the pixels `fine` compares at the fit
    /// (its content left out), with the fit's kind of overlay: first on a sample of them, then
    /// the offsets that come near, and those within 3 px of the fit, on a four times larger one.
    func uniqueness(_ fine: ShiftMatch, at fit: (dx: Int, dy: Int), overlay: ShiftMatch.Overlay) -> Uniqueness {
        let first = OffsetScan.sample(
            home, area: fine.area, at: fine.maskOffset.dx, fine.maskOffset.dy, compared: fine.mask, count: OffsetScan.firstCount)
        let scan = OffsetScan(empty: empty, sample: first, overlay: overlay, reach: window)
        guard let lowest = scan.best else { return Uniqueness() }
        let here = scan.cost(fit.dx, fit.dy)
        let second = OffsetScan.sample(
            home, area: fine.area, at: fine.maskOffset.dx, fine.maskOffset.dy, compared: fine.mask, count: OffsetScan.secondCount)
        func cost(_ dx: Int, _ dy: Int) -> Float { OffsetScan.cost(dx, dy, empty: empty, sample: second, overlay: overlay) }
        // The first sample's costs are rough: the offsets near the best of them are scored again.
        let limit = Swift.min(here, lowest.cost) * 2 + 0.5 / 255
        var offsets = scan.offsets(within: limit).prefix(Self.rescored).map { (dx: $0.dx, dy: $0.dy) }
        for dy in -3...3 {
            for dx in -3...3 where !offsets.contains(where: { $0 == (fit.dx + dx, fit.dy + dy) }) { offsets.append((fit.dx + dx, fit.dy + dy)) }
        }
        let near = offsets.map { (dx: $0.dx, dy: $0.dy, cost: cost($0.dx, $0.dy)) }
        let fitCost = cost(fit.dx, fit.dy)
        var result = Uniqueness()
        let tied = near.filter { $0.cost <= fitCost * Self.tieShare + Self.tieLevels }.map { (dx: $0.dx - fit.dx, dy: $0.dy - fit.dy) }
        result.spansX = tied.contains { abs($0.dx) >= 8 }
        result.spansY = tied.contains { abs($0.dy) >= 8 }
        // (Clearly: by ``betterLevels`` too, so that of near-perfect fits at a repeat of the
        // wallpaper, one is not taken for better by the sample's rounding.)
        if let best = near.min(by: { $0.cost < $1.cost }), Swift.max(abs(best.dx - fit.dx), abs(best.dy - fit.dy)) >= 2,
            best.cost < fitCost * Self.betterShare, fitCost - best.cost > Self.betterLevels
        {
            result.better = (best.dx, best.dy)
            return result
        }
        // A fit beyond the reach that one within it explains as well (a repeat of the wallpaper):
        // the one within it is the answer.
        if abs(fit.dx) > reach || abs(fit.dy) > reach,
            let inside = near.filter({ abs($0.dx) <= reach && abs($0.dy) <= reach && $0.cost <= fitCost * Self.tieShare + Self.tieLevels })
                .min(by: { $0.cost < $1.cost })
        {
            result.better = (inside.dx, inside.dy)
            return result
        }
        // Only answers within the reach are answers (flat or not is the wallpaper's, wherever).
        let ties = tied.filter { abs(fit.dx + $0.dx) <= reach && abs(fit.dy + $0.dy) <= reach }
        result.ties = ties.filter { $0.dx != 0 || $0.dy != 0 }.map { (fit.dx + $0.dx, fit.dy + $0.dy) }
        result.x = Self.isFlat(tied, along: { $0.dx }, across: { $0.dy }) ? .flat : Self.ambiguity(ties, along: { $0.dx }, across: { $0.dy })
        result.y = Self.isFlat(tied, along: { $0.dy }, across: { $0.dx }) ? .flat : Self.ambiguity(ties, along: { $0.dy }, across: { $0.dx })
        return result
    }

    /// An offset clearly better than the fit for every pixel of the widget's interior, the ones
    /// left out as its content included: where the search stopped at a wrong offset, the pixels
    /// that offset does not explain (the lines of a pattern) were left out as content, and the
    /// rest (the flat parts between them) explain it as well as any. Nil when none.
    func betterForEveryPixel(_ fine: ShiftMatch, at fit: (dx: Int, dy: Int), overlay: ShiftMatch.Overlay) -> (dx: Int, dy: Int)? {
        let every = [Float](repeating: 1, count: fine.area.width * fine.area.height)
        let sample = OffsetScan.sample(home, area: fine.area, at: fit.dx, fit.dy, compared: every, count: OffsetScan.firstCount)
        let scan = OffsetScan(empty: empty, sample: sample, overlay: overlay, reach: window)
        guard let best = scan.best, Swift.max(abs(best.dx - fit.dx), abs(best.dy - fit.dy)) >= 2,
            best.cost < scan.cost(fit.dx, fit.dy) * Self.betterShare
        else { return nil }
        return (best.dx, best.dy)
    }

    /// Whether `ties` hold the offsets 2 and 3 px away along an axis (one side), and no further
    /// across it than 1 px: the wallpaper does not change along it.
    static func isFlat(_ ties: [(dx: Int, dy: Int)], along: ((dx: Int, dy: Int)) -> Int, across: ((dx: Int, dy: Int)) -> Int) -> Bool {
        let straight = ties.filter { abs(across($0)) <= 1 }
        return [-1, 1].contains { sign in [2, 3].allSatisfy { k in straight.contains { along($0) == sign * k } } }
    }

    /// Why an axis cannot be told from `ties` (offsets from the fit as good as it): none 2 px or
    /// more away along it, unique; ties 2 and 3 px away along it alone, flat; else the shortest
    /// repeat along it alone, or the shortest tie of all (a slant).
    static func ambiguity(
        _ ties: [(dx: Int, dy: Int)], along: ((dx: Int, dy: Int)) -> Int, across: ((dx: Int, dy: Int)) -> Int
    ) -> WidgetCheck.Ambiguity? {
        let away = ties.filter { abs(along($0)) >= 2 }
        guard !away.isEmpty else { return nil }
        let straight = away.filter { abs(across($0)) <= 1 }
        if isFlat(ties, along: along, across: across) { return .flat }
        if let period = straight.map({ abs(along($0)) }).min() { return .repeats(every: period) }
        let shortest = ties.filter { $0.dx != 0 || $0.dy != 0 }.min { abs($0.dx) + abs($0.dy) < abs($1.dx) + abs($1.dy) } ?? away[0]
        return .slant(dx: shortest.dx, dy: shortest.dy)
    }
}

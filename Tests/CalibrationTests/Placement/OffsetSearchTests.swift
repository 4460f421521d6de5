import Calibration
import SlotGeometry
import Testing

/// The check's searches take shortcuts that must not change an answer: the window's scan four
/// offsets at a time, a search for the least mean that stops an offset once it cannot win, the
/// mask grown in passes. Each is compared here with the plain way, number for number.
@Suite struct OffsetSearchTests {
    /// Brightness that differs everywhere, from a fixed sequence (a linear congruential
    /// generator): the same on every machine.
    static func brightness(width: Int, height: Int, seed: UInt32) -> [Float] {
        var state = seed
        return (0..<(width * height)).map { index in
            state = state &* 1_664_525 &+ 1_013_904_223
            let noise = Float(state >> 8) / Float(1 << 24)
            return 0.3 * noise + 0.5 * Float(index % width) / Float(width) + 0.2 * Float(index / width) / Float(height)
        }
    }

    static func plane(width: Int, height: Int, seed: UInt32) -> LuminancePlane {
        LuminancePlane(width: width, height: height, values: brightness(width: width, height: height, seed: seed))
    }

    /// Every offset's cost in the window's scan is the cost worked out offset by offset, bit for
    /// bit: for every overlay, samples of every count modulo four (the last few pixels in the
    /// first lane), and windows that reach past the page's edges at the top left and the bottom
    /// right (where offsets are left out, a row in part or whole).
    @Test(arguments: [ShiftMatch.Overlay.none, .free, .tint(toward: 1), .tint(toward: 0)])
    func theScanGivesEveryOffsetsOwnCost(_ overlay: ShiftMatch.Overlay) {
        let empty = Self.plane(width: 160, height: 120, seed: 7)
        let home = Self.plane(width: 160, height: 120, seed: 11)
        let reach = 9
        var tails: Set<Int> = []
        var clipped = (start: false, end: false)
        let areas = [
            (PixelRect(x: 40, y: 30, width: 80, height: 60), (1, -2)), (PixelRect(x: 0, y: 0, width: 60, height: 50), (0, 0)),
            (PixelRect(x: 100, y: 70, width: 60, height: 50), (0, 0)),
        ]
        for (area, (dx, dy)) in areas {
            let compared = [Float](repeating: 1, count: area.width * area.height)
            for count in Array(17...40) + [99, 203, 1536] {
                let sample = OffsetScan.sample(home, area: area, at: dx, dy, compared: compared, count: count)
                tails.insert(sample.indices.count % 4)
                let scan = OffsetScan(empty: empty, sample: sample, overlay: overlay, reach: reach)
                for dy in -reach...reach {
                    var row: [Bool] = []
                    for dx in -reach...reach {
                        let alone = OffsetScan.cost(dx, dy, empty: empty, sample: sample, overlay: overlay)
                        #expect(
                            scan.cost(dx, dy).bitPattern == alone.bitPattern,
                            "\(overlay) \(area) \(count) (\(dx), \(dy)): \(scan.cost(dx, dy)) against \(alone)")
                        row.append(alone.isFinite)
                    }
                    // A row whose offsets are left out in part: off the page's start or end.
                    if row.contains(true), row.contains(false) {
                        if row.first == false { clipped.start = true } else { clipped.end = true }
                    }
                }
            }
        }
        #expect(tails == [0, 1, 2, 3], "the samples leave every count of pixels for the first lane: \(tails)")
        #expect(clipped.start && clipped.end, "offsets are left out at both ends of a row")
    }

    /// The least mean of a window, worked out with limits, is the first least one in rows from
    /// the top left, as a plain search finds it: with ties (the first of them wins), offsets with
    /// no mean, and a middle that is not the least.
    @Test(arguments: 0..<40)
    func theLeastMeanIsThePlainSearchs(_ seed: Int) {
        var state = UInt32(seed + 1)
        func next() -> UInt32 {
            state = state &* 1_664_525 &+ 1_013_904_223
            return state >> 16
        }
        let xs = -Int(next() % 4)...Int(next() % 4)
        let ys = -Int(next() % 4)...Int(next() % 4)
        var means: [String: Float?] = [:]
        for dy in ys {
            for dx in xs { means["\(dx),\(dy)"] = next() % 7 == 0 ? nil : Float(next() % 6) }
        }
        var plain: (dx: Int, dy: Int, cost: Float)?
        for dy in ys {
            for dx in xs {
                if let cost = means["\(dx),\(dy)"]!, cost < plain?.cost ?? .infinity { plain = (dx, dy, cost) }
            }
        }
        var asked = 0
        let least = WidgetSearch.least(xs, ys) { dx, dy, limit in
            asked += 1
            guard let mean = means["\(dx),\(dy)"]! else { return nil }
            // A mean above the limit may be left unfinished (nil); one at it or below, never.
            return mean > limit ? nil : mean
        }
        #expect(least.map { [$0.dx, $0.dy] } == plain.map { [$0.dx, $0.dy] } && least?.cost == plain?.cost, "\(means)")
        #expect(asked == xs.count * ys.count, "each offset asked once")
    }

    /// A mean with a limit is the whole mean, or nil only when the whole mean is above the limit.
    @Test func aMeanWithALimitIsTheWholeMeanOrAboveIt() {
        let empty = Self.plane(width: 120, height: 100, seed: 3)
        let home = Self.plane(width: 120, height: 100, seed: 5)
        var match = ShiftMatch(source: empty, target: home, area: PixelRect(x: 30, y: 25, width: 50, height: 40))
        match.leaveOutMisfits(2, 1, line: ShiftMatch.Line(gain: 1, offset: 0), spread: 1)
        let line = ShiftMatch.Line(gain: 0.9, offset: 0.05)
        for rowStep in [1, 3] {
            match.rowStep = rowStep
            for (dx, dy) in [(0, 0), (2, 1), (-7, 5), (9, -9)] {
                let whole = try! #require(match.meanResidual(dx, dy, line: line, cap: 10 / 255))
                for limit in [whole / 2, whole.nextDown, whole, whole * 2, .infinity] {
                    let limited = match.meanResidual(dx, dy, line: line, cap: 10 / 255, unlessAbove: limit)
                    if let limited {
                        #expect(limited.bitPattern == whole.bitPattern)
                    } else {
                        #expect(whole > limit, "nil at (\(dx), \(dy)) with a limit \(limit) the mean \(whole) is not above")
                    }
                }
                #expect(match.meanResidual(dx, dy, line: line, cap: 10 / 255, unlessAbove: whole) != nil)
                #expect(match.meanResidual(dx, dy, line: line, cap: 10 / 255, unlessAbove: 0) == nil || whole == 0)
            }
        }
    }

    /// The mask leaves out every pixel within the spread of one left out, across and down (a
    /// square around each), and no other: as a plain dilation finds them. On pieces wider than
    /// sixteen pixels and narrower, and lower than the spread.
    @Test(arguments: [0, 1, 2, 4], [(width: 37, height: 23), (width: 13, height: 3), (width: 16, height: 9)])
    func theMaskLeavesOutASquareAroundEachMisfit(_ spread: Int, _ size: (width: Int, height: Int)) {
        let (width, height) = size
        var values = Self.brightness(width: 60, height: 40, seed: 9)
        let empty = LuminancePlane(width: 60, height: 40, values: values)
        // The home screen: the empty page, and a few pixels far off (the misfits), at edges too.
        let misfits = [(0, 0), (36, 22), (10, 5), (11, 5), (20, 17), (3, 21), (36, 0), (12, 2), (15, 8)].filter {
            $0.0 < width && $0.1 < height
        }
        let area = PixelRect(x: 10, y: 8, width: width, height: height)
        for (x, y) in misfits { values[(area.y + y) * 60 + area.x + x] += 0.5 }
        let home = LuminancePlane(width: 60, height: 40, values: values)
        var match = ShiftMatch(source: empty, target: home, area: area)
        match.leaveOutMisfits(0, 0, line: ShiftMatch.Line(gain: 1, offset: 0), spread: spread)
        for y in 0..<height {
            for x in 0..<width {
                let near = misfits.contains { abs($0.0 - x) <= spread && abs($0.1 - y) <= spread }
                #expect(match.mask[y * width + x] == (near ? 0 : 1), "(\(x), \(y)) spread \(spread) in \(width)×\(height)")
            }
        }
    }
}

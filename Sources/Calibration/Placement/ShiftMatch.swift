import SlotGeometry

/// How well a piece of one picture (the empty page inside a listed slot) explains another (the
/// home screen) when moved by an offset, in brightness.
///
/// ``fit(_:_:)`` fits a gain and offset (what a widget's overlay does) by correlation;
/// ``tiledResidual(_:_:line:tile:share:)`` scores an offset by a low-ranked tile's difference from
/// one, so that the tiles under a widget's own content (a clock, text) do not decide; and
/// ``meanResidual(_:_:line:)`` scores it over the compared pixels once the content is left out
/// (``leaveOutMisfits(_:_:line:spread:)``).
package struct ShiftMatch {
    /// The picture the piece is taken from (the empty page).
    let source: LuminancePlane
    /// The picture it is looked for in (the home screen).
    let target: LuminancePlane
    /// The piece, in `source`'s pixels.
    let area: PixelRect
    /// Every how many rows a row is compared (1: all): rows only, so that both axes keep their
    /// pixel precision while a large piece costs no more than a small one.
    package var rowStep = 1
    /// 1 for each pixel compared, 0 for one left out (the widget's content), row by row: pixels
    /// of the home screen, the piece moved by ``maskOffset``, so that the content stays left out
    /// where it is on the home screen whatever offset is compared. Pixels outside are compared.
    package private(set) var mask: [Float]
    /// The offset the mask was made at.
    private(set) var maskOffset = (dx: 0, dy: 0)

    /// One offset's correlation fit: `target ≈ gain × source + offset`.
    struct Fit {
        var dx: Int
        var dy: Int
        /// 1 − the correlation: 0 for a perfect fit, about 1 for none.
        var cost: Float
        var gain: Float
        var offset: Float
    }

    /// A gain and offset: what the widget's overlay does to the wallpaper's brightness.
    package struct Line {
        var gain: Float
        var offset: Float

        package init(gain: Float, offset: Float) {
            self.gain = gain
            self.offset = offset
        }
    }

    package init(source: LuminancePlane, target: LuminancePlane, area: PixelRect) {
        self.source = source
        self.target = target
        self.area = area
        mask = [Float](repeating: 1, count: area.width * area.height)
    }

    /// Whether the piece stays on `target` when moved by (dx, dy).
    func isInside(_ dx: Int, _ dy: Int) -> Bool {
        area.x + dx >= 0 && area.y + dy >= 0 && area.maxX + dx <= target.width && area.maxY + dy <= target.height
    }

    /// The spread of the piece's brightness (its standard deviation): about 0 where the
    /// wallpaper is flat, so that no offset can be told from another.
    var sourceSpread: Float {
        var (n, s, ss): (Float, Float, Float) = (0, 0, 0)
        source.values.withUnsafeBufferPointer { values in
            for row in 0..<area.height {
                let start = (area.y + row) * source.width + area.x
                for column in 0..<area.width {
                    let v = values[start + column]
                    n += 1
                    s += v
                    ss += v * v
                }
            }
        }
        guard n > 0 else { return 0 }
        let variance = ss / n - (s / n) * (s / n)
        return variance > 0 ? variance.squareRoot() : 0
    }

    /// What an overlay may do to the wallpaper's brightness: ``none`` nothing (the widget shows
    /// the wallpaper as it is); ``tint(toward:)`` mix it with one colour, `h = g·e + (1 − g)·c`
    /// (a translucent white, c = 1, or black, c = 0, layer: one number); ``free`` any gain and
    /// offset (a light overlay of any kind, at normalised contrast). The fewer numbers, the less
    /// a fit takes up a shift: along a gradient that is straight where the widget is, a free gain
    /// and offset explain a shifted piece as well as the right one, a tint nearly so, no overlay
    /// not at all.
    package enum Overlay: Equatable, Sendable {
        case none
        case tint(toward: Float)
        case free
    }

    /// The sums over the compared pixels at offset (dx, dy) that every overlay's fit needs.
    private struct Sums {
        var n: Double = 0
        var e: Double = 0
        var ee: Double = 0
        var h: Double = 0
        var hh: Double = 0
        var eh: Double = 0
    }

    private func sums(_ dx: Int, _ dy: Int) -> Sums {
        var total = Sums()
        source.values.withUnsafeBufferPointer { from in
            target.values.withUnsafeBufferPointer { to in
                mask.withUnsafeBufferPointer { weights in
                    for row in stride(from: 0, to: area.height, by: rowStep) {
                        let pieceRow = from.baseAddress! + (area.y + row) * source.width + area.x
                        let homeRow = to.baseAddress! + (area.y + row + dy) * target.width + area.x + dx
                        let (w, shift) = maskRow(row, dx, dy)
                        // The columns the mask covers, those left out skipped; those beside it, all compared.
                        let first = w < 0 ? 0 : Swift.min(area.width, Swift.max(0, -shift))
                        let end = w < 0 ? 0 : Swift.max(first, Swift.min(area.width, area.width - shift))
                        var lanes = SumLanes()
                        lanes.add(homeRow, pieceRow, 0..<first)
                        if first < end { lanes.add(homeRow, pieceRow, first..<end, weights: weights.baseAddress! + w + shift) }
                        lanes.add(homeRow, pieceRow, end..<area.width)
                        total.n += Double(Self.total(lanes.n))
                        total.e += Double(Self.total(lanes.e))
                        total.ee += Double(Self.total(lanes.ee))
                        total.h += Double(Self.total(lanes.h))
                        total.hh += Double(Self.total(lanes.hh))
                        total.eh += Double(Self.total(lanes.eh))
                    }
                }
            }
        }
        return total
    }

    /// One row's ``Sums``, eight columns at a time in lanes (the last few in lane 0).
    private struct SumLanes {
        var n = Lanes()
        var e = Lanes()
        var ee = Lanes()
        var h = Lanes()
        var hh = Lanes()
        var eh = Lanes()

        /// Adds the pixels of `columns`; with `weights`, only those whose weight is not 0.
        mutating func add(_ home: UnsafePointer<Float>, _ piece: UnsafePointer<Float>, _ columns: Range<Int>, weights: UnsafePointer<Float>? = nil) {
            var column = columns.lowerBound
            while column + Lanes.scalarCount <= columns.upperBound {
                var pieceLanes = UnsafeRawPointer(piece + column).loadUnaligned(as: Lanes.self)
                var homeLanes = UnsafeRawPointer(home + column).loadUnaligned(as: Lanes.self)
                var counted = Lanes(repeating: 1)
                if let weights {
                    let left = UnsafeRawPointer(weights + column).loadUnaligned(as: Lanes.self) .== 0
                    counted.replace(with: 0, where: left)
                    pieceLanes.replace(with: 0, where: left)
                    homeLanes.replace(with: 0, where: left)
                }
                n += counted
                e += pieceLanes
                ee += pieceLanes * pieceLanes
                h += homeLanes
                hh += homeLanes * homeLanes
                eh += pieceLanes * homeLanes
                column += Lanes.scalarCount
            }
            while column < columns.upperBound {
                defer { column += 1 }
                if let weights, weights[column] == 0 { continue }
                let (pixel, shown) = (piece[column], home[column])
                n[0] += 1
                e[0] += pixel
                ee[0] += pixel * pixel
                h[0] += shown
                hh[0] += shown * shown
                eh[0] += pixel * shown
            }
        }
    }

    /// The correlation fit at offset (dx, dy) over the compared pixels, or nil when the piece is
    /// moved off the target.
    func fit(_ dx: Int, _ dy: Int) -> Fit? {
        guard isInside(dx, dy) else { return nil }
        let sums = sums(dx, dy)
        let n = sums.n
        guard n >= 16 else { return nil }
        let varianceE = sums.ee - sums.e * sums.e / n
        let varianceH = sums.hh - sums.h * sums.h / n
        let covariance = sums.eh - sums.e * sums.h / n
        guard varianceE > n * 1e-9 else { return Fit(dx: dx, dy: dy, cost: 1, gain: 0, offset: Float(sums.h / n)) }
        let gain = covariance / varianceE
        let correlation = varianceH > n * 1e-10 ? covariance / (varianceE * varianceH).squareRoot() : 0
        return Fit(dx: dx, dy: dy, cost: Float(1 - correlation), gain: Float(gain), offset: Float((sums.h - gain * sums.e) / n))
    }

    /// The gain and offset of `overlay` that fit best (least squares) at offset (dx, dy), or nil
    /// when the piece is moved off the target or no such overlay fits (a gain of 0 or less).
    func line(_ dx: Int, _ dy: Int, _ overlay: Overlay) -> Line? {
        switch overlay {
        case .none:
            return isInside(dx, dy) ? Line(gain: 1, offset: 0) : nil
        case .free:
            guard let fit = fit(dx, dy), fit.gain > 0 else { return nil }
            return Line(gain: fit.gain, offset: fit.offset)
        case .tint(let c):
            guard isInside(dx, dy) else { return nil }
            let s = sums(dx, dy)
            let c = Double(c)
            // g = Σ(h − c)(e − c) / Σ(e − c)².
            let across = s.eh - c * s.e - c * s.h + s.n * c * c
            let spread = s.ee - 2 * c * s.e + s.n * c * c
            guard s.n >= 16, spread > s.n * 1e-9 else { return nil }
            let gain = across / spread
            guard gain > 0 else { return nil }
            return Line(gain: Float(gain), offset: Float((1 - gain) * c))
        }
    }

    /// Where the mask's row for the piece's row `row` compared at offset (dx, dy) starts (−1 when
    /// that row of the home screen lies outside the mask), and how far its columns are shifted.
    private func maskRow(_ row: Int, _ dx: Int, _ dy: Int) -> (start: Int, shift: Int) {
        let maskRow = row + dy - maskOffset.dy
        return (maskRow < 0 || maskRow >= area.height ? -1 : maskRow * area.width, dx - maskOffset.dx)
    }

    /// The mean difference from `line` at offset (dx, dy) over the compared pixels, each
    /// difference counted up to `cap` (so that what no offset explains, the widget's content
    /// where it is not left out yet, weighs the same at every offset); nil off the target.
    ///
    /// Nil too as soon as the mean is sure to be above `limit` (the rows so far, over as many
    /// pixels as all the rows can compare): a search for the least mean need not finish an
    /// offset that cannot be it. Any mean returned is the whole one.
    package func meanResidual(_ dx: Int, _ dy: Int, line: Line, cap: Float = .infinity, unlessAbove limit: Float = .infinity) -> Float? {
        guard isInside(dx, dy) else { return nil }
        var sum: Double = 0
        var count: Float = 0
        var above = false
        // The most pixels the rows compare: the sum over it never passes the mean.
        let most = Double(((area.height + rowStep - 1) / rowStep) * area.width)
        source.values.withUnsafeBufferPointer { from in
            target.values.withUnsafeBufferPointer { to in
                mask.withUnsafeBufferPointer { weights in
                    for row in stride(from: 0, to: area.height, by: rowStep) {
                        let s = (area.y + row) * source.width + area.x
                        let t = (area.y + row + dy) * target.width + area.x + dx
                        let (w, shift) = maskRow(row, dx, dy)
                        // The columns the mask covers, weighted; those beside it, all compared.
                        let first = w < 0 ? 0 : Swift.min(area.width, Swift.max(0, -shift))
                        let end = w < 0 ? 0 : Swift.max(first, Swift.min(area.width, area.width - shift))
                        let homeRow = to.baseAddress! + t
                        let pieceRow = from.baseAddress! + s
                        var rowSum = Self.residuals(homeRow, pieceRow, 0..<first, line: line, cap: cap)
                        var rowCount: Float = 0
                        if first < end {
                            let weighted = Self.weightedResiduals(
                                homeRow, pieceRow, weights.baseAddress! + w + shift, first..<end, line: line, cap: cap)
                            rowSum += weighted.sum
                            rowCount = weighted.count
                        }
                        rowSum += Self.residuals(homeRow, pieceRow, end..<area.width, line: line, cap: cap)
                        count += rowCount + Float(area.width - (end - first))
                        sum += Double(rowSum)
                        if Float(sum / most) > limit {
                            above = true
                            break
                        }
                    }
                }
            }
        }
        return count > 0 && !above ? Float(sum / Double(count)) : nil
    }

    /// Lanes of the residuals' sums: eight at a time (the loops below run in vector registers,
    /// not one dependent addition a pixel).
    private typealias Lanes = SIMD8<Float>

    /// Each lane's `min(cap, |difference|)`, as the scalar loops compute it: the sign bit
    /// cleared, then the cap (the generic `pointwiseMin` and `pointwiseMax` are not inlined, and
    /// cost more than the loop).
    @inline(__always)
    private static func capped(_ difference: Lanes, _ caps: Lanes) -> Lanes {
        let magnitude = unsafeBitCast(unsafeBitCast(difference, to: SIMD8<UInt32>.self) & 0x7fff_ffff, to: Lanes.self)
        return magnitude.replacing(with: caps, where: magnitude .> caps)
    }

    /// The lanes added up in one fixed order, halves first (`sum()` leaves its order open), so
    /// that the command line and the browser core add the same numbers the same way.
    @inline(__always)
    private static func total(_ lanes: Lanes) -> Float {
        let quarters = lanes.lowHalf + lanes.highHalf
        let halves = quarters.lowHalf + quarters.highHalf
        return halves[0] + halves[1]
    }

    /// The sum over `columns` of `min(cap, |target − (gain × piece + offset)|)`: eight columns at a
    /// time, then the rest one by one. Inlined: the tiled residuals call it for each tile of a
    /// row, a few lanes' work, where a call and the lanes' setup cost as much again.
    @inline(__always)
    private static func residuals(
        _ target: UnsafePointer<Float>, _ piece: UnsafePointer<Float>, _ columns: Range<Int>, line: Line, cap: Float
    ) -> Float {
        let (gain, offset, caps) = (Lanes(repeating: line.gain), Lanes(repeating: line.offset), Lanes(repeating: cap))
        var lanes = Lanes()
        var column = columns.lowerBound
        while column + Lanes.scalarCount <= columns.upperBound {
            let h = UnsafeRawPointer(target + column).loadUnaligned(as: Lanes.self)
            let e = UnsafeRawPointer(piece + column).loadUnaligned(as: Lanes.self)
            lanes += Self.capped(h - (gain * e + offset), caps)
            column += Lanes.scalarCount
        }
        var sum = Self.total(lanes)
        while column < columns.upperBound {
            sum += Swift.min(cap, abs(target[column] - (line.gain * piece[column] + line.offset)))
            column += 1
        }
        return sum
    }

    /// ``residuals(_:_:_:line:cap:)`` with each column weighted by `weights[column]` (1 compared,
    /// 0 left out), and the weights' sum.
    private static func weightedResiduals(
        _ target: UnsafePointer<Float>, _ piece: UnsafePointer<Float>, _ weights: UnsafePointer<Float>, _ columns: Range<Int>, line: Line, cap: Float
    ) -> (sum: Float, count: Float) {
        let (gain, offset, caps) = (Lanes(repeating: line.gain), Lanes(repeating: line.offset), Lanes(repeating: cap))
        var (sums, counts) = (Lanes(), Lanes())
        var column = columns.lowerBound
        while column + Lanes.scalarCount <= columns.upperBound {
            let h = UnsafeRawPointer(target + column).loadUnaligned(as: Lanes.self)
            let e = UnsafeRawPointer(piece + column).loadUnaligned(as: Lanes.self)
            let m = UnsafeRawPointer(weights + column).loadUnaligned(as: Lanes.self)
            sums += m * Self.capped(h - (gain * e + offset), caps)
            counts += m
            column += Lanes.scalarCount
        }
        var (sum, count) = (Self.total(sums), Self.total(counts))
        while column < columns.upperBound {
            let m = weights[column]
            sum += m * Swift.min(cap, abs(target[column] - (line.gain * piece[column] + line.offset)))
            count += m
            column += 1
        }
        return (sum, count)
    }

    /// The piece cut into square tiles of `tile` pixels: each tile's mean difference from `line`
    /// at offset (dx, dy), and the tile `share` of the way up from the best (a half: the
    /// median). Tiles under a widget's content differ at every offset; the others agree on the
    /// best, and the ranked tile follows them while the content covers fewer than 1 − `share`
    /// of the tiles.
    func tiledResidual(_ dx: Int, _ dy: Int, line: Line, tile: Int, share: Float) -> (ranked: Float, tiles: [Float])? {
        guard isInside(dx, dy) else { return nil }
        let columns = (area.width + tile - 1) / tile
        let rows = (area.height + tile - 1) / tile
        var sums = [Float](repeating: 0, count: columns * rows)
        var counts = [Float](repeating: 0, count: columns * rows)
        source.values.withUnsafeBufferPointer { from in
            target.values.withUnsafeBufferPointer { to in
                sums.withUnsafeMutableBufferPointer { acc in
                    counts.withUnsafeMutableBufferPointer { n in
                        for row in stride(from: 0, to: area.height, by: rowStep) {
                            let s = (area.y + row) * source.width + area.x
                            let t = (area.y + row + dy) * target.width + area.x + dx
                            let tileRow = (row / tile) * columns
                            var column = 0
                            while column < area.width {
                                let end = Swift.min(area.width, column + tile)
                                let sum = Self.residuals(to.baseAddress! + t, from.baseAddress! + s, column..<end, line: line, cap: .infinity)
                                acc[tileRow + column / tile] += sum
                                n[tileRow + column / tile] += Float(end - column)
                                column = end
                            }
                        }
                    }
                }
            }
        }
        let tiles = zip(sums, counts).map { $1 > 0 ? $0 / $1 : 0 }
        let sorted = tiles.sorted()
        return (sorted[Int(Float(sorted.count - 1) * share)], tiles)
    }

    /// The quantiles ``quantiles()`` takes are this many percent apart, from this percentage to
    /// 100 less it (5 %, 10 %, … 95 %).
    static let quantileStep = 5

    /// The piece's brightness and the target's at the same place, each at every ``quantileStep``
    /// percent of its pixels: what ``quantileLine(_:from:to:)`` fits, sorted once for every fit.
    func quantiles() -> (source: [Float], target: [Float]) {
        func quantiles(_ plane: LuminancePlane) -> [Float] {
            var values: [Float] = []
            values.reserveCapacity(area.width * area.height)
            for row in 0..<area.height {
                let start = (area.y + row) * plane.width + area.x
                for column in 0..<area.width { values.append(plane.values[start + column]) }
            }
            values.sort()
            let step = Self.quantileStep
            return stride(from: step, through: 100 - step, by: step).map { values[Swift.min(values.count - 1, values.count * $0 / 100)] }
        }
        return (quantiles(source), quantiles(target))
    }

    /// The gain and offset that map the piece's brightness onto the target's at the same place,
    /// from their `quantiles` between `lowest` and `highest` % (Theil–Sen: the median slope of all
    /// pairs), so that neither the offset, still unknown, nor the widget's content (a minority)
    /// decides them.
    static func quantileLine(_ quantiles: (source: [Float], target: [Float]), from lowest: Int, to highest: Int) -> Line? {
        let step = quantileStep
        precondition(
            lowest % step == 0 && highest % step == 0 && step <= lowest && lowest < highest && highest <= 100 - step,
            "quantileLine takes two of the percentages quantiles() takes, the lower first")
        let kept = (lowest / step - 1)...(highest / step - 1)
        let e = Array(quantiles.source[kept])
        let h = Array(quantiles.target[kept])
        var slopes: [Float] = []
        for i in e.indices {
            for j in (i + 1)..<e.count where e[j] - e[i] > 0.5 / 255 { slopes.append((h[j] - h[i]) / (e[j] - e[i])) }
        }
        guard let gain = median(slopes), gain > 0 else { return nil }
        guard let offset = median(zip(e, h).map { $1 - gain * $0 }) else { return nil }
        return Line(gain: gain, offset: offset)
    }

    /// Compares only the tiles (as cut by ``tiledResidual(_:_:line:tile:share:)``) marked in `keep`,
    /// at offset (dx, dy).
    mutating func keepTiles(_ keep: [Bool], tile: Int, at dx: Int, _ dy: Int) {
        maskOffset = (dx, dy)
        let columns = (area.width + tile - 1) / tile
        for row in 0..<area.height {
            for column in 0..<area.width {
                mask[row * area.width + column] = keep[(row / tile) * columns + column / tile] ? 1 : 0
            }
        }
    }

    /// Compares only the pixels `line` explains at offset (dx, dy) (within four times the typical
    /// difference, and a level or more), leaving out `spread` pixels around the rest: the
    /// widget's content, once the offset is known.
    package mutating func leaveOutMisfits(_ dx: Int, _ dy: Int, line: Line, spread: Int) {
        precondition(isInside(dx, dy), "leaveOutMisfits at an offset that moves the piece off the target")
        var residuals = [Float](repeating: 0, count: area.width * area.height)
        source.values.withUnsafeBufferPointer { from in
            target.values.withUnsafeBufferPointer { to in
                residuals.withUnsafeMutableBufferPointer { residuals in
                    for row in 0..<area.height {
                        let s = (area.y + row) * source.width + area.x
                        let t = (area.y + row + dy) * target.width + area.x + dx
                        let r = row * area.width
                        for column in 0..<area.width {
                            residuals[r + column] = abs(to[t + column] - (line.gain * from[s + column] + line.offset))
                        }
                    }
                }
            }
        }
        let limit = Swift.max(4 * Self.levelMedian(residuals), 3 / 255)
        maskOffset = (dx, dy)
        setMask(leavingOut: residuals.map { $0 > limit ? 1 : 0 }, spread: spread)
    }

    /// The median of differences (0…1) to a tenth of a level, by counting: a sort of a large
    /// piece's every pixel costs more than the search it serves.
    static func levelMedian(_ values: [Float]) -> Float {
        let bins = 2560  // tenths of a level, up to 256 levels
        var counts = [Int](repeating: 0, count: bins + 1)
        counts.withUnsafeMutableBufferPointer { counts in
            // Clamped as a Float first: a value past Int's range (or not a number) must not trap.
            for value in values { counts[Int(Swift.min(Float(bins), Swift.max(0, value * 2550)))] += 1 }
        }
        var seen = 0
        for (bin, count) in counts.enumerated() {
            seen += count
            if seen * 2 > values.count { return (Float(bin) + 0.5) / 2550 }
        }
        return 1
    }

    /// The share of the piece compared.
    var comparedShare: Float { mask.isEmpty ? 0 : mask.reduce(0, +) / Float(mask.count) }

    /// Takes the mask of the same piece on planes averaged `factor`×`factor` (the target's cells
    /// beginning `phase` pixels right of and below the source's), and leaves out `spread` more
    /// pixels around what it leaves out.
    mutating func takeMask(from coarse: ShiftMatch, factor: Int, phase: (x: Int, y: Int), spread: Int) {
        maskOffset = (coarse.maskOffset.dx * factor + phase.x, coarse.maskOffset.dy * factor + phase.y)
        var out = [UInt8](repeating: 0, count: area.width * area.height)
        for row in 0..<area.height {
            for column in 0..<area.width {
                let x = (area.x + column) / factor - coarse.area.x
                let y = (area.y + row) / factor - coarse.area.y
                if x >= 0, y >= 0, x < coarse.area.width, y < coarse.area.height, coarse.mask[y * coarse.area.width + x] == 0 {
                    out[row * area.width + column] = 1
                }
            }
        }
        setMask(leavingOut: out, spread: spread)
    }

    /// Sixteen pixels' marks (0 or 1) side by side.
    private typealias Marks = SIMD16<UInt8>

    /// Compares every pixel but those marked 1 in `out` (row by row over the piece) and those
    /// within `spread` of one, across and down (a square around each).
    private mutating func setMask(leavingOut out: [UInt8], spread: Int) {
        let (width, height) = (area.width, area.height)
        let lanes = Marks.scalarCount
        // Along each row: a mark within `spread` before or after, from a copy of the row with
        // `spread` unmarked pixels on each side (and room to read sixteen past them).
        var padded = [UInt8](repeating: 0, count: width + 2 * spread + lanes)
        var across = [UInt8](repeating: 0, count: width * height)
        out.withUnsafeBufferPointer { out in
            padded.withUnsafeMutableBufferPointer { padded in
                across.withUnsafeMutableBufferPointer { across in
                    let row = UnsafeRawPointer(padded.baseAddress!)
                    for y in 0..<height {
                        let start = y * width
                        for x in 0..<width { padded[spread + x] = out[start + x] }
                        var x = 0
                        while x + lanes <= width {
                            var near = Marks()
                            for k in 0...(2 * spread) { near |= row.loadUnaligned(fromByteOffset: x + k, as: Marks.self) }
                            UnsafeMutableRawPointer(across.baseAddress! + start + x).storeBytes(of: near, as: Marks.self)
                            x += lanes
                        }
                        while x < width {
                            var near: UInt8 = 0
                            for k in 0...(2 * spread) { near |= padded[x + k] }
                            across[start + x] = near
                            x += 1
                        }
                    }
                }
            }
        }
        // Then down each column, sixteen columns at a time: a mark across within `spread` rows
        // above or below.
        across.withUnsafeBufferPointer { across in
            mask.withUnsafeMutableBufferPointer { mask in
                let marks = UnsafeRawPointer(across.baseAddress!)
                for y in 0..<height {
                    let (top, bottom) = (Swift.max(0, y - spread), Swift.min(height - 1, y + spread))
                    let start = y * width
                    var x = 0
                    while x + lanes <= width {
                        var near = Marks()
                        for other in top...bottom { near |= marks.loadUnaligned(fromByteOffset: other * width + x, as: Marks.self) }
                        for k in 0..<lanes { mask[start + x + k] = Float(1 &- near[k]) }
                        x += lanes
                    }
                    while x < width {
                        var near: UInt8 = 0
                        for other in top...bottom { near |= across[other * width + x] }
                        mask[start + x] = Float(1 &- near)
                        x += 1
                    }
                }
            }
        }
    }

}

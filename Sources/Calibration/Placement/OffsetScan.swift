import SlotGeometry

/// Every offset of the window scored, so that a match counts only when it is unique there.
///
/// A wallpaper that repeats (tiles, stripes, a grid of glyphs) shows the same piece at several
/// offsets within a widget's reach, and one that does not change along an axis shows it all
/// along that axis: the search near the best coarse offset cannot see them. Here the home
/// screen's pixels where the widget shows the wallpaper (a sparse sample of them, the widget's
/// content left out) are compared with the empty page at every offset of the window, the overlay
/// refitted at each in closed form from six sums; the offsets that explain the widget nearly as
/// well as the best are the answers the wallpaper cannot tell apart.
package struct OffsetScan {
    /// The window: offsets from −reach to +reach on each axis.
    let reach: Int
    /// The root-mean-square difference at each offset, row by row from (−reach, −reach); infinity
    /// where the sample leaves the empty page or the overlay does not fit.
    let costs: [Float]

    /// A sample of home-screen pixels: their index in the plane and their brightness.
    package struct Sample {
        package var indices: [Int]
        /// Their brightness less ``mean`` (the sums stay small, and exact enough in Float).
        var values: [Float]
        var mean: Float
        /// The sum of the values, and of their squares.
        var h: Double
        var hh: Double
    }

    /// About this many pixels are compared at each offset on the first pass, and this many again
    /// at the offsets that come near the best.
    static let firstCount = 1536
    static let secondCount = 6144

    /// Scores every offset of the window (``reach`` from the middle, on each axis) for the
    /// home-screen pixels `sample`, each compared with the empty page's pixel moved back by the
    /// offset, with `overlay` fitted there.
    ///
    /// The same costs as ``cost(_:_:empty:sample:overlay:)`` gives offset by offset, the same
    /// numbers added in the same order, four offsets side by side: for four neighbours along a
    /// row, a sample pixel's four pixels of the empty page lie next to each other, one load.
    package init(empty: LuminancePlane, sample: Sample, overlay: ShiftMatch.Overlay, reach: Int) {
        self.reach = reach
        let side = 2 * reach + 1
        var costs = [Float](repeating: .infinity, count: side * side)
        let count = sample.indices.count
        if count >= 16, let first = sample.indices.first, let last = sample.indices.last {
            let centred = Self.centred(overlay, mean: sample.mean)
            costs.withUnsafeMutableBufferPointer { costs in
                for dy in -reach...reach {
                    // The offsets across that keep the sample on the page (as `cost` asks):
                    // first − shift ≥ 0 and last − shift < the plane's count.
                    let rowShift = dy * empty.width
                    let lowest = Swift.max(-reach, last - rowShift - empty.values.count + 1)
                    let highest = Swift.min(reach, first - rowShift)
                    guard lowest <= highest else { continue }
                    // Four at a time from the lowest; the last few one by one.
                    var dx = lowest
                    while dx + 3 <= highest {
                        let four = Self.sums(dx, rowShift, empty: empty, sample: sample)
                        for lane in 0..<4 {
                            costs[(dy + reach) * side + dx + 3 - lane + reach] = Self.residual(
                                n: Double(count), e: Double(four.e[lane]), ee: Double(four.ee[lane]), h: sample.h, hh: sample.hh,
                                eh: Double(four.eh[lane]), overlay: centred)
                        }
                        dx += 4
                    }
                    while dx <= highest {
                        costs[(dy + reach) * side + dx + reach] = Self.cost(dx, dy, empty: empty, sample: sample, overlay: overlay)
                        dx += 1
                    }
                }
            }
        }
        self.costs = costs
    }

    /// The sums `cost` takes, for four offsets at once: dx + 3, dx + 2, dx + 1 and dx, one a lane
    /// (in that order, each lane's pixel the one after the lane before's), down by `rowShift`
    /// over the plane's width. Each sample pixel goes where `cost` adds it (its index modulo
    /// four, the last few with the first), and those four are added up in `cost`'s order. The
    /// four offsets must keep the sample on the page.
    private static func sums(_ dx: Int, _ rowShift: Int, empty: LuminancePlane, sample: Sample) -> (e: Lanes, ee: Lanes, eh: Lanes) {
        let count = sample.indices.count
        let means = Lanes(repeating: sample.mean)
        // Per lane of `cost`: the sums of the four offsets.
        var (e0, e1, e2, e3) = (Lanes(), Lanes(), Lanes(), Lanes())
        var (ee0, ee1, ee2, ee3) = (Lanes(), Lanes(), Lanes(), Lanes())
        var (eh0, eh1, eh2, eh3) = (Lanes(), Lanes(), Lanes(), Lanes())
        empty.values.withUnsafeBufferPointer { plane in
            sample.indices.withUnsafeBufferPointer { indices in
                sample.values.withUnsafeBufferPointer { values in
                    // The pixel moved back by dx + 3 first: the four offsets' pixels in a row.
                    let pixels = UnsafeRawPointer(plane.baseAddress!)
                    let back = rowShift + dx + 3
                    /// The sample pixel `i`'s four pixels of the empty page, less the mean.
                    func moved(_ i: Int) -> Lanes {
                        pixels.loadUnaligned(fromByteOffset: (indices[i] - back) * MemoryLayout<Float>.stride, as: Lanes.self) - means
                    }
                    var i = 0
                    while i + 4 <= count {
                        let (v0, v1, v2, v3) = (moved(i), moved(i + 1), moved(i + 2), moved(i + 3))
                        e0 += v0
                        e1 += v1
                        e2 += v2
                        e3 += v3
                        ee0 += v0 * v0
                        ee1 += v1 * v1
                        ee2 += v2 * v2
                        ee3 += v3 * v3
                        eh0 += v0 * values[i]
                        eh1 += v1 * values[i + 1]
                        eh2 += v2 * values[i + 2]
                        eh3 += v3 * values[i + 3]
                        i += 4
                    }
                    while i < count {
                        let v = moved(i)
                        e0 += v
                        ee0 += v * v
                        eh0 += v * values[i]
                        i += 1
                    }
                }
            }
        }
        return ((e0 + e1) + (e2 + e3), (ee0 + ee1) + (ee2 + ee3), (eh0 + eh1) + (eh2 + eh3))
    }

    private typealias Lanes = SIMD4<Float>

    /// `overlay` for brightness less `mean`: a tint's colour too.
    private static func centred(_ overlay: ShiftMatch.Overlay, mean: Float) -> ShiftMatch.Overlay {
        if case .tint(let c) = overlay { .tint(toward: c - mean) } else { overlay }
    }

    /// The cost of the offset (dx, dy) for `sample`: the root-mean-square difference between the
    /// home screen's pixels and the empty page's moved back by the offset, `overlay` fitted;
    /// infinity where the sample leaves the empty page or the overlay does not fit.
    package static func cost(_ dx: Int, _ dy: Int, empty: LuminancePlane, sample: Sample, overlay: ShiftMatch.Overlay) -> Float {
        let count = sample.indices.count
        let mean = sample.mean
        guard count >= 16, let first = sample.indices.first, let last = sample.indices.last else { return .infinity }
        let shift = dy * empty.width + dx
        // The sample runs row by row: its first and last pixels are its lowest and highest.
        guard first - shift >= 0, last - shift < empty.values.count else { return .infinity }
        // Four pixels at a time in lanes (four additions side by side, not one after another),
        // the last few in lane 0; the lanes added up in one fixed order.
        var (e, ee, eh) = (SIMD4<Float>(), SIMD4<Float>(), SIMD4<Float>())
        empty.values.withUnsafeBufferPointer { plane in
            sample.indices.withUnsafeBufferPointer { indices in
                sample.values.withUnsafeBufferPointer { values in
                    let means = SIMD4<Float>(repeating: mean)
                    var i = 0
                    while i + 4 <= count {
                        let v =
                            SIMD4(
                                plane[indices[i] - shift], plane[indices[i + 1] - shift], plane[indices[i + 2] - shift], plane[indices[i + 3] - shift]
                            )
                            - means
                        e += v
                        ee += v * v
                        eh += v * SIMD4(values[i], values[i + 1], values[i + 2], values[i + 3])
                        i += 4
                    }
                    while i < count {
                        let v = plane[indices[i] - shift] - mean
                        e[0] += v
                        ee[0] += v * v
                        eh[0] += v * values[i]
                        i += 1
                    }
                }
            }
        }
        func total(_ lanes: SIMD4<Float>) -> Double { Double((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) }
        return residual(
            n: Double(count), e: total(e), ee: total(ee), h: sample.h, hh: sample.hh, eh: total(eh), overlay: centred(overlay, mean: mean))
    }

    /// The root-mean-square difference left when `overlay` is fitted by least squares to the sums
    /// of n pixels' brightness on the empty page (e) and on the home screen (h).
    static func residual(n: Double, e: Double, ee: Double, h: Double, hh: Double, eh: Double, overlay: ShiftMatch.Overlay) -> Float {
        let squares: Double
        switch overlay {
        case .none:
            squares = hh - 2 * eh + ee
        case .free:
            let varianceE = ee - e * e / n
            let varianceH = hh - h * h / n
            let covariance = eh - e * h / n
            guard varianceE > n * 1e-9, covariance > 0 else { return .infinity }
            squares = varianceH - covariance * covariance / varianceE
        case .tint(let c):
            let c = Double(c)
            let across = eh - c * e - c * h + n * c * c
            let spread = ee - 2 * c * e + n * c * c
            let homeSpread = hh - 2 * c * h + n * c * c
            guard spread > n * 1e-9, across > 0 else { return .infinity }
            squares = homeSpread - across * across / spread
        }
        return Float((Swift.max(0, squares) / n).squareRoot())
    }

    /// The cost at offset (dx, dy).
    package func cost(_ dx: Int, _ dy: Int) -> Float {
        guard abs(dx) <= reach, abs(dy) <= reach else { return .infinity }
        return costs[(dy + reach) * (2 * reach + 1) + dx + reach]
    }

    /// The offsets, best first, whose cost is at most `limit`.
    func offsets(within limit: Float) -> [(dx: Int, dy: Int, cost: Float)] {
        let side = 2 * reach + 1
        var found: [(dx: Int, dy: Int, cost: Float)] = []
        for (index, cost) in costs.enumerated() where cost <= limit { found.append((index % side - reach, index / side - reach, cost)) }
        return found.sorted { $0.cost < $1.cost }
    }

    /// The best offset and its cost.
    var best: (dx: Int, dy: Int, cost: Float)? {
        let side = 2 * reach + 1
        guard let index = costs.indices.min(by: { costs[$0] < costs[$1] }), costs[index].isFinite else { return nil }
        return (index % side - reach, index / side - reach, costs[index])
    }

    /// A sample of about `count` pixels of the home screen inside `area` moved by (dx, dy), where
    /// `compared` (row by row over `area`, 1 for a pixel compared) says the widget shows the
    /// wallpaper: every `step`-th pixel of a grid whose rows are each shifted by a different
    /// amount, so that no period of a wallpaper lines up with it.
    package static func sample(
        _ home: LuminancePlane, area: PixelRect, at dx: Int, _ dy: Int, compared: [Float], count: Int
    ) -> Sample {
        let total = compared.reduce(0, +)
        let step = Swift.max(1, Int((Double(total) / Double(count)).squareRoot()))
        var indices: [Int] = []
        var values: [Float] = []
        indices.reserveCapacity(count * 2)
        values.reserveCapacity(count * 2)
        var row = 0
        var jitter = 0
        while row < area.height {
            // A shift per row from a fixed sequence (the golden ratio's), never repeating with a period.
            jitter = (jitter + Swift.max(1, step * 5 / 8)) % step
            let y = area.y + row + dy
            var column = jitter
            while column < area.width {
                let x = area.x + column + dx
                if compared[row * area.width + column] > 0, x >= 0, y >= 0, x < home.width, y < home.height {
                    indices.append(y * home.width + x)
                    values.append(home.values[y * home.width + x])
                }
                column += step
            }
            row += step
        }
        let mean = values.isEmpty ? 0 : values.reduce(0, +) / Float(values.count)
        var (h, hh): (Double, Double) = (0, 0)
        for index in values.indices {
            values[index] -= mean
            h += Double(values[index])
            hh += Double(values[index]) * Double(values[index])
        }
        return Sample(indices: indices, values: values, mean: mean, h: h, hh: hh)
    }
}

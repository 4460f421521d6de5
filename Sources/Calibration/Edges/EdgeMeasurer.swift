import SlotGeometry

/// Measures a widget's four straight edges to a fraction of a pixel.
///
/// Each edge is measured on scanlines across the middle half of its side (the continuous-curvature
/// corners bend the outer quarters). On each scanline, from the outside in, the widget begins at
/// the first of three pixels in a row that are the widget: within a third of the contrast of the
/// widget's colour (solid widgets), or different from the empty page by more than the noise (with
/// one). The sub-pixel position is then the widget's area across the last pixels before it, each
/// pixel counting as the fraction of the way from what is behind the widget to the widget, which
/// is exact for anti-aliased edges. The median over scanlines leaves out the few that labels,
/// lines and content disturb.
///
/// A first pass around the region's coarse box finds each edge within a pixel or two; a second,
/// narrower pass around that position measures it, with what is behind the widget taken a few
/// pixels out, clear of labels.
struct EdgeMeasurer {
    let shot: ColorField
    let empty: ColorField?
    /// With an empty page: single-pixel differences above this are the widget.
    let threshold: Float
    /// With an empty page: the edge is the steepest rise of the difference from the empty page
    /// (where a soft shadow around the shape, which darkens the wallpaper gradually, gives way to
    /// the shape itself), rather than the first pixels that differ.
    var steepest = false

    enum Reading {
        case measured(Footprint)
        case failed(Edge)
    }

    /// One edge as measured: its position (a pixel boundary, fractional), the spread of the
    /// scanlines that agree with it, and the mean width of its transition.
    private struct Measured {
        var position: Double
        var spread: Double
        var width: Double
    }

    /// How far, in pixels, the first pass looks on each side of the coarse edge; the second pass's reach.
    static let firstReach = 14
    static let secondReach = 9

    func measure(_ region: Region) -> Reading {
        measure(region.rect, color: region.color)
    }

    /// Measures the edges of the shape whose coarse box is `rect` (within a few pixels of each
    /// edge); `color` is its colour, for a screenshot without an empty page.
    func measure(_ rect: PixelRect, color: SIMD3<Float>) -> Reading {
        var measured: [Measured] = []
        for edge in Edge.allCases {
            guard let first = measure(edge, of: rect, color: color, near: edge.position(in: rect), reach: Self.firstReach),
                let second = measure(edge, of: rect, color: color, near: Int(first.position.rounded()), reach: Self.secondReach)
            else { return .failed(edge) }
            measured.append(second)
        }
        let (left, top, right, bottom) = (measured[0].position, measured[1].position, measured[2].position, measured[3].position)
        let (x, y) = (Int(left.rounded()), Int(top.rounded()))
        let rect = PixelRect(x: x, y: y, width: Int(right.rounded()) - x, height: Int(bottom.rounded()) - y)
        guard rect.width > 0, rect.height > 0 else { return .failed(.right) }
        return .measured(
            Footprint(
                rect: rect, left: left, top: top, right: right, bottom: bottom, edgeSpread: measured.map { $0.spread }.max() ?? 0,
                edgeWidth: measured.map { $0.width }.reduce(0, +) / 4))
    }

    /// The pixel at `index` (0 farthest out) on the scanline `line` across `edge`, in a window of
    /// `2 × reach` pixels centred on the boundary `estimate`.
    private func pixel(_ edge: Edge, estimate: Int, reach: Int, line: Int, index: Int) -> (x: Int, y: Int) {
        switch edge {
        case .left: (estimate - reach + index, line)
        case .right: (estimate + reach - 1 - index, line)
        case .top: (line, estimate - reach + index)
        case .bottom: (line, estimate + reach - 1 - index)
        }
    }

    /// The boundary `depth` pixels in from the window's outer end.
    private func boundary(_ edge: Edge, estimate: Int, reach: Int, depth: Double) -> Double {
        edge == .left || edge == .top ? Double(estimate - reach) + depth : Double(estimate + reach) - depth
    }

    private func measure(_ edge: Edge, of rect: PixelRect, color: SIMD3<Float>, near estimate: Int, reach: Int) -> Measured? {
        let vertical = edge == .left || edge == .right
        let (start, length) = vertical ? (rect.y, rect.height) : (rect.x, rect.width)
        let lines = Array(stride(from: start + length / 4, to: start + length - length / 4, by: 2))
        let count = 2 * reach
        func inside(_ line: Int) -> Bool {
            let (first, last) = (
                pixel(edge, estimate: estimate, reach: reach, line: line, index: 0),
                pixel(edge, estimate: estimate, reach: reach, line: line, index: count - 1)
            )
            return shot.contains(first.x, first.y) && shot.contains(last.x, last.y)
        }
        let usable = lines.filter(inside)
        guard !usable.isEmpty else { return nil }

        // Without an empty page: the widget's colour, and its contrast with what is around it.
        var solid: (color: SIMD3<Float>, tolerance: Float)?
        if empty == nil {
            let around = usable.map { line in
                let p = pixel(edge, estimate: estimate, reach: reach, line: line, index: 0)
                return shot[p.x, p.y]
            }
            let contrast = medianColor(around)!.distance(to: color)
            guard contrast >= 0.05 else { return nil }
            solid = (color, contrast / 3)
        }

        var depths: [Double] = []
        var widths: [Double] = []
        for line in usable {
            let samples = (0..<count).map { index in
                let p = pixel(edge, estimate: estimate, reach: reach, line: line, index: index)
                return (p, shot[p.x, p.y])
            }
            let alphas: [Double]
            let first: Int
            if let solid {
                // The first of three pixels in a row within the tolerance of the widget's colour.
                guard
                    let f = (6..<(count - 2)).first(where: { i in
                        (i..<(i + 3)).allSatisfy { samples[$0].1.distance(to: solid.color) <= solid.tolerance }
                    })
                else { continue }
                // What is behind the widget: a few pixels out, past the edge's blur.
                let behind = medianColor([samples[f - 6].1, samples[f - 5].1, samples[f - 4].1])!
                let direction = solid.color - behind
                let length = (direction * direction).sum()
                guard length > 0.0016 else { continue }
                alphas = ((f - 3)...f).map { i in Double(((samples[i].1 - behind) * direction).sum() / length) }
                first = f
            } else if let empty, steepest {
                let differences = samples.map { shot.difference($0.0.x, $0.0.y, in: empty) }
                // The outermost of the steep rises inward (at least half the steepest, among the
                // pixels that differ past the threshold): a shadow rises gently, and a lighter
                // rim just inside the outline is part of the shape.
                let steps = (0..<count).map { i -> Float in
                    (5..<(count - 4)).contains(i) && differences[i + 2] > threshold ? differences[i + 1] - differences[i - 1] : 0
                }
                let steepestRise = steps.max() ?? 0
                guard steepestRise > 0,
                    let rise = (5..<(count - 4)).first(where: { steps[$0] >= steepestRise / 2 && steps[$0] >= steps[$0 + 1] })
                else { continue }
                // What is behind the shape (its shadow, if any) just outside the rise, and the
                // shape just inside it.
                let outside: Float = differences[rise - 3]
                let inside: Float = differences[rise + 3]
                guard inside - outside > threshold else { continue }
                alphas = ((rise - 2)...(rise + 1)).map { index -> Double in Double((differences[index] - outside) / (inside - outside)) }
                first = rise + 1
            } else if let empty {
                let differences = samples.map { shot.difference($0.0.x, $0.0.y, in: empty) }
                guard let f = (4..<(count - 2)).first(where: { i in (i..<(i + 3)).allSatisfy { differences[$0] > threshold } }) else { continue }
                let full = max(differences[f], differences[f + 1], differences[f + 2])
                alphas = ((f - 3)...f).map { Double(differences[$0] / full) }
                first = f
            } else {
                continue
            }
            let clamped = alphas.map { min(1, max(0, $0)) }
            depths.append(Double(first + 1) - clamped.reduce(0, +))
            widths.append(Double(clamped.filter { $0 > 0.1 && $0 < 0.9 }.count))
        }
        guard depths.count >= max(4, usable.count / 4), let depth = median(depths) else { return nil }
        let close = depths.filter { abs($0 - depth) <= 1.5 }
        return Measured(
            position: boundary(edge, estimate: estimate, reach: reach, depth: depth), spread: (close.max() ?? depth) - (close.min() ?? depth),
            width: max(1, widths.reduce(0, +) / Double(widths.count)))
    }
}

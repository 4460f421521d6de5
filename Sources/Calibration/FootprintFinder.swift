import SlotGeometry

/// Finds the widgets on a screenshot of a home-screen page with widgets placed.
///
/// Widgets are found on a coarse grid (every `step`-th pixel): as the pixels that differ from an
/// empty-page screenshot of the same wallpaper, or, without one, as the pixels of the most
/// common solid colour. Each found region's straight edges are then measured at full resolution
/// on scanlines across the middle of each side (the continuous-curvature corners shorten the
/// first and last rows, so they are left out), with the edge position taken as the area of
/// widget colour across the transition, which is exact for anti-aliased edges. The median over
/// scanlines ignores labels, annotations and noise that touch some of them.
struct FootprintFinder {
    let shot: ColorField
    let empty: ColorField?
    let step = 4

    /// The footprints, top to bottom, left to right.
    func find() -> [Footprint] {
        let mask = coarseMask()
        let regions = regions(in: mask)
        return regions.compactMap(refine).sorted { ($0.rect.y, $0.rect.x) < ($1.rect.y, $1.rect.x) }
    }

    // MARK: Coarse detection

    private struct Mask {
        var columns: Int
        var rows: Int
        var bits: [Bool]
        subscript(x: Int, y: Int) -> Bool { bits[y * columns + x] }
    }

    private func coarseMask() -> Mask {
        let columns = shot.width / step
        let rows = shot.height / step
        var bits = [Bool](repeating: false, count: columns * rows)
        if let empty {
            for row in 0..<rows {
                for column in 0..<columns {
                    let (x, y) = (column * step + step / 2, row * step + step / 2)
                    bits[row * columns + column] = shot[x, y].distance(to: empty[x, y]) > 0.05
                }
            }
        } else {
            let widgetColor = dominantSolidColor()
            for row in 0..<rows {
                for column in 0..<columns {
                    let (x, y) = (column * step + step / 2, row * step + step / 2)
                    bits[row * columns + column] = shot[x, y].distance(to: widgetColor) < 0.06
                }
            }
        }
        return Mask(columns: columns, rows: rows, bits: opened(bits, columns: columns, rows: rows))
    }

    /// The mask after an erosion and a dilation (3×3): thin lines such as annotations drawn across
    /// the page, which would join separate widgets into one region, are gone; widgets keep their shape.
    private func opened(_ bits: [Bool], columns: Int, rows: Int) -> [Bool] {
        func apply(_ input: [Bool], keepIf rule: ([Bool]) -> Bool) -> [Bool] {
            var output = input
            for y in 0..<rows {
                for x in 0..<columns {
                    var neighbourhood: [Bool] = []
                    for dy in -1...1 {
                        for dx in -1...1 {
                            let (nx, ny) = (x + dx, y + dy)
                            neighbourhood.append(nx >= 0 && ny >= 0 && nx < columns && ny < rows ? input[ny * columns + nx] : false)
                        }
                    }
                    output[y * columns + x] = rule(neighbourhood)
                }
            }
            return output
        }
        let eroded = apply(bits) { $0.allSatisfy { $0 } }
        return apply(eroded) { $0.contains(true) }
    }

    /// The colour that the most flat (locally constant) pixels share: solid widgets.
    private func dominantSolidColor() -> SIMD3<Float> {
        var counts: [Int: Int] = [:]
        var sums: [Int: SIMD3<Float>] = [:]
        for y in stride(from: 1, to: shot.height - 1, by: step) {
            for x in stride(from: 1, to: shot.width - 1, by: step) {
                let color = shot[x, y]
                let flat =
                    color.distance(to: shot[x + 1, y]) < 0.03 && color.distance(to: shot[x, y + 1]) < 0.03
                    && color.distance(to: shot[x - 1, y - 1]) < 0.03
                guard flat else { continue }
                let q = SIMD3<Int>(Int(color.x * 15.99), Int(color.y * 15.99), Int(color.z * 15.99))
                let key = q.x << 8 | q.y << 4 | q.z
                counts[key, default: 0] += 1
                sums[key, default: .zero] += color
            }
        }
        guard let best = counts.max(by: { $0.value < $1.value }) else { return .zero }
        return sums[best.key]! / Float(best.value)
    }

    /// Connected regions of the mask that are large and rectangular enough to be widgets, as
    /// coarse rectangles in pixels.
    private func regions(in mask: Mask) -> [PixelRect] {
        var seen = [Bool](repeating: false, count: mask.bits.count)
        var found: [PixelRect] = []
        let minimumSide = max(8, shot.width / 8 / step)
        for start in mask.bits.indices where mask.bits[start] && !seen[start] {
            var stack = [start]
            seen[start] = true
            var count = 0
            var (minX, minY, maxX, maxY) = (Int.max, Int.max, 0, 0)
            while let index = stack.popLast() {
                count += 1
                let (x, y) = (index % mask.columns, index / mask.columns)
                (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
                for (nx, ny) in [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
                where nx >= 0 && ny >= 0 && nx < mask.columns && ny < mask.rows {
                    let next = ny * mask.columns + nx
                    if mask.bits[next] && !seen[next] {
                        seen[next] = true
                        stack.append(next)
                    }
                }
            }
            let (w, h) = (maxX - minX + 1, maxY - minY + 1)
            // A widget is big and fills most of its bounding box (all but the rounded corners).
            guard w >= minimumSide, h >= minimumSide, Double(count) >= 0.8 * Double(w * h) else { continue }
            found.append(PixelRect(x: minX * step, y: minY * step, width: w * step, height: h * step))
        }
        return found
    }

    // MARK: Edge refinement

    private enum Side { case left, right, top, bottom }

    private func refine(_ coarse: PixelRect) -> Footprint? {
        // The widget's colour: the median of its central area.
        var inside: [SIMD3<Float>] = []
        for y in stride(from: coarse.y + coarse.height / 4, to: coarse.maxY - coarse.height / 4, by: 7) {
            for x in stride(from: coarse.x + coarse.width / 4, to: coarse.maxX - coarse.width / 4, by: 7) {
                inside.append(shot[x, y])
            }
        }
        guard let widgetColor = medianColor(inside) else { return nil }

        var spreads: [Double] = []
        var widths: [Double] = []
        func edge(_ side: Side, near estimate: Int) -> Double? {
            guard let measured = measureEdge(side, near: estimate, coarse: coarse, widgetColor: widgetColor) else { return nil }
            spreads.append(measured.spread)
            widths.append(measured.width)
            return measured.position
        }
        guard let left = edge(.left, near: coarse.x), let right = edge(.right, near: coarse.maxX),
            let top = edge(.top, near: coarse.y), let bottom = edge(.bottom, near: coarse.maxY)
        else { return nil }
        let x = Int(left.rounded())
        let y = Int(top.rounded())
        let rect = PixelRect(x: x, y: y, width: Int(right.rounded()) - x, height: Int(bottom.rounded()) - y)
        guard rect.width > 0, rect.height > 0 else { return nil }
        return Footprint(
            rect: rect, left: left, top: top, right: right, bottom: bottom, edgeSpread: spreads.max() ?? 0,
            edgeWidth: widths.reduce(0, +) / Double(widths.count))
    }

    /// The sub-pixel position of one straight edge: where the widget begins (left, top) or ends
    /// (right, bottom), as the median over scanlines across the middle 60 % of the side.
    private func measureEdge(_ side: Side, near estimate: Int, coarse: PixelRect, widgetColor: SIMD3<Float>) -> (
        position: Double, spread: Double, width: Double
    )? {
        let vertical = side == .left || side == .right
        let along =
            vertical ? (coarse.y + coarse.height / 5, coarse.maxY - coarse.height / 5) : (coarse.x + coarse.width / 5, coarse.maxX - coarse.width / 5)
        let reach = step + 4
        var positions: [Double] = []
        var widths: [Double] = []
        for line in stride(from: along.0, to: along.1, by: 2) {
            // Pixels across the edge, from outside to inside.
            let offsets = Array(-reach...reach)
            func point(_ offset: Int) -> (Int, Int) {
                switch side {
                case .left: (estimate + offset, line)
                case .right: (estimate - 1 - offset, line)
                case .top: (line, estimate + offset)
                case .bottom: (line, estimate - 1 - offset)
                }
            }
            let outsidePoints = (reach + 3...reach + 6).map { point(-$0) }
            guard let first = offsets.first.map(point), shot.contains(first.0, first.1),
                let deepest = outsidePoints.last, shot.contains(deepest.0, deepest.1)
            else { continue }
            var alphas: [Double] = []
            for offset in offsets {
                let (x, y) = point(offset)
                let background = empty?[x, y] ?? medianColor(outsidePoints.map { shot[$0.0, $0.1] })!
                let direction = widgetColor - background
                let length = (direction * direction).sum()
                guard length > 0.0004 else { return nil }
                let alpha = Double(((shot[x, y] - background) * direction).sum() / length)
                alphas.append(min(1, max(0, alpha)))
            }
            // Outside to inside: the edge lies where the widget's area begins.
            let outsideArea = alphas.reduce(0) { $0 + (1 - $1) }
            let distance = outsideArea - Double(reach)  // from the estimate, towards the inside
            positions.append(side == .left || side == .top ? Double(estimate) + distance : Double(estimate) - distance)
            widths.append(Double(alphas.filter { $0 > 0.1 && $0 < 0.9 }.count))
        }
        guard let position = median(positions) else { return nil }
        let close = positions.filter { abs($0 - position) <= 1.5 }
        let spread = (close.max() ?? position) - (close.min() ?? position)
        return (position, spread, max(1, widths.reduce(0, +) / Double(widths.count)))
    }
}

import SlotGeometry

/// A picture as one brightness value per pixel, row by row: what the widget check compares.
///
/// A widget's overlay (iOS 26's light glass, a white or black tint) blends every channel of the
/// wallpaper towards one colour by one amount, so brightness changes by a gain and an offset,
/// which the comparison (``ShiftMatch``) leaves out.
package struct LuminancePlane {
    package let width: Int
    package let height: Int
    package let values: [Float]

    /// The brightness of each pixel of `field` (Rec. 709 weights, in the field's own encoding).
    package init(_ field: ColorField) {
        width = field.width
        height = field.height
        var values = [Float](repeating: 0, count: field.width * field.height)
        field.values.withUnsafeBufferPointer { rgb in
            values.withUnsafeMutableBufferPointer { out in
                for index in 0..<out.count {
                    out[index] = 0.2126 * rgb[index * 3] + 0.7152 * rgb[index * 3 + 1] + 0.0722 * rgb[index * 3 + 2]
                }
            }
        }
        self.values = values
    }

    /// One colour channel of `field` (0 red, 1 green, 2 blue), as a plane of its own: where two
    /// colours of one brightness meet, a channel still steps.
    init(_ field: ColorField, channel: Int) {
        width = field.width
        height = field.height
        var values = [Float](repeating: 0, count: field.width * field.height)
        field.values.withUnsafeBufferPointer { rgb in
            values.withUnsafeMutableBufferPointer { out in
                for index in 0..<out.count { out[index] = rgb[index * 3 + channel] }
            }
        }
        self.values = values
    }

    package init(width: Int, height: Int, values: [Float]) {
        self.width = width
        self.height = height
        self.values = values
    }

    /// The plane with each `factor`×`factor` block of pixels averaged into one, the blocks
    /// beginning at `origin` (the pixels left of and above it, and a last partial block on the
    /// right or at the bottom, are left out); only the blocks in `cells` when given, the others 0.
    package func downsampled(by factor: Int, from origin: (x: Int, y: Int) = (0, 0), cells: PixelRect? = nil) -> LuminancePlane {
        let (columns, rows) = ((width - origin.x) / factor, (height - origin.y) / factor)
        let (left, top) = (Swift.max(0, cells?.x ?? 0), Swift.max(0, cells?.y ?? 0))
        let (right, bottom) = (Swift.min(columns, cells?.maxX ?? columns), Swift.min(rows, cells?.maxY ?? rows))
        var out = [Float](repeating: 0, count: columns * rows)
        let scale = 1 / Float(factor * factor)
        values.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for row in top..<Swift.max(top, bottom) {
                    for column in left..<Swift.max(left, right) {
                        var sum: Float = 0
                        for y in (origin.y + row * factor)..<(origin.y + row * factor + factor) {
                            let start = y * width + origin.x + column * factor
                            for x in start..<(start + factor) { sum += source[x] }
                        }
                        target[row * columns + column] = sum * scale
                    }
                }
            }
        }
        return LuminancePlane(width: columns, height: rows, values: out)
    }

    /// ``downsampled(by:from:cells:)`` with each cell a weighted mean of the `2 × factor` pixels
    /// around it on each axis, the weights falling off in a straight line from its middle (a tent;
    /// pixels past the picture's edge taken as the edge's own), rather than the plain mean of its
    /// own block: a picture moved by part of a cell changes its cells less, so that a fine
    /// texture (noise, stripes a pixel wide) still matches its cells at the nearest whole cell.
    /// Moved by a quarter of a cell over pixel-wide noise, a block's plain mean keeps a
    /// correlation of about 0.75 an axis; the tent, 0.92.
    package func tentDownsampled(by factor: Int, from origin: (x: Int, y: Int) = (0, 0), cells: PixelRect? = nil) -> LuminancePlane {
        let (columns, rows) = ((width - origin.x) / factor, (height - origin.y) / factor)
        let (left, top) = (Swift.max(0, cells?.x ?? 0), Swift.max(0, cells?.y ?? 0))
        let (right, bottom) = (Swift.max(left, Swift.min(columns, cells?.maxX ?? columns)), Swift.max(top, Swift.min(rows, cells?.maxY ?? rows)))
        var out = [Float](repeating: 0, count: columns * rows)
        guard left < right, top < bottom else { return LuminancePlane(width: columns, height: rows, values: out) }
        // The tent's weights, each axis's summing to factor².
        let taps = (0..<(2 * factor)).map { Float(factor) - abs(Float($0) - (Float(factor) - 0.5)) }
        let scale = 1 / Float(factor * factor * factor * factor)
        let back = factor / 2
        // Across first, on the rows the cells reach; then down.
        let firstRow = Swift.max(0, origin.y + top * factor - back)
        let endRow = Swift.min(height, origin.y + bottom * factor - back + 2 * factor)
        var across = [Float](repeating: 0, count: (endRow - firstRow) * columns)
        values.withUnsafeBufferPointer { source in
            across.withUnsafeMutableBufferPointer { rowsAcross in
                for y in firstRow..<endRow {
                    for column in left..<right {
                        let start = origin.x + column * factor - back
                        var sum: Float = 0
                        for k in 0..<(2 * factor) { sum += taps[k] * source[y * width + Swift.min(Swift.max(start + k, 0), width - 1)] }
                        rowsAcross[(y - firstRow) * columns + column] = sum
                    }
                }
            }
        }
        across.withUnsafeBufferPointer { rowsAcross in
            out.withUnsafeMutableBufferPointer { target in
                for row in top..<bottom {
                    let start = origin.y + row * factor - back
                    for column in left..<right {
                        var sum: Float = 0
                        for k in 0..<(2 * factor) {
                            sum += taps[k] * rowsAcross[(Swift.min(Swift.max(start + k, 0), height - 1) - firstRow) * columns + column]
                        }
                        target[row * columns + column] = sum * scale
                    }
                }
            }
        }
        return LuminancePlane(width: columns, height: rows, values: out)
    }

    /// Which way the picture runs in lines inside `area`: vertical where it barely changes from
    /// top to bottom (an eighth of how much it changes from side to side), horizontal the other
    /// way round; nil where neither.
    func lines(in area: PixelRect) -> LineDirection? {
        let (top, left) = (Swift.max(0, area.y), Swift.max(0, area.x))
        let (bottom, right) = (Swift.min(height - 1, area.maxY), Swift.min(width - 1, area.maxX))
        guard top < bottom, left < right else { return nil }
        var (down, across) = (Float(0), Float(0))
        for y in top..<bottom {
            for x in left..<right {
                let here = values[y * width + x]
                down += abs(values[(y + 1) * width + x] - here)
                across += abs(values[y * width + x + 1] - here)
            }
        }
        if down * 8 < across { return .vertical }
        if across * 8 < down { return .horizontal }
        return nil
    }

    /// The share of column `x`'s pixels over `rows` whose change to the next pixel right plus
    /// the change to the next one down is at most `calm`; `nil` where the column, or a row, has
    /// no such neighbours on the plane.
    func calmShare(column x: Int, over rows: Range<Int>, calm: Float) -> Float? {
        guard x >= 0, x + 1 < width, rows.lowerBound >= 0, rows.upperBound < height, !rows.isEmpty else { return nil }
        return calmShare(from: rows.lowerBound * width + x, step: width, count: rows.count, calm: calm)
    }

    /// The same for row `y`'s pixels over `columns`.
    func calmShare(row y: Int, over columns: Range<Int>, calm: Float) -> Float? {
        guard y >= 0, y + 1 < height, columns.lowerBound >= 0, columns.upperBound < width, !columns.isEmpty else { return nil }
        return calmShare(from: y * width + columns.lowerBound, step: 1, count: columns.count, calm: calm)
    }

    /// The share of calm pixels among `count`, from index `first` on, `step` apart (each with a
    /// neighbour right and down on the plane).
    private func calmShare(from first: Int, step: Int, count: Int, calm: Float) -> Float {
        var calmPixels = 0
        for index in stride(from: first, to: first + count * step, by: step) {
            let here = values[index]
            if abs(values[index + 1] - here) + abs(values[index + width] - here) <= calm { calmPixels += 1 }
        }
        return Float(calmPixels) / Float(count)
    }

    /// The direction of a picture's lines.
    enum LineDirection {
        case vertical, horizontal
    }
}

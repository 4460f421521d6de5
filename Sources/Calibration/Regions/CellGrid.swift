import SlotGeometry

/// A screenshot seen through a coarse grid: each cell of `step`×`step` pixels as the mean of four
/// of its pixels, and how far those four stray from their mean.
///
/// Regions are found on cells rather than pixels: 16 times less work, and detail finer than a
/// cell (text strokes, 1-pixel lines, noise) counts for little. Edges are measured on the pixels
/// afterwards (``EdgeMeasurer``).
struct CellGrid {
    let step: Int
    let columns: Int
    let rows: Int
    /// The mean red, green and blue of each cell, row by row.
    let means: [Float]
    /// The largest difference, in any channel, of one of a cell's samples from the cell's mean:
    /// about 0 where the picture is flat.
    let spreads: [Float]

    init(_ field: ColorField, step: Int) {
        self.step = step
        columns = field.width / step
        rows = field.height / step
        var means = [Float](repeating: 0, count: columns * rows * 3)
        var spreads = [Float](repeating: 0, count: columns * rows)
        let (near, far) = (step / 4, step - 1 - step / 4)
        let values = field.values
        for row in 0..<rows {
            for column in 0..<columns {
                let (x, y) = (column * step, row * step)
                let (a, b) = (((y + near) * field.width + x + near) * 3, ((y + near) * field.width + x + far) * 3)
                let (c, d) = (((y + far) * field.width + x + near) * 3, ((y + far) * field.width + x + far) * 3)
                let cell = row * columns + column
                var spread: Float = 0
                for channel in 0..<3 {
                    let (p, q, r, s) = (values[a + channel], values[b + channel], values[c + channel], values[d + channel])
                    let mean = (p + q + r + s) / 4
                    means[cell * 3 + channel] = mean
                    spread = Swift.max(spread, abs(p - mean), abs(q - mean), abs(r - mean), abs(s - mean))
                }
                spreads[cell] = spread
            }
        }
        self.means = means
        self.spreads = spreads
    }

    var count: Int { columns * rows }

    /// The mean colour of a cell.
    func color(_ cell: Int) -> SIMD3<Float> { SIMD3(means[cell * 3], means[cell * 3 + 1], means[cell * 3 + 2]) }

    /// The largest difference of the mean colours of a cell here and the same cell in `other`.
    func difference(_ cell: Int, in other: CellGrid) -> Float {
        let index = cell * 3
        return Swift.max(
            abs(means[index] - other.means[index]), abs(means[index + 1] - other.means[index + 1]), abs(means[index + 2] - other.means[index + 2]))
    }

    /// The largest difference, in any channel, between a cell's mean colour and `color`.
    func difference(_ cell: Int, from color: SIMD3<Float>) -> Float {
        let index = cell * 3
        return Swift.max(abs(means[index] - color.x), abs(means[index + 1] - color.y), abs(means[index + 2] - color.z))
    }

    /// The column and row bounds (inclusive) of some cells, given by index.
    func bounds(of cells: [Int]) -> (minX: Int, minY: Int, maxX: Int, maxY: Int) {
        var (minX, minY, maxX, maxY) = (Int.max, Int.max, Int.min, Int.min)
        for cell in cells {
            let (x, y) = (cell % columns, cell / columns)
            (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
        }
        return (minX, minY, maxX, maxY)
    }

    /// Some cells as a mask of their bounding box, with the box's first column and row.
    func localMask(of cells: [Int]) -> (mask: CellMask, minX: Int, minY: Int) {
        let (minX, minY, maxX, maxY) = bounds(of: cells)
        var mask = CellMask(columns: maxX - minX + 1, rows: maxY - minY + 1)
        for cell in cells { mask[cell % columns - minX, cell / columns - minY] = true }
        return (mask, minX, minY)
    }

    /// The cell's rectangle in pixels.
    func pixels(column: Int, row: Int, columns width: Int = 1, rows height: Int = 1) -> PixelRect {
        PixelRect(x: column * step, y: row * step, width: width * step, height: height * step)
    }
}

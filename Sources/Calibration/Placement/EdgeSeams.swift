import SlotGeometry

/// Where a screenshot shows a widget's straight edges: the lines across which the picture jumps
/// (a seam), when on either side of the line it changes far less.
///
/// A widget is drawn over the wallpaper with a hard outline. Where it shows a piece of wallpaper
/// from elsewhere, an overlay, a rim or its own opaque background, the picture jumps across its
/// four straight edges; the wallpaper alone runs on across them. Each edge is sampled over the
/// middle of its length (clear of the rounded corners whatever the offset within the window),
/// every second pixel: a sample is a seam when the step across the line is more than twice the
/// steps beside it (one pixel further out, and three and four pixels in, past a rim) and more
/// than the noise. With a `reference` (the other screenshot of the pair), a step it shows too is
/// the wallpaper's own, not a seam. Without one, a step in any of `colours` counts too: an
/// opaque widget as bright as the wallpaper beside it differs from it in colour.
struct EdgeSeams {
    let plane: LuminancePlane
    let reference: LuminancePlane?
    /// Steps up to this are noise.
    let noise: Float
    /// The picture's colour channels (as ``LuminancePlane/init(_:channel:)`` makes them), looked
    /// at besides the brightness when there is no reference.
    var colours: [LuminancePlane] = []

    /// The share of seams across the horizontal line between rows `y − 1` and `y` at columns
    /// `xs`, the widget below the line when `inside` is 1 (above it when −1).
    func horizontal(_ y: Int, _ xs: StrideTo<Int>, inside: Int) -> Float {
        share(xs) { x in
            (x, y + (inside > 0 ? 0 : -1))
        } across: {
            (0, inside)
        }
    }

    /// The share of seams across the vertical line between columns `x − 1` and `x` at rows `ys`,
    /// the widget to the right of the line when `inside` is 1 (to the left when −1).
    func vertical(_ x: Int, _ ys: StrideTo<Int>, inside: Int) -> Float {
        share(ys) { y in
            (x + (inside > 0 ? 0 : -1), y)
        } across: {
            (inside, 0)
        }
    }

    /// The share of samples along a line that are seams: `first(t)` is the pixel just inside the
    /// line at step t, `across()` the direction into the widget.
    private func share(_ steps: StrideTo<Int>, first: (Int) -> (Int, Int), across: () -> (Int, Int)) -> Float {
        let (ix, iy) = across()
        var seams = 0
        var count = 0
        for t in steps {
            let (x, y) = first(t)
            // Out 2 px and in 4 px must be on the plane.
            guard x - 2 * ix >= 0, y - 2 * iy >= 0, x - 2 * ix < plane.width, y - 2 * iy < plane.height, x + 4 * ix >= 0,
                y + 4 * iy >= 0, x + 4 * ix < plane.width, y + 4 * iy < plane.height
            else { continue }
            count += 1
            if let reference {
                if isSeam(plane, x, y, ix, iy) && !isSeam(reference, x, y, ix, iy, against: step(plane, x, y, ix, iy)) { seams += 1 }
            } else if isSeam(plane, x, y, ix, iy) || colours.contains(where: { isSeam($0, x, y, ix, iy) }) {
                seams += 1
            }
        }
        return count > 0 ? Float(seams) / Float(count) : 0
    }

    private func value(_ plane: LuminancePlane, _ x: Int, _ y: Int) -> Float { plane.values[y * plane.width + x] }

    private func step(_ plane: LuminancePlane, _ x: Int, _ y: Int, _ ix: Int, _ iy: Int) -> Float {
        abs(value(plane, x, y) - value(plane, x - ix, y - iy))
    }

    /// Whether the step from the pixel just outside to (x, y) just inside is a seam on `plane`;
    /// with `against`, whether it is at least half that step (the reference shows the step too).
    private func isSeam(_ plane: LuminancePlane, _ x: Int, _ y: Int, _ ix: Int, _ iy: Int, against: Float? = nil) -> Bool {
        let jump = step(plane, x, y, ix, iy)
        if let against { return jump >= against / 2 }
        let outside = abs(value(plane, x - ix, y - iy) - value(plane, x - 2 * ix, y - 2 * iy))
        let inside = abs(value(plane, x + 3 * ix, y + 3 * iy) - value(plane, x + 4 * ix, y + 4 * iy))
        return jump > noise && jump > 2 * Swift.max(outside, inside)
    }

    /// The samples of an edge of `rect` as its widget may sit anywhere within `window` of it: the
    /// middle of its length less the window, every second pixel.
    static func samples(from start: Int, length: Int, window: Int) -> StrideTo<Int> {
        let inset = Swift.max(length / 4, window + 8)
        return stride(from: start + inset, to: start + Swift.max(inset + 2, length - inset), by: 2)
    }

    /// The outline of a widget of `rect`'s size at `rect` moved by (dx, dy): the share of seams
    /// along its weakest edge.
    func outline(_ rect: PixelRect, _ dx: Int, _ dy: Int, window: Int) -> Float {
        let axes = outlineAxes(rect, dx, dy, window: window)
        return Swift.min(axes.columns, axes.rows)
    }

    /// The same outline axis by axis: the share of seams along the weaker of its left and right
    /// edges (`columns`), and of its top and bottom edges (`rows`). On a wallpaper of lines
    /// (stripes), a widget's edges along the lines are lost in them, or meet one of them by chance
    /// all along; its edges across the lines show it.
    func outlineAxes(_ rect: PixelRect, _ dx: Int, _ dy: Int, window: Int) -> (columns: Float, rows: Float) {
        let xs = Self.samples(from: rect.x, length: rect.width, window: window)
        let ys = Self.samples(from: rect.y, length: rect.height, window: window)
        return (
            Swift.min(vertical(rect.x + dx, ys, inside: 1), vertical(rect.maxX + dx, ys, inside: -1)),
            Swift.min(horizontal(rect.y + dy, xs, inside: 1), horizontal(rect.maxY + dy, xs, inside: -1))
        )
    }

    /// The strongest outline of `rect`'s size within `window` of it, axis by axis: the offset and
    /// share of the weaker of its left and right edges (`columns`), and of its top and bottom
    /// edges (`rows`); and each axis's strongest share at offsets at least ``apart`` pixels from
    /// its best (`columnsElsewhere`, `rowsElsewhere`). A widget's edges are strong at one offset;
    /// a wallpaper's own lines (a checkerboard's) at every offset that puts the edges on them.
    func strongestAxes(_ rect: PixelRect, window: Int) -> Axes {
        let xs = Self.samples(from: rect.x, length: rect.width, window: window)
        let ys = Self.samples(from: rect.y, length: rect.height, window: window)
        let rows = Self.best(
            (-window...window).map { dy in
                Swift.min(horizontal(rect.y + dy, xs, inside: 1), horizontal(rect.maxY + dy, xs, inside: -1))
            })
        let columns = Self.best(
            (-window...window).map { dx in
                Swift.min(vertical(rect.x + dx, ys, inside: 1), vertical(rect.maxX + dx, ys, inside: -1))
            })
        return Axes(
            dx: columns.index - window, columns: columns.score, columnsElsewhere: columns.elsewhere, dy: rows.index - window, rows: rows.score,
            rowsElsewhere: rows.elsewhere)
    }

    /// The strongest outline's offsets and shares, axis by axis (``strongestAxes(_:window:)``).
    struct Axes {
        var dx: Int
        var columns: Float
        var columnsElsewhere: Float
        var dy: Int
        var rows: Float
        var rowsElsewhere: Float

        /// Whether the columns' best offset is the only strong one: no other offset's share
        /// reaches ``alike`` of the best's, nor `floor`.
        func columnsAreUnique(from floor: Float) -> Bool { columnsElsewhere < Swift.max(floor, columns * EdgeSeams.alike) }
        /// The same for the rows.
        func rowsAreUnique(from floor: Float) -> Bool { rowsElsewhere < Swift.max(floor, rows * EdgeSeams.alike) }
        /// Whether each axis's best offset is the only strong one.
        func isUnique(from floor: Float) -> Bool { columnsAreUnique(from: floor) && rowsAreUnique(from: floor) }
    }

    /// The share of an axis's best outline that another offset must reach to count as as strong:
    /// a checkerboard's lines score about the same at every offset that puts the edges on them,
    /// a widget's edges and a line that meets one of them by chance do not.
    static let alike: Float = 0.8

    /// How far apart two offsets of one axis must be to count as two places (a widget's edge
    /// scores near its best offset too, a pixel or two off).
    static let apart = 4

    /// The first highest of `scores` (the middle one, offset 0, where none is above 0), and the
    /// highest of those at least ``apart`` from it.
    private static func best(_ scores: [Float]) -> (index: Int, score: Float, elsewhere: Float) {
        var top = (index: scores.count / 2, score: Float(0))
        for (index, score) in scores.enumerated() where score > top.score { top = (index, score) }
        var elsewhere: Float = 0
        for (index, score) in scores.enumerated() where abs(index - top.index) >= apart { elsewhere = Swift.max(elsewhere, score) }
        return (top.index, top.score, elsewhere)
    }

    /// The strongest outline of `rect`'s size within `window` of it: its offset and the share of
    /// seams along its weakest edge. The rows and columns are found apart (the samples of each
    /// edge do not depend on the other axis's offset within the window).
    func strongest(_ rect: PixelRect, window: Int) -> (dx: Int, dy: Int, score: Float) {
        let axes = strongestAxes(rect, window: window)
        return (axes.dx, axes.dy, Swift.min(axes.columns, axes.rows))
    }
}

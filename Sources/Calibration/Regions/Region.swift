import SlotGeometry

/// A candidate for a widget: a connected region of cells, the box its body fills, and how well it
/// fills it.
struct Region {
    /// The body's box in pixels: the rows and columns of the region at least a fifth as full as
    /// its fullest, so that thin attachments (a label, the stub of a line) are left out, but two
    /// shapes joined are not cut apart (their join is found as ``weakest``).
    var rect: PixelRect
    /// The percentage of the body's box the region fills, bridged gaps (and filled holes)
    /// counted as filled.
    var fillPercent: Int
    /// The emptiest column (`vertical`) or row across the middle of the body: its pixel position
    /// and how full it is.
    var weakest: (position: Int, vertical: Bool, percent: Int)
    /// The colour of the region's cells (their median).
    var color: SIMD3<Float>

    /// The region made of `cells` (indices into `grid`), with its gaps bridged and, with
    /// `fillingHoles`, its holes filled (see ``GapBridger``).
    init(cells: [Int], grid: CellGrid, fillingHoles: Bool) {
        // The median, not the mean: cells of bridged lines are among them.
        color = SIMD3(
            median(cells.map { grid.means[$0 * 3] }) ?? 0, median(cells.map { grid.means[$0 * 3 + 1] }) ?? 0,
            median(cells.map { grid.means[$0 * 3 + 2] }) ?? 0)
        var (local, minX, minY) = grid.localMask(of: cells)
        local = GapBridger.bridged(local, fillingHoles: fillingHoles)

        // The body: rows at least a fifth as full as the fullest, then columns within those rows,
        // then rows again within those columns.
        var rows = 0..<local.rows
        var columns = 0..<local.columns
        for pass in 0..<3 {
            if pass == 1 {
                columns = Self.body(of: columns.map { x in rows.filter { local[x, $0] }.count }, offset: columns.lowerBound)
            } else {
                rows = Self.body(of: rows.map { y in columns.filter { local[$0, y] }.count }, offset: rows.lowerBound)
            }
        }
        let filled = rows.map { y in columns.filter { local[$0, y] }.count }.reduce(0, +)
        fillPercent = filled * 100 / max(1, rows.count * columns.count)

        // The weakest line across the middle 70 %, away from the rounded corners.
        var weakest = (position: 0, vertical: true, percent: 100)
        for (vertical, span, across) in [(true, columns, rows), (false, rows, columns)] {
            let inset = span.count * 15 / 100
            for line in (span.lowerBound + inset)..<max(span.lowerBound + inset, span.upperBound - inset) {
                let count = across.filter { vertical ? local[line, $0] : local[$0, line] }.count
                let percent = count * 100 / max(1, across.count)
                if percent < weakest.percent {
                    weakest = ((vertical ? minX : minY) * grid.step + line * grid.step + grid.step / 2, vertical, percent)
                }
            }
        }
        self.weakest = weakest
        rect = grid.pixels(column: minX + columns.lowerBound, row: minY + rows.lowerBound, columns: columns.count, rows: rows.count)
    }

    /// The longest run of lines whose counts are at least a fifth of the largest, as a range of
    /// line indices (`counts[0]` being line `offset`).
    private static func body(of counts: [Int], offset: Int) -> Range<Int> {
        LineCounts.longestRun(counts, atLeast: max(1, ((counts.max() ?? 0) + 4) / 5), offset: offset)
    }
}

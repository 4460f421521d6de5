/// Closes what thin lines and widget content leave open in a region's mask, so that the region's
/// shape is the widget's outline.
///
/// A line drawn across a solid widget (1–6 px, any colour, edge to edge or ending inside) cuts
/// its cells in two or notches them: those gaps are bridged. Content drawn on a widget (text, a
/// clock face, a photo) can match the wallpaper in places and leave holes when widgets are found
/// by difference: those are filled. A solid widget has no holes, so without an empty page they
/// are not filled (the dock with its icons is no widget).
enum GapBridger {
    /// The widest gap, in cells, that is bridged: a 6 px line at 45° spans under 9 px, three cells of 4 px.
    static let widestGap = 3

    /// The mask with every run of unset cells along a row or a column that is at most
    /// ``widestGap`` long and has set cells at both ends set, then, with `fillingHoles`, every
    /// hole (unset cells that do not reach the mask's border) filled.
    static func bridged(_ mask: CellMask, fillingHoles: Bool) -> CellMask {
        var mask = mask
        for horizontal in [true, false] {
            let (lines, length) = horizontal ? (mask.rows, mask.columns) : (mask.columns, mask.rows)
            for line in 0..<lines {
                var lastSet = -1
                for position in 0..<length {
                    let (x, y) = horizontal ? (position, line) : (line, position)
                    guard mask[x, y] else { continue }
                    let gap = position - lastSet - 1
                    if lastSet >= 0, gap > 0, gap <= widestGap {
                        for filled in (lastSet + 1)..<position {
                            if horizontal { mask[filled, line] = true } else { mask[line, filled] = true }
                        }
                    }
                    lastSet = position
                }
            }
        }
        return fillingHoles ? holesFilled(mask) : mask
    }

    /// The mask with its holes filled: unset cells from which no path of unset cells leads to the
    /// mask's border.
    static func holesFilled(_ mask: CellMask) -> CellMask {
        var outside = [Bool](repeating: false, count: mask.bits.count)
        var stack: [Int] = []
        for y in 0..<mask.rows {
            for x in 0..<mask.columns where (x == 0 || y == 0 || x == mask.columns - 1 || y == mask.rows - 1) && !mask[x, y] {
                outside[y * mask.columns + x] = true
                stack.append(y * mask.columns + x)
            }
        }
        while let cell = stack.popLast() {
            let (x, y) = (cell % mask.columns, cell / mask.columns)
            for direction in 0..<4 {
                let (nx, ny) = CellMask.neighbour(x, y, direction)
                guard nx >= 0, ny >= 0, nx < mask.columns, ny < mask.rows else { continue }
                let next = ny * mask.columns + nx
                if !mask.bits[next] && !outside[next] {
                    outside[next] = true
                    stack.append(next)
                }
            }
        }
        var filled = mask
        for index in filled.bits.indices where !outside[index] { filled.bits[index] = true }
        return filled
    }
}

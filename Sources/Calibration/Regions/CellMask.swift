/// A yes or no for each cell of a ``CellGrid``, with the few operations region finding needs.
struct CellMask {
    let columns: Int
    let rows: Int
    var bits: [Bool]

    init(columns: Int, rows: Int, bits: [Bool]) {
        precondition(bits.count == columns * rows, "a mask needs one bit per cell")
        self.columns = columns
        self.rows = rows
        self.bits = bits
    }

    init(columns: Int, rows: Int) { self.init(columns: columns, rows: rows, bits: [Bool](repeating: false, count: columns * rows)) }

    subscript(column: Int, row: Int) -> Bool {
        get { bits[row * columns + column] }
        set { bits[row * columns + column] = newValue }
    }

    /// The mask after an opening with a square of `2 × radius + 1` cells: an erosion, then a
    /// dilation. Whatever is thinner than the square is gone (lines drawn across the page, text,
    /// the stub of a line that ends inside a widget); whatever is thicker keeps its shape, its
    /// corners somewhat rounder.
    func opened(radius: Int) -> CellMask {
        var mask = self
        mask.bits = mask.filtered(radius: radius, horizontal: true, all: true)
        mask.bits = mask.filtered(radius: radius, horizontal: false, all: true)
        mask.bits = mask.filtered(radius: radius, horizontal: true, all: false)
        mask.bits = mask.filtered(radius: radius, horizontal: false, all: false)
        return mask
    }

    /// One pass of a separable erosion (`all`: every cell within `radius` along the line is set,
    /// cells beyond the mask counting as unset) or dilation (any is set).
    private func filtered(radius: Int, horizontal: Bool, all: Bool) -> [Bool] {
        var output = bits
        let (lines, length) = horizontal ? (rows, columns) : (columns, rows)
        var prefix = [Int](repeating: 0, count: length + 1)
        for line in 0..<lines {
            func index(_ position: Int) -> Int { horizontal ? line * columns + position : position * columns + line }
            for position in 0..<length { prefix[position + 1] = prefix[position] + (bits[index(position)] ? 1 : 0) }
            for position in 0..<length {
                let (low, high) = (max(0, position - radius), min(length, position + radius + 1))
                let set = prefix[high] - prefix[low]
                output[index(position)] = all ? set == 2 * radius + 1 : set > 0
            }
        }
        return output
    }

    /// The 4-connected regions of set cells, each as its cells' indices.
    func components() -> [[Int]] {
        var seen = [Bool](repeating: false, count: bits.count)
        var found: [[Int]] = []
        var stack: [Int] = []
        for start in bits.indices where bits[start] && !seen[start] {
            var cells: [Int] = []
            seen[start] = true
            stack.append(start)
            while let cell = stack.popLast() {
                cells.append(cell)
                let (x, y) = (cell % columns, cell / columns)
                for direction in 0..<4 {
                    let (nx, ny) = CellMask.neighbour(x, y, direction)
                    guard nx >= 0, ny >= 0, nx < columns, ny < rows else { continue }
                    let next = ny * columns + nx
                    if bits[next] && !seen[next] {
                        seen[next] = true
                        stack.append(next)
                    }
                }
            }
            found.append(cells)
        }
        return found
    }

    /// The neighbour of (x, y) in one of four directions (0 left, 1 right, 2 up, 3 down), `distance` cells away.
    static func neighbour(_ x: Int, _ y: Int, _ direction: Int, distance: Int = 1) -> (Int, Int) {
        switch direction {
        case 0: (x - distance, y)
        case 1: (x + distance, y)
        case 2: (x, y - distance)
        default: (x, y + distance)
        }
    }
}

/// A home-screen page's grid of app icons, in screenshot pixels: the icons' side, the left edge of
/// each of the four icon columns and the top edge of each icon row.
///
/// A number the screenshot did not show is `nil`: a column no icon stood in, a row pitch one row
/// of icons cannot give. ``IconGridRule`` turns a grid into widget slots.
public struct IconGrid: Hashable, Sendable {
    /// The side of an app icon (they are square).
    public var iconSize: Int
    /// The left edges of the four icon columns, left to right.
    public var columns: [Int?]
    /// The top edge of the first icon row (row 1, under the status bar).
    public var firstRow: Int?
    /// The distance from one icon row's top edge to the next one's.
    public var rowPitch: Int?

    public init(iconSize: Int, columns: [Int?], firstRow: Int?, rowPitch: Int?) {
        self.iconSize = iconSize
        self.columns = columns
        self.firstRow = firstRow
        self.rowPitch = rowPitch
    }

    /// The grid with every icon row's top edge given: `rows[0]` is row 1, each row one pitch
    /// below the one before. `nil` when the rows are not all the same distance apart.
    public init?(iconSize: Int, columns: [Int], rows: [Int]) {
        guard columns.count == Self.columnCount, let first = rows.first else { return nil }
        let pitch = rows.count > 1 ? rows[1] - first : nil
        if let pitch {
            for (index, row) in rows.enumerated() where row != first + index * pitch { return nil }
        }
        self.init(iconSize: iconSize, columns: columns.map { $0 }, firstRow: first, rowPitch: pitch)
    }

    /// iPhones show four columns of icons.
    public static let columnCount = 4

    /// The top edge of icon row `row` (1-based), when the first row and the pitch are known.
    public func rowTop(_ row: Int) -> Int? {
        guard let firstRow, let rowPitch else { return row == 1 ? firstRow : nil }
        return firstRow + (row - 1) * rowPitch
    }
}

/// An icon grid a profile states for a layout, with where it was read: the evidence the icon rule
/// (``IconGridRule``) is checked against.
public struct StatedIconGrid: Hashable, Sendable {
    public var grid: IconGrid
    public var provenance: Provenance

    public init(grid: IconGrid, provenance: Provenance) {
        self.grid = grid
        self.provenance = provenance
    }
}

extension IconGrid {
    /// The scale of a screenshot of a phone the catalog lacks, taken from its width (@3x from
    /// 1000 px up, @2x below), when its size could be an iPhone's: portrait, whole points, 310 to
    /// 480 pt wide and 1.7 to 2.3 times as tall as wide. `nil` for anything else: a resized,
    /// cropped or turned picture.
    public static func scale(ofUnknownScreen size: PixelSize) -> Int? {
        let scale = size.width >= 1000 ? 3 : 2
        guard size.width % scale == 0, size.height % scale == 0, (310...480).contains(size.width / scale) else { return nil }
        let aspect = Double(size.height) / Double(size.width)
        return (1.7...2.3).contains(aspect) ? scale : nil
    }
}

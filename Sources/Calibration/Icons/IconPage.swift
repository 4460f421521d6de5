import CheckCodes
import SlotGeometry

/// A home-screen page's widget slots read off its app icons: the icons found on a screenshot of a
/// page with icons (by difference from an empty page of the same wallpaper), the icon grid fitted
/// to them, and every slot the iOS family's ``IconGridRule`` gives on that grid.
///
/// Nothing is guessed: a column no icon stood in (nor its mirror image across the screen's
/// middle), a row pitch one row of icons cannot give, a row whose number on the page the
/// screenshot cannot tell, leaves the slots that need it unknown, each with why.
public struct IconPage: Sendable {
    /// An icon-sized shape not taken for an icon.
    public struct SetAside: Hashable, Sendable {
        public var rect: PixelRect
        public var reason: Reason

        public enum Reason: String, Hashable, Sendable {
            case tilted = "tilted (jiggle mode turns icons)"
            case notSquare = "not square"
            case anotherSize = "not the other icons' size"
            case edgesNotMeasured = "its edges could not be measured"
            case offTheGrid = "not on the icon grid"
        }
    }

    /// How a column's left edge is known.
    public enum ColumnSource: Hashable, Sendable {
        /// Measured on this many icons (and widgets) standing in it.
        case measured(Int)
        /// The mirror image of the column given, across the screen's middle (iPhone icon grids
        /// are symmetric to within a pixel).
        case mirrored(of: Int)
        /// No icon stood in it, nor in its mirror image.
        case unknown
    }

    /// A slot with its rectangle.
    public struct Slot: Hashable, Sendable {
        public var id: SlotID
        public var rect: PixelRect
        /// How many pixels the rectangle may be off: 0 when every number it rests on was
        /// measured on icons, 1 when a column came from its mirror image.
        public var error: Int
    }

    /// A slot of the page whose rectangle the icons do not give.
    public struct UnknownSlot: Hashable, Sendable {
        public var id: SlotID
        public var reason: String
    }

    public var screenshot: PixelSize
    /// The scale the widening was taken at, and whether it was read off the screenshot's width
    /// (no layout of the catalog has this screen).
    public var scale: Int
    public var scaleFromWidth: Bool
    /// The layout the slots are given for (its rule, its icon setting).
    public var layout: LayoutKind
    public var rule: IconGridRule
    /// The icons the grid was fitted on, top to bottom, left to right.
    public var icons: [Footprint]
    /// The widgets on the page, which the grid was checked against (and fitted on where they
    /// stand in a column or row no icon shows).
    public var widgets: [Footprint]
    public var setAside: [SetAside]
    /// The grid: the icons' side, the columns and rows that could be told.
    public var grid: IconGrid
    /// How each of the four columns is known.
    public var columnSources: [ColumnSource]
    /// The icon rows (1-based) icons or widgets stood in, when row 1 could be told.
    public var rowsSeen: [Int]
    /// How the rows were numbered: which one is row 1.
    public var rowNaming: String
    /// The slots, in canonical order.
    public var slots: [Slot]
    public var unknownSlots: [UnknownSlot]
    /// What could not be told, axis by axis: "rows: one row of icons gives no row pitch".
    public var unknownAxes: [String]
    /// What to know about how the page was read.
    public var notes: [String]
}

/// Why a pair of screenshots gave no icon grid.
public enum IconPageError: Problem, Hashable, Sendable {
    /// The pair itself cannot be used: two sizes, one picture twice, another page, the wrong way round.
    case pair(CalibrationError)
    /// The empty page is darker or lighter all over by about the same factor: one screenshot was
    /// taken in dark mode and the other in light mode.
    case lightAndDark(ratio: Double)
    case noIcons
    /// Too few icons for anything: one.
    case tooFewIcons(Int)
    /// Most icons are tilted: the screenshot was taken in jiggle mode.
    case jiggleMode(tilted: Int, of: Int)
    /// The icons are not of an iPhone's icon size at the screenshot's scale: a resized screenshot.
    case iconSize(points: Double, scale: Int)
    /// The icons stand off any grid an iPhone puts them on.
    case offTheGrid(String)
    /// No rule gives this layout's slots from its icons.
    case noRule(LayoutKind, String)

    public var problems: [ProblemText] { [ProblemText(reason: reason)] }

    public var reason: String {
        switch self {
        case .pair(let error):
            switch error {
            case .swappedPair:
                "the two screenshots are the wrong way round: the icons' edges show on the one given as the empty page; "
                    + "give the empty page first and the page with your app icons to --icons-from"
            case .identicalImages:
                "the page with icons and the empty page are the same picture (every pixel the same, however they are stored): "
                    + "give a screenshot of an empty page and one of a page with your app icons, over the same wallpaper"
            default: error.reason
            }
        case .lightAndDark(let ratio):
            "the two screenshots are one page in light and in dark mode (one is \(Int((ratio * 100).rounded())) % as bright as the other all over): "
                + "take both in the same appearance"
        case .noIcons:
            "no app icons found on the page given to --icons-from: it shows the same as the empty page; "
                + "take a screenshot of a page with app icons, over the same wallpaper"
        case .tooFewIcons(let count):
            "only \(count) app icon found: the grid needs icons in at least two columns or rows; take a screenshot of a fuller page"
        case .jiggleMode(let tilted, let count):
            "\(tilted) of \(count) icons are tilted: the screenshot was taken while the icons jiggle (editing the home screen); "
                + "tap Done, then take it again"
        case .iconSize(let points, let scale):
            "the icons are \(formatNumber(roundedToHundredths(points))) pt at @\(scale)x, and iPhone icons are 60 to 76 pt: "
                + "the screenshot may have been resized; use the one the phone saved"
        case .offTheGrid(let detail): "the icons are not on an iPhone's icon grid: \(detail)"
        case .noRule(let layout, let reason): "the slots of \(layout.rawValue) cannot be read off the icons: \(reason)"
        }
    }
}

extension IconPage {
    /// The grid numbers the slots give (each family's size, the columns and rows), in pixels: what
    /// `calibrate --icons --into` records.
    public var measuredGrid: [GridField: Int] {
        var grid: [GridField: Int] = [:]
        for slot in slots {
            let size = GridField.size(of: slot.id.family)
            grid[size.width] = slot.rect.width
            grid[size.height] = slot.rect.height
            grid[GridField.column(slot.id.column)] = slot.rect.x
            grid[GridField.row(slot.id.row)] = slot.rect.y
        }
        return grid
    }

    /// The layout block to paste into a device profile (indented for `layouts:`): the numbers the
    /// slots give, and the icon grid they were read off.
    public var layoutBlock: [String] {
        let grid = measuredGrid
        var lines = ["  \(layout.rawValue):", "    unit: px", "    source: measured your-key"]
        for family in WidgetFamily.allCases {
            let fields = GridField.size(of: family)
            guard let width = grid[fields.width], let height = grid[fields.height] else { continue }
            lines.append("    \(family.rawValue): \(family == .small && width == height ? "\(width)" : "\(width)x\(height)")")
        }
        for field in [GridField.left, .right, .top, .middle, .bottom] {
            if let value = grid[field] { lines.append("    \(field.rawValue): \(value)") }
        }
        let columns = self.grid.columns.compactMap { $0 }
        if columns.count == IconGrid.columnCount, let pitch = self.grid.rowPitch, let first = self.grid.firstRow {
            let rows = (0..<6).map { first + $0 * pitch }.filter { $0 + self.grid.iconSize <= screenshot.height }
            lines += [
                "    icons:", "      size: \(self.grid.iconSize)", "      columns: [\(columns.map { String($0) }.joined(separator: ", "))]",
                "      rows: [\(rows.map { String($0) }.joined(separator: ", "))]", "      source: measured your-key",
            ]
        }
        return lines
    }
}

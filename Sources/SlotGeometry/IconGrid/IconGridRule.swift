/// How widgets sit on the app-icon grid, written once per iOS family: which layouts it holds for,
/// how far a widget reaches past the icons it covers, and which icon rows the widget rows sit on.
///
/// On iOS 26 every measured screen follows it to the pixel (`content/docs/icon-rule.md`, written
/// by `backdrop export icon-rule`, gives the evidence and its residuals):
/// - a widget covers whole icon cells (small 2×2, medium 4×2, large 4×4, extra-large 4×6);
/// - its rectangle is the bounding box of the icons it covers, widened by ``wideningPoints`` on
///   the left and on the right, and not at all in height;
/// - widget rows sit on icon rows 1, 3 and 5.
///
/// On iOS 14–18 no such rule is used: the published tables fit its shape, but the widening they
/// imply differs from screen to screen, and icon positions are known on one screen only
/// (``noRule(for:)`` says why).
public struct IconGridRule: Hashable, Sendable {
    /// The layouts the rule gives slots for.
    public var layouts: [LayoutKind]
    /// How far a widget reaches past its outer icons, on each side, in points.
    public var wideningPoints: Int
    /// The icon rows (1-based) the top, middle and bottom widget rows sit on.
    public var widgetRows: [Int]
    /// What is known of each icon setting: where the rule was checked, or why it is taken to hold.
    public var settings: [(layout: LayoutKind, evidence: String)] {
        [
            (.ios26, "measured: checked on every iOS 26 screen the catalog has icons for, to the pixel"),
            (
                .ios26LargeIcons,
                "assumed: no screenshot with large icons and widgets has been found; the same widening is taken, so widths may be off by a few pixels"
            ),
        ]
    }

    /// The iOS 26–27 rule.
    public static let ios26 = IconGridRule(layouts: [.ios26, .ios26LargeIcons], wideningPoints: 4, widgetRows: [1, 3, 5])

    /// Every family's rule, newest first.
    public static let all: [IconGridRule] = [.ios26]

    /// The rule for `layout`, or `nil` (``noRule(for:)`` says why).
    public static func rule(for layout: LayoutKind) -> IconGridRule? {
        all.first { $0.layouts.contains(layout) }
    }

    /// Why no rule gives `layout`'s slots from its icons.
    public static func noRule(for layout: LayoutKind) -> String {
        switch layout {
        case .ios14, .ios14Zoom, .ios18, .ios18LargeIcons, .ios18Zoom:
            "before iOS 26 the widgets' distance past the icons differs from screen to screen (published tables imply 0.75 to 5.5 pt), "
                + "and icon positions are known on one screen only"
        case .ios26, .ios26LargeIcons: ""
        }
    }

    /// Whether the rule is only assumed, not measured, for `layout`.
    public func isAssumed(for layout: LayoutKind) -> Bool {
        layout == .ios26LargeIcons
    }

    /// The widening in pixels at `scale`.
    public func widening(scale: Int) -> Int { wideningPoints * scale }

    /// The rectangle of `slot` on `grid` at `scale`, or why it cannot be given.
    public func rect(of slot: SlotID, on grid: IconGrid, scale: Int) -> Result<PixelRect, IconGridGap> {
        let widen = widening(scale: scale)
        let (firstColumn, lastColumn) = slot.family == .small ? (slot.column == .left ? (0, 1) : (2, 3)) : (0, 3)
        guard let left = grid.columns[firstColumn] else { return .failure(.column(firstColumn + 1)) }
        guard let right = grid.columns[lastColumn] else { return .failure(.column(lastColumn + 1)) }
        let topRow = widgetRows[GridRow.allCases.firstIndex(of: slot.row)!]
        let iconRows = slot.rowsCovered.count * 2
        guard let top = grid.rowTop(topRow) else { return .failure(grid.firstRow == nil ? .firstRow : .rowPitch) }
        guard let bottom = grid.rowTop(topRow + iconRows - 1) else { return .failure(.rowPitch) }
        return .success(
            PixelRect(x: left - widen, y: top, width: right + grid.iconSize - left + 2 * widen, height: bottom + grid.iconSize - top))
    }
}

/// What an icon grid lacks for a slot.
public enum IconGridGap: Error, Hashable, Sendable {
    /// The icon column (1-based) is not known.
    case column(Int)
    /// The first icon row is not known.
    case firstRow
    /// The distance between icon rows is not known.
    case rowPitch
}

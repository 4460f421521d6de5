import SlotGeometry

/// A region that could have been a widget but was not taken for one, and why: every one is
/// reported, so that a calibration never silently measures fewer widgets than were placed.
public struct RejectedRegion: Hashable, Sendable, CustomStringConvertible {
    /// The region's box in pixels (the body of the region, without thin attachments).
    public var rect: PixelRect
    public var reason: RejectionReason

    package init(rect: PixelRect, reason: RejectionReason) {
        self.rect = rect
        self.reason = reason
    }

    /// For example `region at 633,261 518×486 rejected: fills 71 % of its box`.
    public var description: String { "region at \(rect.x),\(rect.y) \(rect.width)×\(rect.height) rejected: \(reason)" }
}

/// Why a region is not a widget.
public enum RejectionReason: Hashable, Sendable, CustomStringConvertible {
    /// Its shorter side is below the smallest widget side on a screen this wide (app icons, the
    /// search pill, the status bar).
    case tooSmall(side: Int, minimum: Int)
    /// It is wider or taller than any widget can be on this screen.
    case tooLarge(size: PixelSize, maximum: PixelSize)
    /// Its width is this many hundredths of its height, outside of what widget families have
    /// (``WidgetShape/aspectRange``): the dock, a band of wallpaper.
    case shape(widthPercentOfHeight: Int)
    /// It fills this percentage of its box: a rounded rectangle fills nearly all of it.
    case notFilled(percent: Int)
    /// A column (`vertical`) or row across its middle, at this pixel position, is only this
    /// percentage filled: two things joined, or a shape with a hole through it, not one widget.
    case gap(at: Int, vertical: Bool, percent: Int)
    /// It reaches the edge of the screen, which no widget does: on a difference from the empty page,
    /// the two screenshots do not show the same page there.
    case reachesScreenEdge
    /// Without an empty page: it differs from its surroundings on only this many of its four
    /// sides and fades into the wallpaper on the others, as a patch of wallpaper does.
    case fades(edges: Int)
    /// This straight edge gave no measurement: too little contrast with what is behind it, or too
    /// much drawn over it.
    case edgeNotMeasured(Edge)

    /// Whether the region had a widget's size and proportions and was rejected for how it is
    /// filled, edged or measured: it may be a widget that was lost (unlike an app icon, too small,
    /// or the dock, too wide).
    public var mayBeAWidget: Bool {
        switch self {
        case .tooSmall, .tooLarge, .shape: false
        case .notFilled, .gap, .reachesScreenEdge, .fades, .edgeNotMeasured: true
        }
    }

    public var description: String {
        switch self {
        case .tooSmall(let side, let minimum):
            "\(side) px across, too small for a widget (at least \(minimum) px on this screen)"
        case .tooLarge(let size, let maximum):
            "\(size.width)×\(size.height) is larger than any widget (at most \(maximum.width)×\(maximum.height) on this screen)"
        case .shape(let percent):
            percent >= 100
                ? "\(tenths(percent)) times as wide as tall (widgets are \(tenths(WidgetShape.aspectRange.lowerBound)) to \(tenths(WidgetShape.aspectRange.upperBound)))"
                : "\(tenths(10_000 / max(1, percent))) times as tall as wide (widgets are \(tenths(WidgetShape.aspectRange.lowerBound)) to \(tenths(WidgetShape.aspectRange.upperBound)) times as wide as tall)"
        case .notFilled(let percent):
            "fills \(percent) % of its box (a widget fills at least \(WidgetShape.minimumFillPercent) %)"
        case .gap(let position, let vertical, let percent):
            "the \(vertical ? "column at x" : "row at y") = \(position) is only \(percent) % filled: two things joined, not one widget"
        case .reachesScreenEdge:
            "reaches the edge of the screen (the screenshot and the empty page differ there; they must show the same page)"
        case .fades(let edges):
            "has an edge on only \(edges) of its 4 sides and fades into the wallpaper on the others (a widget of the wallpaper's colour needs an empty page)"
        case .edgeNotMeasured(let edge):
            "its \(edge.rawValue) edge could not be measured (too little contrast, or too much drawn over it)"
        }
    }
}

/// A percentage as a number with one decimal: 437 is "4.4".
private func tenths(_ percent: Int) -> String {
    let tenths = (percent + 5) / 10
    return "\(tenths / 10).\(tenths % 10)"
}

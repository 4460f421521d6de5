import SlotGeometry

/// One grid number as measured: its value and how far the widgets that show it disagree.
public struct MeasuredNumber: Hashable, Sendable {
    public var pixels: Int
    /// The largest difference, in pixels, between this value and any one widget's.
    public var spread: Int
    /// How many widgets show it.
    public var count: Int
}

/// How a measured calibration compares with one layout of the catalog.
public struct LayoutComparison: Hashable, Sendable {
    public var device: String
    public var layout: LayoutKind
    /// Slots both have rectangles for.
    public var compared: Int
    /// The largest difference of any edge (left, top, right, bottom) of those slots, in pixels
    /// (`nil` when none compared).
    public var maxDeviation: Int?
    /// The slot and edges that differ most, for the report.
    public var worst: String
    /// For a layout that knows only widget sizes: the largest difference of a measured size.
    public var sizeDeviation: Int?
    /// Whether every compared edge is within ``EdgeOffsets/tolerance`` (1 px).
    public var matches: Bool { compared > 0 && (maxDeviation ?? .max) <= EdgeOffsets.tolerance }
}

/// What a calibration measured.
public struct Calibration: Sendable {
    public var screenshot: PixelSize
    public var footprints: [Footprint]
    /// The candidate regions (from about an app icon's size up) that were not taken for widgets,
    /// with where they are and why, top to bottom.
    public var rejected: [RejectedRegion]
    /// The slots the placed widgets occupy, with their measured rectangles.
    public var slots: [(id: SlotID, rect: PixelRect)]
    public var grid: [GridField: MeasuredNumber]
    /// Mean transition width of the edges, in pixels (about 1 for hard edges).
    public var edgeWidth: Double
    /// Things to know: assumptions made, checks that could not be done, parts of the grid that no
    /// widget measured.
    public var notes: [String]
    public var comparisons: [LayoutComparison]
    /// Whether fewer than three rows were seen and no catalog layout said which rows they are, so
    /// that they were named top to bottom in order: the slot names of those rows are a guess.
    public var rowsNamedByOrder = false

    /// The best-matching catalog layout, if any matches within 1 px.
    public var match: LayoutComparison? {
        comparisons.filter { $0.matches }.min { ($0.maxDeviation ?? 0) < ($1.maxDeviation ?? 0) }
    }
}

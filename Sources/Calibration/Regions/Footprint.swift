import SlotGeometry

/// The measured outline of one widget on a screenshot.
public struct Footprint: Hashable, Sendable {
    /// The widget's rectangle in whole pixels (each edge rounded from its sub-pixel position).
    public var rect: PixelRect
    /// Sub-pixel positions of the straight edges: left, top, right and bottom (exclusive).
    public var left: Double
    public var top: Double
    public var right: Double
    public var bottom: Double
    /// The widest spread of an edge's position across the scanlines that measured it, in pixels.
    public var edgeSpread: Double
    /// The mean width of the edges' transitions from background to widget, in pixels: about 1 for
    /// hard edges, more for soft or blurred ones.
    public var edgeWidth: Double
    /// The family its size says it is.
    public var family: WidgetFamily = .small
}

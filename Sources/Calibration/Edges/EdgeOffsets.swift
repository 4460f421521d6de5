import SlotGeometry

/// One straight edge of a widget's rectangle.
public enum Edge: String, CaseIterable, Sendable {
    case left, top, right, bottom

    /// Where this edge of the rectangle lies: an x for left and right, a y for top and bottom
    /// (right and bottom exclusive).
    public func position(in rect: PixelRect) -> Int {
        switch self {
        case .left: rect.x
        case .top: rect.y
        case .right: rect.maxX
        case .bottom: rect.maxY
        }
    }
}

/// Where one edge of a measured rectangle lies against the same edge of a listed one.
public struct EdgeOffset: Hashable, Sendable {
    public var edge: Edge
    public var measured: Int
    public var listed: Int

    /// Measured minus listed, in pixels.
    public var pixels: Int { measured - listed }
}

/// How a measured widget rectangle differs from the rectangle a layout lists for its slot, edge
/// by edge: the one comparison both the calibrator and the build make.
public struct EdgeOffsets: Hashable, Sendable {
    /// How far, in pixels, an edge may be off and still agree with the layout.
    public static let tolerance = 1

    /// The four edges, in the order left, top, right, bottom.
    public let edges: [EdgeOffset]

    public init(measured: PixelRect, listed: PixelRect) {
        edges = Edge.allCases.map { EdgeOffset(edge: $0, measured: $0.position(in: measured), listed: $0.position(in: listed)) }
    }

    /// The edge that is off the most; of edges off equally, the first.
    public var largest: EdgeOffset {
        var largest = edges[0]
        for offset in edges.dropFirst() where abs(offset.pixels) > abs(largest.pixels) { largest = offset }
        return largest
    }

    /// The edges off by more than ``tolerance``, in order.
    public var disagreeing: [EdgeOffset] { edges.filter { abs($0.pixels) > Self.tolerance } }
}

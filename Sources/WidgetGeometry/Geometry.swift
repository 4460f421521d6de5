extension WidgetGeometry {
    /// A rectangle in screenshot pixels, from the top-left corner. Exact.
    public struct PixelRect: Hashable, Sendable {
        public let x: Int, y: Int, width: Int, height: Int

        /// A rectangle of these pixels.
        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// A rectangle in points, from the top-left corner: a ``PixelRect`` divided by the scale.
    public struct PointRect: Hashable, Sendable {
        public let x: Double, y: Double, width: Double, height: Double

        /// The rectangle of `pixels` at `scale` pixels per point.
        public init(_ pixels: PixelRect, scale: Int) {
            let s = Double(scale)
            x = Double(pixels.x) / s
            y = Double(pixels.y) / s
            width = Double(pixels.width) / s
            height = Double(pixels.height) / s
        }
    }

    /// A portrait screen: its size in points and its scale, which make a screenshot's pixel size.
    public struct Screen: Hashable, Sendable, CustomStringConvertible {
        /// The width in points, portrait.
        public let width: Int
        /// The height in points, portrait.
        public let height: Int
        /// Pixels per point in a screenshot (`UIScreen.scale`): 2 or 3.
        public let scale: Int

        /// A screen of `width`×`height` points at `scale`.
        public init(width: Int, height: Int, scale: Int) {
            self.width = width
            self.height = height
            self.scale = scale
        }

        /// The width of a screenshot, in pixels.
        public var pixelWidth: Int { width * scale }
        /// The height of a screenshot, in pixels.
        public var pixelHeight: Int { height * scale }

        /// "375×812 pt @3x".
        public var description: String { "\(width)×\(height) pt @\(scale)x" }
    }
}

/// A size in screenshot pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)x\(height)" }
}

/// A rectangle in screenshot pixels, origin at the top left.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    /// Whether the two rectangles share at least one pixel.
    public func intersects(_ other: PixelRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// Whether the rectangle lies entirely within an image of the given size.
    public func isInside(_ size: PixelSize) -> Bool {
        x >= 0 && y >= 0 && maxX <= size.width && maxY <= size.height
    }

    /// The same rectangle in points at the given scale.
    public func points(scale: Int) -> PointRect {
        let s = Double(scale)
        return PointRect(
            x: Double(x) / s, y: Double(y) / s, width: Double(width) / s, height: Double(height) / s)
    }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}

/// A rectangle in points. Values may be fractional (164.33 pt is 493 px at @3x).
public struct PointRect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
}

/// A size in points. Values may be fractional.
public struct PointSize: Hashable, Sendable {
    public var width: Double
    public var height: Double
}

/// The screen of one device class: its size in points and its scale.
///
/// Screenshots of this screen are exactly `points × scale` pixels.
public struct Screen: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public var scale: Int

    public init(width: Int, height: Int, scale: Int) {
        self.width = width
        self.height = height
        self.scale = scale
    }

    /// The size of a screenshot of this screen.
    public var pixels: PixelSize { PixelSize(width: width * scale, height: height * scale) }

    /// The size of this screen in points.
    public var points: PointSize { PointSize(width: Double(width), height: Double(height)) }

    public var description: String { "\(width)x\(height) pt @\(scale)x" }
}

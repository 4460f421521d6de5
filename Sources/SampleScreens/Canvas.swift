/// An RGB colour with components in 0…1.
struct RGB {
    var r: Float
    var g: Float
    var b: Float

    init(_ r: Float, _ g: Float, _ b: Float) {
        self.r = r
        self.g = g
        self.b = b
    }

    init(bytes r: Int, _ g: Int, _ b: Int) {
        self.init(Float(r) / 255, Float(g) / 255, Float(b) / 255)
    }

    static func * (color: RGB, factor: Float) -> RGB { RGB(color.r * factor, color.g * factor, color.b * factor) }
    static func + (a: RGB, b: RGB) -> RGB { RGB(a.r + b.r, a.g + b.g, a.b + b.b) }

    /// A colour from hue (0…1), saturation and value.
    static func hsv(_ hue: Float, _ saturation: Float, _ value: Float) -> RGB {
        let h = (hue - hue.rounded(.down)) * 6
        let sector = Int(h)
        let f = h - Float(sector)
        let p = value * (1 - saturation)
        let q = value * (1 - saturation * f)
        let t = value * (1 - saturation * (1 - f))
        switch sector {
        case 0: return RGB(value, t, p)
        case 1: return RGB(q, value, p)
        case 2: return RGB(p, value, t)
        case 3: return RGB(p, q, value)
        case 4: return RGB(t, p, value)
        default: return RGB(value, p, q)
        }
    }
}

/// A picture being painted, in floating-point RGB.
struct Canvas {
    let width: Int
    let height: Int
    var pixels: [Float]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = [Float](repeating: 0, count: width * height * 3)
    }

    /// Mixes `color` over pixel (x, y) with the given opacity.
    mutating func blend(_ x: Int, _ y: Int, _ color: RGB, _ opacity: Float) {
        guard opacity > 0, x >= 0, y >= 0, x < width, y < height else { return }
        let index = (y * width + x) * 3
        pixels[index] += (color.r - pixels[index]) * opacity
        pixels[index + 1] += (color.g - pixels[index + 1]) * opacity
        pixels[index + 2] += (color.b - pixels[index + 2]) * opacity
    }

    /// Paints a shape with anti-aliased edges.
    mutating func fill(_ shape: RoundedRect, _ color: RGB, opacity: Float = 1) {
        let x0 = max(0, Int(shape.minX.rounded(.down)))
        let x1 = min(width, Int(shape.maxX.rounded(.up)))
        let y0 = max(0, Int(shape.minY.rounded(.down)))
        let y1 = min(height, Int(shape.maxY.rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            for x in x0..<x1 {
                let coverage = shape.coverage(x, y)
                if coverage > 0 { blend(x, y, color, coverage * opacity) }
            }
        }
    }

    /// The picture as 8-bit RGB bytes.
    var bytes: [UInt8] {
        pixels.map { UInt8(max(0, min(255, ($0 * 255).rounded()))) }
    }
}

/// A rectangle with continuous-curvature corners (a superellipse of exponent 5 in each corner,
/// which, like Apple's corners, starts curving further from the corner than a circular arc of
/// the same radius). Coordinates are in pixels; edges may fall between pixels.
struct RoundedRect {
    var minX: Float
    var minY: Float
    var maxX: Float
    var maxY: Float
    /// How far from each corner the curve starts.
    var radius: Float
    /// Circular corners (pills, dots) instead of continuous-curvature ones.
    var circular: Bool

    init(x: Float, y: Float, width: Float, height: Float, radius: Float, circular: Bool = false) {
        minX = x
        minY = y
        maxX = x + width
        maxY = y + height
        self.radius = min(radius, width / 2, height / 2)
        self.circular = circular
    }

    /// Whether the point lies inside the shape.
    func contains(_ px: Float, _ py: Float) -> Bool {
        guard px >= minX, px < maxX, py >= minY, py < maxY else { return false }
        guard radius > 0 else { return true }
        let dx = max(minX + radius - px, px - (maxX - radius), 0) / radius
        let dy = max(minY + radius - py, py - (maxY - radius), 0) / radius
        guard dx > 0, dy > 0 else { return true }
        let (x2, y2) = (dx * dx, dy * dy)
        return circular ? x2 + y2 <= 1 : x2 * x2 * dx + y2 * y2 * dy <= 1
    }

    /// The fraction of pixel (x, y) the shape covers: exact along straight edges, 4×4 samples in
    /// the corners.
    func coverage(_ x: Int, _ y: Int) -> Float {
        let (left, top) = (Float(x), Float(y))
        let horizontal = max(0, min(maxX, left + 1) - max(minX, left))
        let vertical = max(0, min(maxY, top + 1) - max(minY, top))
        guard horizontal > 0, vertical > 0 else { return 0 }
        let inCornerColumn = left + 1 > maxX - radius || left < minX + radius
        let inCornerRow = top + 1 > maxY - radius || top < minY + radius
        guard radius > 0, inCornerColumn, inCornerRow else { return horizontal * vertical }
        var inside = 0
        for sy in 0..<4 {
            for sx in 0..<4 where contains(left + (Float(sx) + 0.5) / 4, top + (Float(sy) + 0.5) / 4) {
                inside += 1
            }
        }
        return Float(inside) / 16
    }
}

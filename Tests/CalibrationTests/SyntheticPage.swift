import Calibration
import SlotGeometry
import Testing

/// A page painted sample by sample, for the cases the painted scenes do not show: shapes that are
/// not widgets, lines of the widgets' own colour, differences too faint to measure.
struct SyntheticPage {
    var width: Int
    var height: Int
    var rgb: [Float]

    /// A page whose wallpaper is a fine checkerboard of two greys (never flat) with a gentle
    /// gradient, or `flat` grey.
    init(width: Int = 600, height: Int = 1200, flat: Float? = nil) {
        self.width = width
        self.height = height
        rgb = []
        rgb.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let grey = flat ?? (0.55 + 0.2 * Float(y) / Float(height) + ((x + y) % 2 == 0 ? 0 : 0.06))
                rgb += [grey, grey, grey + 0.04]
            }
        }
    }

    mutating func set(_ x: Int, _ y: Int, _ color: SIMD3<Float>) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let index = (y * width + x) * 3
        (rgb[index], rgb[index + 1], rgb[index + 2]) = (color.x, color.y, color.z)
    }

    /// A rectangle with corners rounded by `radius` pixels.
    mutating func fill(_ rect: PixelRect, _ color: SIMD3<Float>, radius: Int = 24) {
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let dx = max(rect.x + radius - x, x - (rect.maxX - 1 - radius), 0)
                let dy = max(rect.y + radius - y, y - (rect.maxY - 1 - radius), 0)
                if dx * dx + dy * dy <= radius * radius { set(x, y, color) }
            }
        }
    }

    /// A straight line `width` pixels wide from one point to another.
    mutating func line(from a: (x: Double, y: Double), to b: (x: Double, y: Double), width: Double, _ color: SIMD3<Float>) {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let length = (dx * dx + dy * dy).squareRoot()
        let reach = Int(width) + 1
        let (top, bottom) = (max(0, Int(min(a.y, b.y)) - reach), min(height - 1, Int(max(a.y, b.y)) + reach))
        let (left, right) = (max(0, Int(min(a.x, b.x)) - reach), min(self.width - 1, Int(max(a.x, b.x)) + reach))
        for y in top...bottom {
            for x in left...right {
                let px: Double = Double(x) + 0.5 - a.x
                let py: Double = Double(y) + 0.5 - a.y
                let along: Double = (px * dx + py * dy) / length
                let across: Double = abs(px * dy - py * dx) / length
                if along >= 0, along <= length, across <= width / 2 { set(x, y, color) }
            }
        }
    }

    var field: ColorField { ColorField(size: PixelSize(width: width, height: height), rgb: rgb) }
}

let black = SIMD3<Float>(0.05, 0.05, 0.06)
let red = SIMD3<Float>(0.95, 0.1, 0.1)
let white = SIMD3<Float>(1, 1, 1)

/// Six small widgets on the synthetic page, at 4-pixel boundaries.
let sixWidgets = [60, 380, 700].flatMap { y in [PixelRect(x: 44, y: y, width: 240, height: 240), PixelRect(x: 316, y: y, width: 240, height: 240)] }

func expectFound(_ calibration: Calibration, _ truth: [PixelRect], _ context: String) {
    #expect(calibration.footprints.count == truth.count, "\(context): found \(calibration.footprints.map(\.rect)); rejected \(calibration.rejected)")
    for rect in truth {
        let found = calibration.footprints.contains { EdgeOffsets(measured: $0.rect, listed: rect).disagreeing.isEmpty }
        #expect(found, "\(context): \(rect) not found within 1 px: \(calibration.footprints.map(\.rect))")
    }
}

import NativePNG
import SlotGeometry

/// A made-up but realistic screenshot of an empty home-screen page in jiggle mode: a soft,
/// photo-like wallpaper (dimmer in dark appearance), the dock with four app icons, the page dots
/// and the Edit and Done buttons, placed for the screen's size. Optionally with widgets placed,
/// for calibration.
///
/// Rendering is deterministic: the same screen, appearance, seed and widgets give the same bytes.
public struct SampleHomeScreen: Sendable {
    public var screen: Screen
    public var appearance: Appearance
    public var seed: UInt64
    /// Widgets to draw: solid dark rectangles with continuous-curvature corners.
    public var widgets: [PixelRect]
    /// How far (in pixels, may be fractional) each widget edge is drawn inside its rectangle, so
    /// that the edges are anti-aliased as on screen. 0 gives hard edges on whole pixels.
    public var widgetEdgeInset: Float

    public init(screen: Screen, appearance: Appearance, seed: UInt64, widgets: [PixelRect] = [], widgetEdgeInset: Float = 0) {
        self.screen = screen
        self.appearance = appearance
        self.seed = seed
        self.widgets = widgets
        self.widgetEdgeInset = widgetEdgeInset
    }

    /// The seed of a device's wallpaper: every device gets its own, and its light and dark
    /// screenshots share it.
    public static func seed(for deviceID: String) -> UInt64 { stableHash(deviceID) }

    /// The encoder settings for samples: the smallest files (they are committed), speed aside.
    public static let encodeSettings = PNGEncodeSettings(compressionLevel: 9, filters: PNGEncodeSettings.Filter.all, strategy: 0)

    /// The page with everything on it, as an 8-bit RGB PNG image with an sRGB chunk.
    public func render() -> PNGRaster {
        var canvas = Canvas(width: screen.pixels.width, height: screen.pixels.height)
        paintWallpaper(on: &canvas)
        paintChrome(on: &canvas)
        let widgetColor = RGB(bytes: 28, 28, 30)
        let scale = Float(screen.scale)
        for widget in widgets {
            let inset = widgetEdgeInset
            let shape = RoundedRect(
                x: Float(widget.x) + inset, y: Float(widget.y) + inset, width: Float(widget.width) - 2 * inset,
                height: Float(widget.height) - 2 * inset, radius: 22 * 1.45 * scale)
            canvas.fill(shape, widgetColor)
        }
        return PNGRaster(
            width: canvas.width, height: canvas.height, format: .rgb8, pixels: canvas.bytes,
            colorChunks: [.gamma(45455), .srgb(intent: 0)])
    }

    // MARK: Layout of the page chrome, in points

    private var isFaceID: Bool { Double(screen.height) / Double(screen.width) > 2 }
    private var width: Float { Float(screen.width) }
    private var height: Float { Float(screen.height) }

    /// The dock platter, in points.
    private var dock: (x: Float, y: Float, width: Float, height: Float, radius: Float) {
        if isFaceID {
            let dockHeight: Float = width >= 414 ? 100 : 96
            return (12, height - 12 - dockHeight, width - 24, dockHeight, 34)
        }
        let dockHeight: Float = width <= 320 ? 88 : 92
        return (0, height - dockHeight, width, dockHeight, 0)
    }

    private var iconSize: Float { width >= 414 ? 64 : (width <= 320 ? 57 : 60) }

    /// The Edit and Done buttons: pills where the status bar is in jiggle mode.
    private var buttons: [(text: String, x: Float, y: Float, width: Float, height: Float)] {
        let pillHeight: Float = isFaceID ? 30 : 22
        let band: Float = isFaceID ? (width >= 393 ? 54 : 47) : 26
        let y = (band - pillHeight) / 2 + (isFaceID ? 4 : 2)
        let margin: Float = isFaceID ? 22 : 12
        return [("Edit", margin, y, 58, pillHeight), ("Done", width - margin - 62, y, 62, pillHeight)]
    }

    private var pageDots: (y: Float, diameter: Float, centers: [Float]) {
        let diameter: Float = 7
        let y = dock.y - 22
        let spacing: Float = 16
        return (y, diameter, [-spacing, 0, spacing].map { width / 2 + $0 })
    }

    /// The rectangles (in pixels) the chrome covers: the buttons, the page dots and the dock.
    /// Slots must stay clear of them, since a user screenshots an empty page.
    public var chromeRects: [PixelRect] {
        let s = Float(screen.scale)
        func pixels(_ x: Float, _ y: Float, _ w: Float, _ h: Float) -> PixelRect {
            let left = Int((x * s).rounded(.down))
            let top = Int((y * s).rounded(.down))
            return PixelRect(x: left, y: top, width: Int(((x + w) * s).rounded(.up)) - left, height: Int(((y + h) * s).rounded(.up)) - top)
        }
        let dots = pageDots
        return buttons.map { pixels($0.x, $0.y, $0.width, $0.height) }
            + [
                pixels(
                    dots.centers[0] - dots.diameter / 2, dots.y - dots.diameter / 2, dots.centers[2] - dots.centers[0] + dots.diameter, dots.diameter)
            ]
            + [pixels(dock.x, dock.y, dock.width, dock.height)]
    }

    // MARK: Painting

    private func paintWallpaper(on canvas: inout Canvas) {
        var random = SplitMix64(seed: seed)
        let hue = random.uniform(0...1)
        let top = RGB.hsv(hue, random.uniform(0.35...0.7), random.uniform(0.75...0.95))
        let bottom = RGB.hsv(hue + random.uniform(0.15...0.45), random.uniform(0.45...0.8), random.uniform(0.35...0.6))
        struct Blob {
            var x: Float, y: Float, radius: Float, color: RGB
        }
        let blobs = (0..<7).map { _ in
            Blob(
                x: random.uniform(-0.1...1.1), y: random.uniform(-0.1...1.1), radius: random.uniform(0.18...0.42),
                color: RGB.hsv(hue + random.uniform(-0.25...0.25), random.uniform(0.3...0.8), random.uniform(0.5...1)) * 0.5
                    + RGB(-0.25, -0.25, -0.25))
        }
        let texture = ValueNoise(width: canvas.width, height: canvas.height, cell: 60 * screen.scale, seed: random.next())

        let aspect = Float(canvas.width) / Float(canvas.height)
        let dim: Float = appearance == .dark ? 0.55 : 1
        let night = appearance == .dark ? RGB(0.01, 0.015, 0.04) : RGB(0, 0, 0)
        var row = [Float](repeating: 0, count: canvas.width * 3)
        for y in 0..<canvas.height {
            let v = Float(y) / Float(canvas.height)
            for x in 0..<canvas.width {
                let u = Float(x) / Float(canvas.width)
                var color = top * (1 - v) + bottom * v
                for blob in blobs {
                    let dx = (u - blob.x) * aspect
                    let dy = v - blob.y
                    let t = max(0, 1 - (dx * dx + dy * dy) / (blob.radius * blob.radius))
                    color = color + blob.color * (t * t)
                }
                let grain = texture.value(x, y) * 0.035
                color = (color + RGB(grain, grain, grain)) * dim + night
                row[x * 3] = color.r
                row[x * 3 + 1] = color.g
                row[x * 3 + 2] = color.b
            }
            canvas.pixels.replaceSubrange((y * canvas.width * 3)..<((y + 1) * canvas.width * 3), with: row)
        }
    }

    private func paintChrome(on canvas: inout Canvas) {
        let s = Float(screen.scale)
        let dark = appearance == .dark

        for button in buttons {
            let pill = RoundedRect(
                x: button.x * s, y: button.y * s, width: button.width * s, height: button.height * s, radius: button.height / 2 * s, circular: true)
            canvas.fill(pill, dark ? RGB(bytes: 70, 70, 74) : RGB(1, 1, 1), opacity: dark ? 0.75 : 0.6)
            let cell = (button.height * 0.42 / 7) * s
            let textWidth = Float(Glyphs.width(of: button.text)) * cell
            Glyphs.draw(
                button.text, x: (button.x + button.width / 2) * s - textWidth / 2, y: (button.y + button.height / 2) * s - 3.5 * cell,
                cell: cell, color: dark ? RGB(1, 1, 1) : RGB(0, 0, 0), on: &canvas)
        }

        let dots = pageDots
        for (index, center) in dots.centers.enumerated() {
            let dot = RoundedRect(
                x: (center - dots.diameter / 2) * s, y: (dots.y - dots.diameter / 2) * s, width: dots.diameter * s,
                height: dots.diameter * s, radius: dots.diameter / 2 * s, circular: true)
            canvas.fill(dot, RGB(1, 1, 1), opacity: index == 2 ? 0.95 : 0.4)
        }

        let platter = RoundedRect(x: dock.x * s, y: dock.y * s, width: dock.width * s, height: dock.height * s, radius: dock.radius * s)
        canvas.fill(platter, dark ? RGB(bytes: 30, 30, 32) : RGB(1, 1, 1), opacity: dark ? 0.45 : 0.3)
        let icon = iconSize
        let gap = (dock.width - 4 * icon) / 5
        let colors = [RGB(bytes: 52, 199, 89), RGB(bytes: 10, 132, 255), RGB(bytes: 48, 209, 88), RGB(bytes: 255, 55, 95)]
        for (index, color) in colors.enumerated() {
            let x = dock.x + gap + Float(index) * (icon + gap)
            let y = dock.y + (dock.height - icon) / 2
            let body = RoundedRect(x: x * s, y: y * s, width: icon * s, height: icon * s, radius: icon * 0.225 * 1.3 * s)
            canvas.fill(body, dark ? color * 0.85 : color)
            let mark = icon * 0.42
            let symbol = RoundedRect(
                x: (x + (icon - mark) / 2) * s, y: (y + (icon - mark) / 2) * s, width: mark * s, height: mark * s,
                radius: (index.isMultiple(of: 2) ? mark / 2 : mark * 0.2) * s, circular: index.isMultiple(of: 2))
            canvas.fill(symbol, RGB(1, 1, 1), opacity: 0.92)
        }
    }
}

/// Smooth value noise on a coarse lattice: a soft, photo-like texture that compresses well.
struct ValueNoise {
    private let columns: Int
    private let cell: Float
    private let lattice: [Float]

    init(width: Int, height: Int, cell: Int, seed: UInt64) {
        self.cell = Float(cell)
        columns = width / cell + 2
        let rows = height / cell + 2
        var random = SplitMix64(seed: seed)
        lattice = (0..<(columns * rows)).map { _ in random.uniform(-1...1) }
    }

    /// The noise at pixel (x, y), in −1…1.
    func value(_ x: Int, _ y: Int) -> Float {
        let fx = Float(x) / cell
        let fy = Float(y) / cell
        let ix = Int(fx)
        let iy = Int(fy)
        var tx = fx - Float(ix)
        var ty = fy - Float(iy)
        tx = tx * tx * (3 - 2 * tx)
        ty = ty * ty * (3 - 2 * ty)
        let a = lattice[iy * columns + ix]
        let b = lattice[iy * columns + ix + 1]
        let c = lattice[(iy + 1) * columns + ix]
        let d = lattice[(iy + 1) * columns + ix + 1]
        return (a + (b - a) * tx) + ((c + (d - c) * tx) - (a + (b - a) * tx)) * ty
    }
}

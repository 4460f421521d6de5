import Calibration
import Foundation
import SlotGeometry

/// A small home-screen page painted sample by sample for "check my widgets", with wallpapers whose
/// symmetry is known exactly (tiles, stripes, checkerboards, with and without a slow shading) and
/// transparent widgets drawn off their slots: the members of each class the Python matrix on the
/// independent painter (Tests/CalibrationTests/HostileScenes) covers at full size, fast enough to
/// enumerate in every test run.
struct HostilePage {
    /// A layout of a 640×1100 page: columns at x 60 and 340, rows at y 120, 420 and 720; small
    /// widgets 240 px, medium 520×240, large 520×540.
    static let size = PixelSize(width: 640, height: 1100)
    static let slots: [(id: SlotID, rect: PixelRect)] = {
        let rows: [(GridRow, Int)] = [(.top, 120), (.middle, 420), (.bottom, 720)]
        var slots: [(id: SlotID, rect: PixelRect)] = []
        for id in SlotID.allCases where id.family != .extraLargePortrait {
            let y = rows.first { $0.0 == id.row }!.1
            switch id.family {
            case .small: slots.append((id, PixelRect(x: id.column == .left ? 60 : 340, y: y, width: 240, height: 240)))
            case .medium: slots.append((id, PixelRect(x: 60, y: y, width: 520, height: 240)))
            case .large: slots.append((id, PixelRect(x: 60, y: y, width: 520, height: 540)))
            case .extraLargePortrait: break
            }
        }
        return slots
    }()

    static func rect(_ id: SlotID) -> PixelRect { slots.first { $0.id == id }!.rect }

    /// A wallpaper, and the shifts under which it looks the same (its lattice, shading aside).
    enum Wallpaper: CustomStringConvertible {
        /// Smooth in both directions and nowhere repeating: every offset can be told.
        case photo
        /// Square tiles of `period` pixels of noise.
        case tiles(period: Int)
        /// Stripes of a random profile `period` pixels wide: across (h: flat along x), down (v),
        /// or on a slant (d: the same along (1, −1)).
        case stripes(period: Int, direction: Character)
        /// A checkerboard of squares of `period` pixels, each square's two colours with noise.
        case checker(period: Int)

        var description: String {
            switch self {
            case .photo: "photo"
            case .tiles(let p): "tiles \(p)"
            case .stripes(let p, let d): "stripes \(d) \(p)"
            case .checker(let p): "checker \(p)"
            }
        }

        /// Vectors spanning the shifts that leave the pattern unchanged.
        var lattice: [(Int, Int)] {
            switch self {
            case .photo: []
            case .tiles(let p): [(p, 0), (0, p)]
            case .stripes(let p, "h"): [(1, 0), (0, p)]
            case .stripes(let p, "v"): [(p, 0), (0, 1)]
            case .stripes(let p, _): [(p, 0), (1, -1)]
            case .checker(let p): [(2 * p, 0), (p, p)]
            }
        }

        /// The pattern's brightness at (x, y), 0…1.
        func value(_ x: Int, _ y: Int) -> Float {
            switch self {
            case .photo:
                let (fx, fy) = (Float(x), Float(y))
                return 0.5 + 0.18 * sin(fx / 23 + 2 * cos(fy / 41)) + 0.15 * cos(fy / 17 - fx / 53) + 0.08 * sin((fx + 2 * fy) / 9)
                    + 0.04 * HostilePage.noise(x, y, 7)
            case .tiles(let p): return 0.25 + 0.5 * HostilePage.noise(x % p, y % p, 11)
            case .stripes(let p, "h"): return 0.25 + 0.5 * HostilePage.noise(0, y % p, 13)
            case .stripes(let p, "v"): return 0.25 + 0.5 * HostilePage.noise(x % p, 0, 13)
            case .stripes(let p, _): return 0.25 + 0.5 * HostilePage.noise(((x + y) % p + p) % p, 0, 13)
            case .checker(let p):
                let square = ((x / p) + (y / p)) % 2
                return (square == 0 ? 0.3 : 0.65) + 0.1 * HostilePage.noise(x % (2 * p), y % (2 * p), 17)
            }
        }

        /// Whether the pattern looks the same moved by v.
        func contains(_ v: (Int, Int)) -> Bool {
            switch self {
            case .photo: v == (0, 0)
            case .tiles(let p): v.0 % p == 0 && v.1 % p == 0
            case .stripes(let p, "h"): v.1 % p == 0
            case .stripes(let p, "v"): v.0 % p == 0
            case .stripes(let p, _): (v.0 + v.1) % p == 0
            case .checker(let p): v.0 % p == 0 && v.1 % p == 0 && ((v.0 + v.1) / p) % 2 == 0
            }
        }

        /// Whether d + v (v in the lattice, v ≠ 0) lies within `reach` and differs from d along
        /// the axis (0: x, 1: y): an answer the wallpaper cannot tell from d.
        func hasAlias(of d: (Int, Int), reach: Int, axis: Int) -> Bool {
            let basis = lattice
            guard !basis.isEmpty else { return false }
            let span = 2 * reach + 2
            for a in -span...span {
                for b in (basis.count > 1 ? -span...span : 0...0) {
                    let v = (a * basis[0].0 + b * (basis.count > 1 ? basis[1].0 : 0), a * basis[0].1 + b * (basis.count > 1 ? basis[1].1 : 0))
                    if v == (0, 0) { continue }
                    let moved = (d.0 + v.0, d.1 + v.1)
                    guard abs(moved.0) <= reach, abs(moved.1) <= reach else { continue }
                    if (axis == 0 ? v.0 : v.1) != 0 { return true }
                }
            }
            return false
        }
    }

    /// Deterministic noise in −1…1 for the integer point (x, y).
    static func noise(_ x: Int, _ y: Int, _ seed: Int) -> Float {
        var h = UInt64(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663 ^ seed &* 83_492_791)
        h ^= h >> 33
        h = h &* 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        return Float(h % 10_000) / 5_000 - 1
    }

    var width: Int { Self.size.width }
    var height: Int { Self.size.height }
    /// Red, green and blue, row by row.
    var rgb: [Float]

    /// The wallpaper, shaded (multiplied by a slow field) when `shaded`.
    init(_ wallpaper: Wallpaper, shaded: Bool = false) {
        rgb = []
        rgb.reserveCapacity(Self.size.width * Self.size.height * 3)
        for y in 0..<Self.size.height {
            for x in 0..<Self.size.width {
                var v = wallpaper.value(x, y)
                if shaded { v *= 0.8 + 0.2 * sin(Float(x) / 170) * cos(Float(y) / 230) }
                rgb += [v, v * 0.9 + 0.05, v * 0.8 + 0.1]
            }
        }
    }

    func colour(_ x: Int, _ y: Int) -> SIMD3<Float> {
        let i = (y * width + x) * 3
        return SIMD3(rgb[i], rgb[i + 1], rgb[i + 2])
    }

    mutating func set(_ x: Int, _ y: Int, _ c: SIMD3<Float>) {
        let i = (y * width + x) * 3
        (rgb[i], rgb[i + 1], rgb[i + 2]) = (c.x, c.y, c.z)
    }

    /// Whether (x, y) of a widget of `size` is inside its rounded outline.
    static func inside(_ x: Int, _ y: Int, _ size: PixelRect) -> Bool {
        let radius = min(size.width, size.height) / 8 + 4
        let dx = max(radius - x, x - (size.width - 1 - radius), 0)
        let dy = max(radius - y, y - (size.height - 1 - radius), 0)
        return dx * dx + dy * dy <= radius * radius
    }

    /// The page with transparent widgets: each shows this page's piece at its slot, drawn moved
    /// by its d, under a white layer of `white` opacity when given, with a lighter rim when `rim`.
    func with(_ widgets: [(SlotID, (Int, Int))], white: Float? = nil, rim: Bool = false, blur: Int = 0) -> HostilePage {
        var home = self
        let source = blur > 0 ? blurred(blur) : self
        for (id, d) in widgets {
            let r = Self.rect(id)
            for y in 0..<r.height {
                for x in 0..<r.width where Self.inside(x, y, r) {
                    var c = source.colour(r.x + x, r.y + y)
                    if let white { c = c * (1 - white) + SIMD3(repeating: white) }
                    if rim, !Self.inside(x - 2, y - 2, PixelRect(x: 0, y: 0, width: r.width - 4, height: r.height - 4)) {
                        c = c * 0.55 + SIMD3(repeating: 0.45)
                    }
                    let (tx, ty) = (r.x + x + d.0, r.y + y + d.1)
                    if tx >= 0, ty >= 0, tx < width, ty < height { home.set(tx, ty, c) }
                }
            }
        }
        return home
    }

    /// The page blurred by a box of 2 × `radius` + 1 pixels, three times over (about a Gaussian).
    func blurred(_ radius: Int) -> HostilePage {
        var page = self
        for _ in 0..<3 {
            for axis in 0..<2 {
                let old = page
                for y in 0..<height {
                    for x in 0..<width {
                        var sum = SIMD3<Float>(repeating: 0)
                        for k in -radius...radius {
                            let (sx, sy) = axis == 0 ? (min(width - 1, max(0, x + k)), y) : (x, min(height - 1, max(0, y + k)))
                            sum += old.colour(sx, sy)
                        }
                        page.set(x, y, sum / Float(2 * radius + 1))
                    }
                }
            }
        }
        return page
    }

    /// An opaque card (a solid colour) drawn over `rect`, rounded like a widget; with `text`,
    /// three dark lines of it across the card's left half, a fifth of its height apart, each of
    /// strokes 3 px wide every 6 px.
    func card(_ rect: PixelRect, text: Bool = false) -> HostilePage {
        var page = self
        for y in 0..<rect.height {
            for x in 0..<rect.width where Self.inside(x, y, rect) {
                let line = text && x > rect.width / 8 && x < rect.width / 2 && x % 6 < 3 && [1, 2, 3].contains { abs(y - $0 * rect.height / 5) < 6 }
                page.set(rect.x + x, rect.y + y, line ? SIMD3(0.1, 0.1, 0.12) : SIMD3(0.93, 0.52, 0.18))
            }
        }
        return page
    }

    /// A light frosted banner (the page under it evened out, under white) over rows `rows`.
    func banner(_ rows: Range<Int>) -> HostilePage {
        var page = self
        for y in rows {
            for x in 10..<(width - 10) { page.set(x, y, colour(x, y) * 0.25 + SIMD3(repeating: 0.7)) }
        }
        return page
    }

    /// Rounded to 8 bits, as a screenshot holds it.
    var field: ColorField { ColorField(size: Self.size, rgb: rgb.map { ($0 * 255).rounded() / 255 }) }
}

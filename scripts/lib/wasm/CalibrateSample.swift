import Calibration
import SlotGeometry

// The entry point of scripts/wasm-check.sh: runs the calibrator, built with Embedded Swift for
// wasm32, on a small synthetic screenshot and says what it measured.

/// Writes the report of ``sampleReport()`` as UTF-8 into `buffer` and returns its length in
/// bytes, or -1 when it needs more than `capacity` bytes.
@_cdecl("calibrate_sample")
public func calibrateSample(_ buffer: UnsafeMutablePointer<UInt8>, _ capacity: Int32) -> Int32 {
    let bytes = Array(sampleReport().utf8)
    guard bytes.count <= Int(capacity) else { return -1 }
    for (index, byte) in bytes.enumerated() { buffer[index] = byte }
    return Int32(bytes.count)
}

/// Two small widgets on a 300×600 (@3x) page whose wallpaper is a fine blue checkerboard, as
/// the calibrator measures them and compares them with a layout made for that page (whose top row,
/// stated in points, misses a whole pixel); then a page without widgets. The widgets and the gap
/// between them are about as large against the page as on an iPhone (a widget is 0.36 of its
/// width): smaller ones would be taken for app icons.
func sampleReport() -> String {
    let screen = Screen(width: 100, height: 200, scale: 3)
    let widgets = [PixelRect(x: 24, y: 60, width: 108, height: 108), PixelRect(x: 168, y: 60, width: 108, height: 108)]
    let lengths: [GridField: Length] = [
        .smallWidth: .pixels(108), .left: .pixels(24), .right: .pixels(168), .top: .points(20.1), .middle: .pixels(204),
    ]
    let spec = LayoutSpec(kind: .ios18, values: lengths.mapValues { StatedValue($0, Provenance(kind: .measured)) })
    let layout = ResolvedLayout(spec, of: DeviceProfile(id: "sample", name: "Sample", models: [], screen: screen, layouts: []))
    var lines = GeometryChecker.check(layout).map { "geometry: \($0.message)" }
    do {
        let calibration = try Calibrator.calibrate(page(screen.pixels, widgets: widgets), candidates: [("sample", layout)])
        lines.append(
            "measured \(calibration.footprints.count) widgets on a \(calibration.screenshot) screenshot, edges \(formatNumber(calibration.edgeWidth)) px wide"
        )
        for (id, rect) in calibration.slots {
            lines.append("\(id.rawValue) \(rect) = \(formatNumber(Double(rect.width) / Double(screen.scale))) pt wide")
        }
        for comparison in calibration.comparisons {
            let verdict = comparison.matches ? "matches" : "differs (\(comparison.worst))"
            lines.append(
                "\(comparison.device) \(comparison.layout.rawValue): \(comparison.compared) slots, within \(comparison.maxDeviation ?? -1) px: \(verdict)"
            )
        }
        lines.append(contentsOf: calibration.notes)
    } catch {
        lines.append("widgets: \(error)")
    }
    do {
        let calibration = try Calibrator.calibrate(page(screen.pixels, widgets: []))
        lines.append("a page without widgets: measured \(calibration.footprints.count) widgets")
    } catch {
        lines.append("a page without widgets: \(error)")
    }
    return lines.joined(separator: "\n")
}

/// The page: a wallpaper checkerboard of two dark greys, one bluer (so that no pixel is like its
/// neighbours and the widgets' colour is the one solid colour), and the widgets in pale yellow
/// with hard edges.
func page(_ size: PixelSize, widgets: [PixelRect]) -> ColorField {
    var rgb: [Float] = []
    rgb.reserveCapacity(size.width * size.height * 3)
    for y in 0..<size.height {
        for x in 0..<size.width {
            let onWidget = widgets.contains { x >= $0.x && x < $0.maxX && y >= $0.y && y < $0.maxY }
            if onWidget {
                rgb += [0.9, 0.9, 0.25]
            } else {
                rgb += [0.2, 0.2, (x + y) % 2 == 0 ? 0.2 : 0.3]
            }
        }
    }
    return ColorField(size: size, rgb: rgb)
}

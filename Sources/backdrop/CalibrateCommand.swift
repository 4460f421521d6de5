import ArgumentParser
import Calibration
import Catalog
import Foundation
import PNGImage
import SlotGeometry

struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Measure a layout from a screenshot with widgets placed.",
        discussion: """
            Place solid, single-colour widgets on a home-screen page (six small ones measure the whole grid; \
            medium and large ones give their sizes), take a screenshot, and optionally one of the same page \
            empty just before. Backdrop finds each widget, measures its straight edges to the pixel, fits the \
            grid, compares it with the catalog's layouts for that screenshot size, and prints a layout block \
            to paste into a device profile.
            """
    )

    @OptionGroup var contentOptions: ContentOptions

    @Argument(help: "The screenshot with widgets placed (PNG).")
    var screenshot: String

    @Option(name: .long, help: "A screenshot of the same page without widgets, taken just before.")
    var empty: String?

    @Option(name: .long, help: "The screen scale, 2 or 3, for points; taken from the catalog when the screenshot size is known.")
    var scale: Int?

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let catalog = contentOptions.loadCatalog()
        let shot: PNGImage
        let emptyPage: PNGImage?
        do {
            shot = try PNGImage(contentsOfFile: screenshot)
            emptyPage = try empty.map { path throws(PNGError) in try PNGImage(contentsOfFile: path) }
        } catch {
            throw CommandFailure([error.description])
        }
        let candidates: [Calibrator.Candidate] = catalog.devices.flatMap { document in
            document.layouts.filter { $0.screen.pixels == shot.size }.map { (document.id, $0) }
        }
        let calibration: Calibration
        do {
            calibration = try Calibrator.calibrate(
                ColorField(size: shot.size, rgb: shot.normalizedRGB()),
                empty: emptyPage.map { ColorField(size: $0.size, rgb: $0.normalizedRGB()) }, candidates: candidates)
        } catch {
            throw CommandFailure(["\(screenshot): \(error)"])
        }
        let scale = scale ?? candidates.first?.layout.screen.scale
        if json {
            print(try jsonText(CalibrationJSON(calibration, file: screenshot, scale: scale)))
        } else {
            print(CalibrationText(calibration: calibration, file: screenshot, scale: scale).render())
        }
    }
}

/// `backdrop calibrate --json`.
struct CalibrationJSON: Encodable {
    struct Slot: Encodable {
        var id: SlotID
        var pixels: PixelRect
        var points: PointRect?
    }

    struct Number: Encodable {
        var pixels: Int
        var points: Double?
        var spread: Int
        var widgets: Int
    }

    struct Comparison: Encodable {
        var device: String
        var layout: LayoutKind
        var compared: Int
        var maxDeviation: Int?
        var worst: String
        var sizeDeviation: Int?
        var matches: Bool
    }

    var file: String
    var screenshot: PixelSize
    var scale: Int?
    var widgets: Int
    var edgeWidth: Double
    var slots: [Slot]
    var grid: [String: Number]
    var notes: [String]
    var comparisons: [Comparison]
    var match: String?

    init(_ calibration: Calibration, file: String, scale: Int?) {
        self.file = file
        screenshot = calibration.screenshot
        self.scale = scale
        widgets = calibration.footprints.count
        edgeWidth = roundedToHundredths(calibration.edgeWidth)
        slots = calibration.slots.map { Slot(id: $0.id, pixels: $0.rect, points: scale.map($0.rect.points)) }
        grid = Dictionary(uniqueKeysWithValues: calibration.grid.map { field, number in
            (field.rawValue, Number(pixels: number.pixels, points: scale.map { roundedToHundredths(Double(number.pixels) / Double($0)) }, spread: number.spread, widgets: number.count))
        })
        notes = calibration.notes
        comparisons = calibration.comparisons.map {
            Comparison(
                device: $0.device, layout: $0.layout, compared: $0.compared, maxDeviation: $0.maxDeviation, worst: $0.worst,
                sizeDeviation: $0.sizeDeviation, matches: $0.matches)
        }
        match = calibration.match.map { "\($0.device) \($0.layout.rawValue)" }
    }
}

/// The human report of `backdrop calibrate`.
struct CalibrationText {
    var calibration: Calibration
    var file: String
    var scale: Int?

    func render() -> String {
        var lines: [String] = []
        let families = Dictionary(grouping: calibration.footprints, by: \.family).sorted { $0.key < $1.key }
            .map { "\($0.value.count) \($0.key.rawValue)" }.joined(separator: ", ")
        lines.append("\(file): \(calibration.screenshot), \(calibration.footprints.count) widgets (\(families)), edges \(String(format: "%.1f", calibration.edgeWidth)) px wide")
        var rows = [["SLOT", "X", "Y", "WIDTH", "HEIGHT", "POINTS"]]
        for (id, rect) in calibration.slots {
            let points = scale.map { s -> String in
                let p = rect.points(scale: s)
                return "\(formatNumber(p.x)),\(formatNumber(p.y)) \(formatNumber(p.width))x\(formatNumber(p.height))"
            } ?? ""
            rows.append([id.rawValue, "\(rect.x)", "\(rect.y)", "\(rect.width)", "\(rect.height)", points])
        }
        lines.append(table(rows))
        lines.append("")
        lines.append("grid (value, how many widgets show it, their largest disagreement):")
        for (field, number) in calibration.grid.sorted(by: { $0.key < $1.key }) {
            let points = scale.map { " = \(formatNumber(Double(number.pixels) / Double($0))) pt" } ?? ""
            lines.append("  \(field.rawValue): \(number.pixels) px\(points) (\(number.count) widget\(number.count == 1 ? "" : "s"), ±\(number.spread) px)")
        }
        for note in calibration.notes { lines.append("note: \(note)") }
        if !calibration.comparisons.isEmpty {
            lines.append("")
            lines.append("compared with the catalog's layouts for \(calibration.screenshot) screenshots:")
            for comparison in calibration.comparisons {
                let verdict: String
                if comparison.compared == 0, let sizes = comparison.sizeDeviation {
                    verdict = sizes <= 1
                        ? "positions unknown; the widget sizes match within \(sizes) px"
                        : "positions unknown; the widget sizes differ by up to \(sizes) px (\(comparison.worst))"
                } else if comparison.compared == 0 {
                    verdict = "no slot positions or sizes to compare with"
                } else if comparison.matches {
                    verdict = "matches: \(comparison.compared) slots within \(comparison.maxDeviation ?? 0) px"
                } else {
                    verdict = "off by up to \(comparison.maxDeviation ?? 0) px (\(comparison.worst))"
                }
                lines.append("  \(comparison.device) \(comparison.layout.rawValue): \(verdict)")
            }
            if let match = calibration.match {
                lines.append("this is \(match.device) \(match.layout.rawValue)")
            }
        }
        lines.append("")
        lines.append("layout block for the device profile (add the reference under `references:` and rename the layout as needed):")
        lines.append("  \(calibration.match?.layout.rawValue ?? "LAYOUT"):")
        lines.append("    unit: px")
        lines.append("    source: measured calibration")
        let g = calibration.grid
        func size(_ family: WidgetFamily) -> String? {
            let fields = GridField.size(of: family)
            guard let w = g[fields.width]?.pixels, let h = g[fields.height]?.pixels else { return nil }
            return family == .small && w == h ? "\(w)" : "\(w)x\(h)"
        }
        for family in WidgetFamily.allCases {
            if let text = size(family) { lines.append("    \(family.rawValue): \(text)") }
        }
        for field in [GridField.left, .right, .top, .middle, .bottom] {
            if let value = g[field]?.pixels { lines.append("    \(field.rawValue): \(value)") }
        }
        return lines.joined(separator: "\n")
    }
}

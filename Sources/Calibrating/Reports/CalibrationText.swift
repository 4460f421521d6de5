import Calibration
import Catalog
import Foundation
import MeasurementReports
import SlotGeometry

/// The report of `backdrop calibrate` for a person: the widgets found, each slot measured (in
/// pixels, and in points when the scale is known), the grid numbers with how many widgets show
/// them, the notes and the regions set aside, the comparison with the catalog's layouts, and the
/// layout block to paste into a device profile.
public struct CalibrationText {
    public var calibration: Calibration
    /// The screenshot measured, as named on the command line.
    public var file: String
    /// The screen's pixels per point, for the points; nil leaves them out.
    public var scale: Int?

    public init(calibration: Calibration, file: String, scale: Int?) {
        self.calibration = calibration
        self.file = file
        self.scale = scale
    }

    /// The report, its lines joined (no final line break).
    public func render() -> String {
        var lines: [String] = []
        let families = Dictionary(grouping: calibration.footprints, by: \.family).sorted { $0.key < $1.key }
            .map { "\($0.value.count) \($0.key.rawValue)" }.joined(separator: ", ")
        lines.append(
            "\(file): \(calibration.screenshot), \(calibration.footprints.count) widgets (\(families)), edges \(String(format: "%.1f", calibration.edgeWidth)) px wide"
        )
        var rows = [["SLOT", "X", "Y", "WIDTH", "HEIGHT", "POINTS"]]
        for (id, rect) in calibration.slots {
            let points =
                scale.map { s -> String in
                    let p = rect.points(scale: s)
                    return "\(formatNumber(p.x)),\(formatNumber(p.y)) \(formatNumber(p.width))x\(formatNumber(p.height))"
                } ?? ""
            rows.append([id.rawValue, "\(rect.x)", "\(rect.y)", "\(rect.width)", "\(rect.height)", points])
        }
        lines.append(TextTable.render(rows))
        lines.append("")
        lines.append("grid (value, how many widgets show it, their largest disagreement):")
        for (field, number) in calibration.grid.sorted(by: { $0.key < $1.key }) {
            let points = scale.map { " = \(formatNumber(Double(number.pixels) / Double($0))) pt" } ?? ""
            lines.append(
                "  \(field.rawValue): \(number.pixels) px\(points) (\(number.count) widget\(number.count == 1 ? "" : "s"), ±\(number.spread) px)")
        }
        for note in calibration.notes { lines.append("note: \(note)") }
        lines += RejectedRegionLines.lines(calibration.rejected)
        if !calibration.comparisons.isEmpty {
            lines.append("")
            lines.append("compared with the catalog's layouts for \(calibration.screenshot) screenshots:")
            for comparison in calibration.comparisons {
                let verdict: String
                if comparison.compared == 0, let sizes = comparison.sizeDeviation {
                    verdict =
                        sizes <= 1
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
        lines += calibration.layoutBlock
        return lines.joined(separator: "\n")
    }
}

import Calibration
import Catalog
import Checks
import Foundation
import GeometryFormat
import MeasurementReports
import SlotGeometry

/// What `crop --measured-from` measured: `measurement.json`, `--json`, and the text report.
/// The JSON shares `calibrate --json`'s grid, comparisons and rejected regions (``CalibrationReport``).
public struct MeasurementReport: Encodable {
    /// A slot measured: its rectangle, and whether a widget showed it or the grid implies it.
    public struct SlotMeasurement: Encodable {
        public var id: SlotID
        public var family: WidgetFamily
        public var pixels: PixelRect
        public var points: PointRect?
        /// `seen`: a widget filled it; `implied`: the fitted grid gives it.
        public var kind: String
        /// Seen: how far its widget's edges are from the fitted grid; implied: the largest spread
        /// of the grid numbers it rests on. Pixels.
        public var disagreement: Int
        /// True when fewer than three rows were seen and no catalog layout of this size said
        /// which: the rectangle is measured, the row in the slot's name is only the order.
        public var rowNamedByOrder: Bool
    }

    /// A slot the measurement cannot give, with why (never guessed).
    public struct Undetermined: Encodable {
        public var id: SlotID
        public var reason: String
    }

    public var empty: String
    public var placed: String
    public var screenshot: PixelSize
    public var scale: Int?
    public var widgets: Int
    public var slots: [SlotMeasurement]
    public var undetermined: [Undetermined]
    /// The grid as `backdrop calibrate --json` gives it.
    public var grid: JSONValue
    public var notes: [String]
    /// The catalog's layouts of this screenshot size, compared with the measurement, as `calibrate --json` gives them.
    public var catalog: JSONValue
    public var match: String?
    /// The regions not taken for widgets, with why, as `calibrate --json` gives them: a widget
    /// set aside is said, never lost silently.
    public var rejected: JSONValue
    /// The comparisons of `catalog`, for the text.
    private var comparisons: [LayoutComparison]
    /// The regions of `rejected`, for the text.
    private var rejectedRegions: [RejectedRegion]
    /// The block to paste into a device profile, and the command that records it.
    public var profileBlock: [String]
    public var recordCommand: String
    /// What the person must still say when recording: the measurement cannot tell.
    public var stillToSay: [String]

    private enum CodingKeys: String, CodingKey {
        case empty, placed, screenshot, scale, widgets, slots, undetermined, rejected, grid, notes, catalog, match, profileBlock, recordCommand
        case stillToSay
    }

    /// The report of `layout`, measured on `placed` against `empty` (as named on the command
    /// line), with `calibration`'s grid, notes and comparisons; `scale` gives the points.
    public init(_ calibration: Calibration, _ layout: MeasuredLayout, empty: String, placed: String, scale: Int?) {
        self.empty = empty
        self.placed = placed
        screenshot = calibration.screenshot
        self.scale = scale
        widgets = calibration.footprints.count
        slots = layout.slots.map {
            SlotMeasurement(
                id: $0.id, family: $0.id.family, pixels: $0.rect, points: scale.map($0.rect.points), kind: $0.kind.rawValue,
                disagreement: $0.disagreement, rowNamedByOrder: $0.rowNamedByOrder)
        }
        undetermined = layout.undetermined.map { Undetermined(id: $0.id, reason: $0.reason) }
        let report = CalibrationReport.json(calibration, file: placed, scale: scale)
        grid = report["grid"] ?? .object([])
        notes = calibration.notes
        catalog = report["comparisons"] ?? .array([])
        rejected = report["rejected"] ?? .array([])
        rejectedRegions = calibration.rejected
        comparisons = calibration.comparisons
        match = calibration.match.map { "\($0.device) \($0.layout.rawValue)" }
        profileBlock = calibration.layoutBlock
        let device = calibration.match?.device ?? "DEVICE"
        let layoutName = calibration.match?.layout.rawValue ?? "LAYOUT"
        recordCommand = RecordCommand.text(screenshot: placed, empty: empty, device: device, layout: layoutName)
        stillToSay =
            (calibration.match == nil ? ["which device (DEVICE: an id of `backdrop devices`, or a new profile)", "which layout (LAYOUT)"] : [])
            + ["the iOS version", "the icon size (small with labels, or large)", "whether Display Zoom is on", "who measured, in --reference"]
    }

    /// The undetermined slots in a sentence.
    public var undeterminedText: String {
        undetermined.isEmpty ? "every slot was determined" : undetermined.map { "\($0.id.rawValue): \($0.reason)" }.joined(separator: "; ")
    }

    /// The report for a person.
    public func text(written: Int, out: String) -> String {
        let seen = slots.filter { $0.kind == "seen" }.count
        var lines = [
            "\(placed) against \(empty): \(screenshot), \(widgets) widget\(widgets == 1 ? "" : "s") found; "
                + "wrote and verified \(written) of \(slots.count) crops of \(empty) in \(out) (\(seen) seen, \(slots.count - seen) implied by the grid), "
                + "and \(MeasuredCrop.measurementFile)"
        ]
        var rows = [["SLOT", "X", "Y", "WIDTH", "HEIGHT", "KIND", "±PX"]]
        for slot in slots {
            let r = slot.pixels
            let kind = slot.rowNamedByOrder ? "\(slot.kind) (row named by order)" : slot.kind
            rows.append([slot.id.rawValue, "\(r.x)", "\(r.y)", "\(r.width)", "\(r.height)", kind, "\(slot.disagreement)"])
        }
        lines.append(TextTable.render(rows))
        if !undetermined.isEmpty {
            lines.append("not determined (never guessed):")
            lines += undetermined.map { "  \($0.id.rawValue): \($0.reason)" }
        }
        for note in notes { lines.append("note: \(note)") }
        lines += RejectedRegionLines.lines(rejectedRegions)
        if !comparisons.isEmpty {
            lines.append("compared with the catalog's layouts for \(screenshot) screenshots:")
            for comparison in comparisons {
                let verdict =
                    comparison.compared == 0
                    ? "nothing to compare"
                    : comparison.matches
                        ? "matches within \(comparison.maxDeviation ?? 0) px" : "differs by up to \(comparison.maxDeviation ?? 0) px"
                lines.append("  \(comparison.device) \(comparison.layout.rawValue): \(verdict)")
            }
        } else {
            lines.append("no catalog layout has \(screenshot) screenshots: the crops rest on this measurement alone")
        }
        lines.append("")
        lines.append("to add this measurement to the catalog, say \(stillToSay.joined(separator: ", ")) and run:")
        lines.append("  \(recordCommand)")
        lines.append("or paste this block into the device profile's layouts:")
        lines += profileBlock
        return lines.joined(separator: "\n")
    }
}

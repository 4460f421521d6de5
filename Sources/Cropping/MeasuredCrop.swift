import Calibration
import Catalog
import CheckCodes
import Checks
import FileAccess
import MeasurementReports
import NativePNG
import SlotGeometry

/// `backdrop crop EMPTY --measured-from PLACED`: measures the slots on the user's own pair of
/// screenshots, crops the empty one at every seen and implied slot, and writes `measurement.json`
/// beside the crops, all or nothing.
///
/// ``run(empty:placed:out:force:settings:catalog:say:)`` reads as its steps: the pair read and
/// compared (``CropOutput/readPair(empty:placed:)``), the slots measured (``measure(_:_:placed:empty:catalog:)``),
/// the output checked, the crops and the report written.
public enum MeasuredCrop {
    /// The name of the measurement written beside the crops.
    public static let measurementFile = "measurement.json"

    /// What was measured and written.
    public struct Outcome {
        public var report: MeasurementReport
        /// `measurement.json`'s text (without its final line break), which `--json` prints.
        public var json: String
        /// The crops written, one per measured slot.
        public var files: [String]
        public var out: String

        /// The report for a person.
        public var text: String { report.text(written: files.count, out: out) }
    }

    /// Measures the pair, crops `empty` at every measured slot into `out`, and writes the report
    /// there too; or refuses with nothing written. `say` gets libpng's warnings on `empty`.
    public static func run(
        empty: String, placed: String, out: String, force: Bool, settings: PNGEncodeSettings, catalog: Catalog, say: (String) -> Void
    ) throws(CropFailure) -> Outcome {
        let (emptyImage, placedImage) = try CropOutput.readPair(empty: empty, placed: placed)
        for warning in emptyImage.warnings { say("\(empty): warning: libpng: \(warning)") }
        let report: MeasurementReport
        let slots: [MeasuredLayout.MeasuredSlot]
        (report, slots) = try measure(emptyImage, placedImage, placed: placed, empty: empty, catalog: catalog)

        let names = slots.map { "\($0.id.rawValue).png" }
        try CropOutput(paths: (names + [measurementFile]).map { PathName.joining(out, $0) }, inputs: [empty, placed]).check(out: out, force: force)
        let text: String
        do {
            text = try jsonText(report)
        } catch {
            throw CropFailure(file: measurementFile, reason: "cannot be encoded: \(error)")
        }
        try CropOutput.writeAllOrNothing(out: out, names: names + [measurementFile]) { folder throws(CropFailure) in
            _ = try CropOutput.writeCrops(
                emptyImage, slots.map { ($0.id, $0.rect) }, scale: 1, into: folder, settings: settings, screenshot: empty, device: nil,
                layout: nil)
            try CropOutput.writeText(text, named: measurementFile, into: folder)
        }
        return Outcome(report: report, json: text, files: names, out: out)
    }

    /// The slots measured on the pair (rows named and compared by the catalog's layouts of its
    /// size), and the report; refuses a pair on which no slot could be measured.
    static func measure(
        _ emptyImage: PNGRaster, _ placedImage: PNGRaster, placed: String, empty: String, catalog: Catalog
    ) throws(CropFailure) -> (MeasurementReport, [MeasuredLayout.MeasuredSlot]) {
        let candidates: [Calibrator.Candidate] = catalog.resolvedLayouts(matching: emptyImage.size)
        let measured: (calibration: Calibration, layout: MeasuredLayout)
        do {
            measured = try MeasuredLayout.measure(placed: ColorField(placedImage), empty: ColorField(emptyImage), candidates: candidates)
        } catch {
            throw CropFailure(error, naming: placed)
        }
        let report = MeasurementReport(
            measured.calibration, measured.layout, empty: empty, placed: placed, scale: candidates.first?.layout.screen.scale)
        guard !measured.layout.slots.isEmpty else {
            throw CropFailure(file: placed, reason: "no slot could be measured: " + report.undeterminedText)
        }
        return (report, measured.layout.slots)
    }
}

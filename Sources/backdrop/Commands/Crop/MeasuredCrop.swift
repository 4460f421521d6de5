import ArgumentParser
import Calibration
import Catalog
import Checks
import FileAccess
import Foundation
import NativePNG
import SlotGeometry

/// `backdrop crop EMPTY --measured-from PLACED`: measures the slots on the user's own pair of
/// screenshots, crops the empty one at every seen and implied slot, and writes `measurement.json`.
struct MeasuredCrop {
    var empty: String
    var placed: String
    var out: String
    var force: Bool
    var json: Bool
    var settings: PNGEncodeSettings
    var catalog: Catalog

    /// The name of the measurement written beside the crops.
    static let measurementFile = "measurement.json"

    func run() throws {
        let emptyImage = try Self.decode(empty)
        let placedImage = try Self.decode(placed)
        if emptyImage.size != placedImage.size {
            throw CommandFailure([
                "\(placed): is \(placedImage.size) but the empty screenshot \(empty) is \(emptyImage.size): "
                    + "take both on the same phone, of the same page, one with widgets and one without"
            ])
        }
        for warning in emptyImage.warnings { printError("\(empty): warning: libpng: \(warning)") }
        let candidates: [Calibrator.Candidate] = catalog.resolvedLayouts(matching: emptyImage.size)
        let measured: (calibration: Calibration, layout: MeasuredLayout)
        do {
            measured = try MeasuredLayout.measure(
                placed: ColorField(placedImage), empty: ColorField(emptyImage), candidates: candidates)
        } catch {
            throw CommandFailure(["\(placed): \(error)"])
        }
        let report = MeasurementReport(
            measured.calibration, measured.layout, empty: empty, placed: placed,
            scale: candidates.first?.layout.screen.scale)
        guard !measured.layout.slots.isEmpty else {
            throw CommandFailure(["\(placed): no slot could be measured: " + report.undeterminedText])
        }

        let slots = measured.layout.slots
        let jobs = slots.map { CropEncoder.Job(rect: $0.rect, path: PathName.joining(out, "\($0.id.rawValue).png")) }
        let measurementPath = PathName.joining(out, Self.measurementFile)
        try CropOutput(paths: jobs.map(\.path) + [measurementPath], inputs: [empty, placed]).check(out: out, force: force)
        try makeFolder(out)
        let results = CropEncoder.write(emptyImage, jobs: jobs, settings: settings)
        var problems: [String] = []
        for (slot, result) in zip(slots, results) {
            if case .failure(let error) = result {
                problems.append(
                    Diagnostic(file: empty, check: CropCheck.exactCrop, device: nil, layout: nil, slot: slot.id, message: "\(error)").description)
            }
        }
        let text = try jsonText(report)
        try writeFile(measurementPath, text + "\n")
        if json {
            printOut(text)
        } else {
            printOut(report.text(written: slots.count - problems.count, out: out))
        }
        if !problems.isEmpty { throw CommandFailure(problems) }
    }

    private static func decode(_ path: String) throws -> PNGRaster {
        do {
            return try PNGRaster(decoding: try PNGRaster.readBytes(path))
        } catch {
            throw CommandFailure([error.naming(path).description])
        }
    }
}

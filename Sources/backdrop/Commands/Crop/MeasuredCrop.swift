import ArgumentParser
import Calibration
import Catalog
import CheckCodes
import Checks
import FileAccess
import Foundation
import NativePNG
import SlotGeometry
import Web

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

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
        try requireTwoScreenshots(placed: placed, empty: empty)
        let emptyImage = try CropOutput.decode(empty)
        let placedImage = try CropOutput.decode(placed)
        if emptyImage.size != placedImage.size {
            throw CommandFailure([CalibrationReport.sizeMismatch(placed: placed, placedImage.size, empty: empty, emptyImage.size)])
        }
        for warning in emptyImage.warnings { printError("\(empty): warning: libpng: \(warning)") }
        let candidates: [Calibrator.Candidate] = catalog.resolvedLayouts(matching: emptyImage.size)
        let measured: (calibration: Calibration, layout: MeasuredLayout)
        do {
            measured = try MeasuredLayout.measure(
                placed: ColorField(placedImage), empty: ColorField(emptyImage), candidates: candidates)
        } catch {
            throw CommandFailure(error, naming: placed)
        }
        let report = MeasurementReport(
            measured.calibration, measured.layout, empty: empty, placed: placed,
            scale: candidates.first?.layout.screen.scale)
        guard !measured.layout.slots.isEmpty else {
            throw CommandFailure([ProblemText(file: placed, reason: "no slot could be measured: " + report.undeterminedText)])
        }

        let slots = measured.layout.slots
        let names = slots.map { "\($0.id.rawValue).png" }
        try CropOutput(paths: (names + [Self.measurementFile]).map { PathName.joining(out, $0) }, inputs: [empty, placed]).check(
            out: out, force: force)
        let text = try jsonText(report)
        try CropOutput.writeAllOrNothing(out: out, names: names + [Self.measurementFile]) { folder in
            let jobs = zip(slots, names).map { CropEncoder.Job(rect: $0.rect, path: folder.stagedPath($1)) }
            var problems: [Diagnostic] = []
            for (slot, result) in zip(slots, CropEncoder.write(emptyImage, jobs: jobs, settings: settings)) {
                if case .failure(let error) = result {
                    problems.append(
                        Diagnostic(file: empty, check: CropCheck.exactCrop, device: nil, layout: nil, slot: slot.id, message: error.description))
                }
            }
            if !problems.isEmpty { throw CommandFailure(problems.flatMap(\.problems)) }
            do throws(FileProblem) {
                try FileWriter.create(folder.stagedPath(Self.measurementFile), with: Array((text + "\n").utf8))
            } catch {
                throw CommandFailure(error)
            }
        }
        if json {
            printOut(text)
        } else {
            printOut(report.text(written: slots.count, out: out))
        }
    }
}

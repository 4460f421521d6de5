import Calibration
import Catalog
import CheckCodes
import Checks
import FileAccess
import Foundation
import NativePNG
import SlotGeometry
import Web

/// `backdrop crop EMPTY --widgets-from HOME`: finds, on a screenshot of the home screen with
/// transparent widgets in place, how far each widget is from the slot its background was cropped
/// from (``WidgetCheck``), and crops EMPTY again at every slot of the layout, corrected; writes
/// `widget-check.json` beside the crops.
struct WidgetCheckCrop {
    var empty: String
    /// The empty screenshot, decoded.
    var emptyImage: PNGRaster
    var home: String
    var device: String
    var layout: ResolvedLayout
    var out: String
    var force: Bool
    var json: Bool
    var settings: PNGEncodeSettings

    /// The name of the report written beside the crops.
    static let reportFile = "widget-check.json"

    func run() throws {
        try requireTwoScreenshots(placed: home, empty: empty)
        let homeImage = try CropOutput.decode(home)
        if emptyImage.size != homeImage.size {
            throw CommandFailure([WidgetCheckReport.sizeMismatch(home: home, homeImage.size, empty: empty, emptyImage.size)])
        }
        let check: WidgetCheck
        do {
            check = try WidgetCheck.check(
                empty: ColorField(emptyImage), home: ColorField(homeImage), slots: layout.slots.map { ($0.id, $0.rect) },
                layout: layout.kind.rawValue)
        } catch {
            throw CommandFailure(error, naming: home)
        }
        let slots = check.corrected
        let names = slots.map { "\($0.slot.rawValue).png" }
        let files = names + [Self.reportFile]
        try CropOutput(paths: files.map { PathName.joining(out, $0) }, inputs: [empty, home]).check(out: out, force: force)
        let report = WidgetCheckReport.json(check, empty: empty, home: home, device: device).text
        try CropOutput.writeAllOrNothing(out: out, names: files) { folder in
            let jobs = zip(slots, names).map { CropEncoder.Job(rect: $0.rect, path: folder.stagedPath($1)) }
            var problems: [Diagnostic] = []
            for (slot, result) in zip(slots, CropEncoder.write(emptyImage, jobs: jobs, settings: settings)) {
                if case .failure(let error) = result {
                    problems.append(
                        Diagnostic(
                            file: empty, check: CropCheck.exactCrop, device: device, layout: layout.kind, slot: slot.slot, message: error.description)
                    )
                }
            }
            if !problems.isEmpty { throw CommandFailure(problems.flatMap(\.problems)) }
            do throws(FileProblem) {
                try FileWriter.create(folder.stagedPath(Self.reportFile), with: Array((report + "\n").utf8))
            } catch {
                throw CommandFailure(error)
            }
        }
        printOut(json ? report : WidgetCheckReport.text(check, home: home, device: device, written: names.count, out: out))
    }
}

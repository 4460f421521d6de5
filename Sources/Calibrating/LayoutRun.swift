import Calibration
import Catalog
import CheckCodes
import Checks
import NativePNG
import SlotGeometry

/// `calibrate HOME --empty EMPTY --transparent --into DEVICE --layout LAYOUT`: the columns and rows
/// of a device's layout measured by "check my widgets" (``WidgetCheck``) on a home screen whose
/// transparent widgets show backgrounds cropped from EMPTY with that layout as the catalog lists
/// it, ready for ``LayoutRecorder``.
public struct WidgetCheckRun: Sendable {
    /// Why nothing was measured: a screenshot that cannot be read, a layout the catalog does not
    /// have, or a check that fails, each about its file.
    public struct Failure: Problem {
        public var problems: [ProblemText]
    }

    /// The home screen, as named on the command line.
    public var screenshot: String
    /// Its bytes, as read, and its colours.
    public var bytes: [UInt8]
    public var field: ColorField
    public var check: WidgetCheck
    /// What ``LayoutRecorder`` records: the columns and rows the widgets measured.
    public var measurement: LayoutMeasurement

    /// Reads `home` and `empty`, and checks the widgets on `home` against `device`'s layout
    /// `layout` as `catalog` lists it.
    public static func measure(_ home: String, empty: String, device: String, layout: String, catalog: Catalog) throws(Failure) -> WidgetCheckRun {
        do throws(ScreenshotPair.SameFile) {
            try ScreenshotPair.requireTwo(placed: home, empty: empty)
        } catch {
            throw Failure(problems: error.problems)
        }
        guard let document = catalog.devices.first(where: { $0.id == device }), let kind = LayoutKind(rawValue: layout),
            let resolved = document.layout(kind)
        else {
            // The recorder words an unknown device or layout; here only what the check needs.
            throw Failure(problems: [
                ProblemText(
                    file: home,
                    reason:
                        "--transparent measures widgets whose backgrounds were cropped with a layout the catalog lists, and the catalog has no layout `\(layout)` of device `\(device)`"
                )
            ])
        }
        let files: ScreenshotFiles
        do throws(ScreenshotFiles.Unreadable) {
            files = try ScreenshotFiles.read(home, empty: empty)
        } catch {
            throw Failure(problems: error.problems)
        }
        let (bytes, homeImage, emptyImage) = (files.bytes, files.measured, files.empty)
        if let mismatch = catalog.sizeMismatch(homeImage.size, device: document, layout: resolved.spec) {
            throw Failure(problems: [ProblemText(file: home, reason: mismatch)])
        }
        if emptyImage.size != homeImage.size {
            throw Failure(problems: [WidgetCheck.sizeMismatch(home: home, homeImage.size, empty: empty, emptyImage.size)])
        }
        let field = ColorField(homeImage)
        let check: WidgetCheck
        do {
            check = try WidgetCheck.check(
                empty: ColorField(emptyImage), home: field, slots: resolved.slots.map { ($0.id, $0.rect) }, layout: kind.rawValue)
        } catch {
            throw Failure(problems: error.problems(naming: home))
        }
        var grid: [GridField: Int] = [:]
        for (field, pixels) in check.measuredGrid { grid[field] = pixels }
        let measurement = LayoutMeasurement(grid: grid, slots: check.widgets.filter { $0.isMeasured }.map(\.slot), screenshot: check.screenshot)
        return WidgetCheckRun(screenshot: home, bytes: bytes, field: field, check: check, measurement: measurement)
    }
}

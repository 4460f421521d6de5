import Calibration
import Catalog
import CheckCodes
import Checks
import NativePNG
import SlotGeometry

/// `backdrop calibrate SHOT [--empty EMPTY]`: the screenshot read once (the bytes measured are
/// the bytes `--into` records), the empty page if given, and the widgets measured against the
/// catalog's layouts of the screenshot's size.
public struct CalibrationRun: Sendable {
    /// The screenshot with widgets, as named on the command line.
    public var screenshot: String
    /// Its bytes, as read.
    public var bytes: [UInt8]
    /// Its colours, as measured.
    public var field: ColorField
    public var calibration: Calibration
    /// The screen scale of the first catalog layout of the screenshot's size; nil when none has
    /// that size.
    public var catalogScale: Int?

    /// Reads `screenshot` (and `empty`) and measures the widgets on it, comparing the result with
    /// `catalog`'s layouts of its size.
    public static func measure(_ screenshot: String, empty: String?, catalog: Catalog) throws(RunFailure) -> CalibrationRun {
        let (bytes, shot) = try ScreenshotFiles.read(screenshot)
        let emptyPage = try empty.map { path throws(RunFailure) in try ScreenshotFiles.decode(empty: path) }
        let candidates: [Calibrator.Candidate] = catalog.resolvedLayouts(matching: shot.size)
        let field = ColorField(shot)
        do {
            let calibration = try Calibrator.calibrate(field, empty: emptyPage.map(ColorField.init), candidates: candidates)
            return CalibrationRun(
                screenshot: screenshot, bytes: bytes, field: field, calibration: calibration, catalogScale: candidates.first?.layout.screen.scale)
        } catch {
            throw RunFailure(problems: error.problems(naming: screenshot))
        }
    }
}

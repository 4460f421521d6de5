import Calibration
import CheckCodes
import Checks
import FileAccess
import MeasurementReports
import NativePNG
import SlotGeometry

/// `backdrop crop EMPTY --widgets-from HOME`: finds, on a screenshot of the home screen with
/// transparent widgets in place, how far each widget is from the slot its background was cropped
/// from (``WidgetCheck``), and crops EMPTY again at every slot of the layout, corrected; writes
/// `widget-check.json` beside the crops, all or nothing.
public enum WidgetCheckCrop {
    /// The name of the report written beside the crops.
    public static let reportFile = "widget-check.json"

    /// What was found and written.
    public struct Outcome {
        public var check: WidgetCheck
        /// `widget-check.json`'s text (without its final line break), which `--json` prints.
        public var json: String
        /// The report for a person.
        public var text: String
        /// The crops written, one per corrected slot.
        public var files: [String]
    }

    /// Checks the widgets on `home` against `layout`'s slots, crops `emptyImage` (the decoded
    /// `empty`) at every corrected slot placed into `out`, and writes the report there too; or
    /// refuses with nothing written. Each style of `styles` is written (a folder each when
    /// several); one style alone, other than none, is the style the widgets were cropped with, so
    /// they are compared with the empty page in that style. `sizeMismatch` words a home screen of
    /// another size than the layout's screenshots, as a plain crop words it (nil when it fits).
    public static func run(
        empty: String, emptyImage: PNGRaster, home: String, device: String, layout: ResolvedLayout, out: String, force: Bool,
        styles: [CropStyle] = [.none], settings: PNGEncodeSettings, sizeMismatch: (PixelSize) -> String? = { _ in nil }
    ) throws(CropFailure) -> Outcome {
        do throws(ScreenshotPair.SameFile) {
            try ScreenshotPair.requireTwo(placed: home, empty: empty)
        } catch {
            throw CropFailure(error)
        }
        let homeImage = try CropOutput.decode(home)
        if let mismatch = sizeMismatch(homeImage.size) { throw CropFailure(file: home, reason: mismatch) }
        if emptyImage.size != homeImage.size {
            throw CropFailure([WidgetCheck.sizeMismatch(home: home, homeImage.size, empty: empty, emptyImage.size)])
        }
        let check: WidgetCheck
        do {
            let styled =
                styles.count == 1 && styles[0] != .none ? StyledScreen(emptyImage, style: styles[0], scale: layout.screen.scale).raster : nil
            check = try WidgetCheck.check(
                empty: ColorField(styled ?? emptyImage), unstyled: styled.map { _ in ColorField(emptyImage) }, home: ColorField(homeImage),
                slots: layout.slots.map { ($0.id, $0.rect) }, layout: layout.kind.rawValue)
        } catch {
            throw CropFailure(error, naming: home)
        }
        let slots = check.corrected.filter { $0.isPlaced }
        let names = CropOutput.names(slots.map(\.slot), styles: styles)
        let files = names + [reportFile]
        try CropOutput(paths: files.map { PathName.joining(out, $0) }, inputs: [empty, home]).check(out: out, force: force)
        let report = WidgetCheckReport.json(check, empty: empty, home: home, device: device, styles: styles).text
        try CropOutput.writeAllOrNothing(out: out, names: files) { folder throws(CropFailure) in
            _ = try CropOutput.writeCrops(
                emptyImage, slots.map { ($0.slot, $0.rect) }, styles: styles, scale: layout.screen.scale, into: folder, settings: settings,
                screenshot: empty, device: device, layout: layout.kind)
            try CropOutput.writeText(report, named: reportFile, into: folder)
        }
        return Outcome(
            check: check, json: report, text: WidgetCheckReport.text(check, empty: empty, home: home, device: device, written: names.count, out: out),
            files: names)
    }
}

import Calibration
import Catalog
import CheckCodes
import Checks
import NativePNG
import SlotGeometry

/// `calibrate HOME --empty EMPTY --icons|--transparent --into DEVICE --layout LAYOUT`: one layout
/// of a device measured on the home screen HOME against its empty page EMPTY, ready for
/// ``LayoutRecorder``: read off a page of app icons (``readIcons(_:empty:device:layout:catalog:)``),
/// or the columns and rows that "check my widgets" measures on transparent widgets cropped with
/// the layout as the catalog lists it (``checkWidgets(_:empty:device:layout:catalog:)``).
public struct LayoutRun: Sendable {
    /// The home screen, as named on the command line.
    public var screenshot: String
    /// Its bytes, as read, and its colours.
    public var bytes: [UInt8]
    public var field: ColorField
    /// What ``LayoutRecorder`` records: the numbers the icons or the widgets gave.
    public var measurement: LayoutMeasurement

    /// Reads `home` and `empty`, and the slots of `device`'s layout `layout` off the icons of `home`.
    public static func readIcons(_ home: String, empty: String, device: String, layout: String, catalog: Catalog) throws(RunFailure) -> LayoutRun {
        guard let kind = LayoutKind(rawValue: layout), let document = catalog.devices.first(where: { $0.id == device }) else {
            // The recorder words an unknown device or layout; here only what the icons need.
            throw RunFailure(
                file: home, reason: "--icons reads the slots of a layout of a device the catalog lists, and it has no `\(device)` `\(layout)`")
        }
        let (bytes, homeImage, emptyImage) = try readPair(home, empty: empty)
        if homeImage.size != document.profile.screen.pixels {
            throw RunFailure(file: home, reason: "is \(homeImage.size), but \(device)'s screenshots are \(document.profile.screen.pixels)")
        }
        let field = ColorField(homeImage)
        let page: IconPage
        do {
            let hints = document.layout(kind).map(IconPageReader.Hints.init) ?? IconPageReader.Hints(scale: document.profile.screen.scale)
            page = try IconPageReader.read(home: field, empty: ColorField(emptyImage), layout: kind, hints: hints)
        } catch {
            throw RunFailure(problems: error.problems(naming: home))
        }
        guard !page.slots.isEmpty else {
            throw RunFailure(file: home, reason: "no slot can be read off its icons: \(page.unknownAxes.joined(separator: "; "))")
        }
        let measurement = LayoutMeasurement(grid: page.measuredGrid, slots: page.slots.map(\.id), screenshot: page.screenshot)
        return LayoutRun(screenshot: home, bytes: bytes, field: field, measurement: measurement)
    }

    /// Reads `home` and `empty`, and checks the widgets on `home` against `device`'s layout
    /// `layout` as `catalog` lists it.
    public static func checkWidgets(_ home: String, empty: String, device: String, layout: String, catalog: Catalog) throws(RunFailure)
        -> LayoutRun
    {
        guard let document = catalog.devices.first(where: { $0.id == device }), let kind = LayoutKind(rawValue: layout),
            let resolved = document.layout(kind)
        else {
            // The recorder words an unknown device or layout; here only what the check needs.
            throw RunFailure(
                file: home,
                reason:
                    "--transparent measures widgets whose backgrounds were cropped with a layout the catalog lists, and the catalog has no layout `\(layout)` of device `\(device)`"
            )
        }
        let (bytes, homeImage, emptyImage) = try readPair(home, empty: empty)
        if let mismatch = catalog.sizeMismatch(homeImage.size, device: document, layout: resolved.spec) {
            throw RunFailure(file: home, reason: mismatch)
        }
        if emptyImage.size != homeImage.size {
            throw RunFailure(problems: [WidgetCheck.sizeMismatch(home: home, homeImage.size, empty: empty, emptyImage.size)])
        }
        let field = ColorField(homeImage)
        let check: WidgetCheck
        do {
            check = try WidgetCheck.check(
                empty: ColorField(emptyImage), home: field, slots: resolved.slots.map { ($0.id, $0.rect) }, layout: kind.rawValue)
        } catch {
            throw RunFailure(problems: error.problems(naming: home))
        }
        var grid: [GridField: Int] = [:]
        for (field, pixels) in check.measuredGrid { grid[field] = pixels }
        let measurement = LayoutMeasurement(grid: grid, slots: check.widgets.filter { $0.isMeasured }.map(\.slot), screenshot: check.screenshot)
        return LayoutRun(screenshot: home, bytes: bytes, field: field, measurement: measurement)
    }

    /// `home`, with its bytes as read, and its empty page `empty`, decoded; one file given twice
    /// is refused.
    static func readPair(_ home: String, empty: String) throws(RunFailure) -> (bytes: [UInt8], home: PNGRaster, empty: PNGRaster) {
        do throws(ScreenshotPair.SameFile) {
            try ScreenshotPair.requireTwo(placed: home, empty: empty)
        } catch {
            throw RunFailure(problems: error.problems)
        }
        let (bytes, homeImage) = try ScreenshotFiles.read(home)
        return (bytes, homeImage, try ScreenshotFiles.decode(empty: empty))
    }
}

import Calibration
import Catalog
import CheckCodes
import Checks
import NativePNG
import SlotGeometry

/// `calibrate HOME --empty EMPTY --icons --into DEVICE --layout LAYOUT`: a device's layout read off
/// a page of app icons (``IconPageReader``), ready for ``LayoutRecorder``.
public struct IconPageRun: Sendable {
    /// Why nothing was read: a screenshot that cannot be read, a device of another screen, or a
    /// page the icons do not give slots on, each about its file.
    public struct Failure: Problem {
        public var problems: [ProblemText]
    }

    /// The page of icons, as named on the command line.
    public var screenshot: String
    /// Its bytes, as read, and its colours.
    public var bytes: [UInt8]
    public var field: ColorField
    public var page: IconPage
    /// What ``LayoutRecorder`` records: the numbers the slots read off the icons give.
    public var measurement: LayoutMeasurement

    /// Reads `home` and `empty`, and the slots of `device`'s layout `layout` off the icons of `home`.
    public static func measure(_ home: String, empty: String, device: String, layout: String, catalog: Catalog) throws(Failure) -> IconPageRun {
        do throws(ScreenshotPair.SameFile) {
            try ScreenshotPair.requireTwo(placed: home, empty: empty)
        } catch {
            throw Failure(problems: error.problems)
        }
        guard let kind = LayoutKind(rawValue: layout), let document = catalog.devices.first(where: { $0.id == device }) else {
            // The recorder words an unknown device or layout; here only what the icons need.
            throw Failure(problems: [
                ProblemText(
                    file: home, reason: "--icons reads the slots of a layout of a device the catalog lists, and it has no `\(device)` `\(layout)`")
            ])
        }
        let bytes: [UInt8]
        let homeImage: PNGRaster
        let emptyImage: PNGRaster
        do {
            bytes = try PNGRaster.readBytes(home)
            homeImage = try PNGRaster(decoding: bytes)
        } catch {
            throw Failure(problems: error.problems(naming: home))
        }
        do {
            emptyImage = try PNGRaster(contentsOfFile: empty)
        } catch {
            throw Failure(problems: error.problems)
        }
        if homeImage.size != document.profile.screen.pixels {
            throw Failure(problems: [
                ProblemText(file: home, reason: "is \(homeImage.size), but \(device)'s screenshots are \(document.profile.screen.pixels)")
            ])
        }
        let field = ColorField(homeImage)
        let page: IconPage
        do {
            let hints = document.layout(kind).map(IconPageReader.Hints.init) ?? IconPageReader.Hints(scale: document.profile.screen.scale)
            page = try IconPageReader.read(home: field, empty: ColorField(emptyImage), layout: kind, hints: hints)
        } catch {
            throw Failure(problems: error.problems(naming: home))
        }
        guard !page.slots.isEmpty else {
            throw Failure(problems: [
                ProblemText(file: home, reason: "no slot can be read off its icons: \(page.unknownAxes.joined(separator: "; "))")
            ])
        }
        let measurement = LayoutMeasurement(grid: page.measuredGrid, slots: page.slots.map(\.id), screenshot: page.screenshot)
        return IconPageRun(screenshot: home, bytes: bytes, field: field, page: page, measurement: measurement)
    }
}

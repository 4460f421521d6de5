import ArgumentParser
import Calibration
import Catalog
import Checks
import PNGImage
import SlotGeometry

struct CalibrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Measure a layout from a screenshot with widgets placed.",
        discussion: """
            Place solid, single-colour widgets on a home-screen page (six small ones measure the whole grid; \
            medium and large ones give their sizes), take a screenshot, and optionally one of the same page \
            empty just before. Backdrop finds each widget, measures its straight edges to the pixel, fits the \
            grid, compares it with the catalog's layouts for that screenshot size, and prints a layout block \
            to paste into a device profile.
            """
    )

    @OptionGroup var contentOptions: ContentOptions

    @Argument(help: "The screenshot with widgets placed (PNG).")
    var screenshot: String

    @Option(name: .long, help: "A screenshot of the same page without widgets, taken just before.")
    var empty: String?

    @Option(name: .long, help: "The screen scale, 2 or 3, for points; taken from the catalog when the screenshot size is known.")
    var scale: Int?

    /// The screen scales iPhones have.
    static let scales = 2...3

    @OptionGroup var jsonOptions: JSONOptions

    @OptionGroup var recordOptions: RecordOptions

    func validate() throws {
        if let scale, !Self.scales.contains(scale) {
            throw ValidationError("--scale must be 2 or 3 (the screen's pixels per point), not \(scale)")
        }
        if recordOptions.into != nil, jsonOptions.json {
            throw ValidationError("--json prints a measurement; it does not go with --into")
        }
    }

    func run() throws {
        // Without --into the catalog is only compared with; with it, it is what is written into.
        let catalog = contentOptions.loadCatalog(recordOptions.into == nil ? .consulted : .reported)
        // The screenshot is read once: the bytes measured are the bytes `--into` copies.
        let shotBytes: [UInt8]
        let shot: PNGImage
        let emptyPage: PNGImage?
        do {
            shotBytes = try PNGImage.readBytes(screenshot)
            shot = try PNGImage(decoding: shotBytes)
        } catch {
            throw CommandFailure([error.naming(screenshot).description])
        }
        do {
            emptyPage = try empty.map { path throws(PNGError) in try PNGImage(contentsOfFile: path) }
        } catch {
            throw CommandFailure([error.description])
        }
        let candidates: [Calibrator.Candidate] = catalog.devices.flatMap { document in
            document.layouts.filter { $0.screen.pixels == shot.size }.map { (document.id, $0) }
        }
        let field = ColorField(shot)
        let calibration: Calibration
        do {
            calibration = try Calibrator.calibrate(field, empty: emptyPage.map(ColorField.init), candidates: candidates)
        } catch {
            throw CommandFailure(["\(screenshot): \(error)"])
        }
        if try recordOptions.record(
            calibration, screenshot: screenshot, bytes: shotBytes, field: field, catalog: catalog, content: contentOptions.content)
        {
            return
        }
        let scale = scale ?? candidates.first?.layout.screen.scale
        if jsonOptions.json {
            printOut(try jsonText(CalibrationJSON(calibration, file: screenshot, scale: scale)))
        } else {
            printOut(CalibrationText(calibration: calibration, file: screenshot, scale: scale).render())
        }
    }
}

/// `backdrop calibrate --json`.
struct CalibrationJSON: Encodable {
    struct Slot: Encodable {
        var id: SlotID
        var pixels: PixelRect
        var points: PointRect?
    }

    struct Number: Encodable {
        var pixels: Int
        var points: Double?
        var spread: Int
        var widgets: Int
    }

    struct Rejected: Encodable {
        var pixels: PixelRect
        var reason: String
        /// Whether it had a widget's size and proportions, so that a widget may have been lost.
        var mayBeAWidget: Bool
    }

    struct Comparison: Encodable {
        var device: String
        var layout: LayoutKind
        var compared: Int
        var maxDeviation: Int?
        var worst: String
        var sizeDeviation: Int?
        var matches: Bool
    }

    var file: String
    var screenshot: PixelSize
    var scale: Int?
    var widgets: Int
    var edgeWidth: Double
    var slots: [Slot]
    /// The candidate regions that were not taken for widgets, with why.
    var rejected: [Rejected]
    var grid: [String: Number]
    var notes: [String]
    var comparisons: [Comparison]
    var match: String?

    init(_ calibration: Calibration, file: String, scale: Int?) {
        self.file = file
        screenshot = calibration.screenshot
        self.scale = scale
        widgets = calibration.footprints.count
        edgeWidth = roundedToHundredths(calibration.edgeWidth)
        slots = calibration.slots.map { Slot(id: $0.id, pixels: $0.rect, points: scale.map($0.rect.points)) }
        rejected = calibration.rejected.map { Rejected(pixels: $0.rect, reason: $0.reason.description, mayBeAWidget: $0.reason.mayBeAWidget) }
        grid = Dictionary(
            uniqueKeysWithValues: calibration.grid.map { field, number in
                (
                    field.rawValue,
                    Number(
                        pixels: number.pixels, points: scale.map { roundedToHundredths(Double(number.pixels) / Double($0)) }, spread: number.spread,
                        widgets: number.count)
                )
            })
        notes = calibration.notes
        comparisons = calibration.comparisons.map {
            Comparison(
                device: $0.device, layout: $0.layout, compared: $0.compared, maxDeviation: $0.maxDeviation, worst: $0.worst,
                sizeDeviation: $0.sizeDeviation, matches: $0.matches)
        }
        match = calibration.match.map { "\($0.device) \($0.layout.rawValue)" }
    }
}

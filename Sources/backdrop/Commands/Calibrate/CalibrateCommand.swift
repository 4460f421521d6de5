import ArgumentParser
import Calibrating
import Calibration
import Catalog
import Checks
import MeasurementReports
import NativePNG
import SlotGeometry

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

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

            With --transparent, the screenshot is instead your home screen with transparent widgets in place, \
            each showing the piece of --empty cropped for it with the --into device's --layout as the catalog \
            lists it: how far each widget is off (as `backdrop crop --widgets-from` finds it) corrects the \
            layout's columns and rows, which --into records (the screenshot is not kept as a calibration \
            screenshot: no build can measure it again).

            With --icons, the screenshot is a page of your app icons over the same wallpaper as --empty: \
            the slots are read off the icons' grid by iOS 26's rule (as `backdrop crop EMPTY --icons-from \
            SCREENSHOT` reads them), and --into records the layout's numbers (the screenshot is not kept).
            """
    )

    @OptionGroup var contentOptions: ContentOptions

    @Argument(help: "The screenshot with widgets placed (PNG).", completion: .file(extensions: ["png"]))
    var screenshot: String

    @Option(name: .long, help: "A screenshot of the same page without widgets, taken just before.", completion: .file(extensions: ["png"]))
    var empty: String?

    @Option(
        name: .long, help: "The screen scale, 2 or 3, for points; taken from the catalog when the screenshot size is known.",
        transform: Self.scales.read)
    var scale: Int?

    /// The screen scales iPhones have.
    static let scales = NumberArgument("--scale", 2...3, "2 or 3 (the screen's pixels per point)")

    @Flag(
        name: .long,
        help:
            "The widgets on the screenshot are transparent, their backgrounds cropped from --empty with the --into device's --layout: record how far they are off. Needs --empty and --into."
    )
    var transparent = false

    @Flag(
        name: .long,
        help:
            "The screenshot is a page of app icons over the same wallpaper as --empty: read the --into device's --layout off the icons (iOS 26) and record it. Needs --empty and --into."
    )
    var icons = false

    @OptionGroup var jsonOptions: JSONOptions

    @OptionGroup var recordOptions: RecordOptions

    func validate() throws {
        if recordOptions.into != nil, jsonOptions.json {
            throw ValidationError("--json prints a measurement; it does not go with --into")
        }
        if transparent, icons { throw ValidationError("--transparent and --icons are two ways to measure; give one") }
        if icons, empty == nil || recordOptions.into == nil {
            throw ValidationError(
                "--icons needs --empty (the page without icons, over the same wallpaper) and --into DEVICE --layout LAYOUT (the layout to record); "
                    + "to see the slots without recording, run backdrop crop EMPTY --icons-from SCREENSHOT --out DIR")
        }
        if transparent, empty == nil || recordOptions.into == nil {
            throw ValidationError(
                "--transparent needs --empty (the page the backgrounds were cropped from) and --into DEVICE --layout LAYOUT (the layout they were cropped with); "
                    + "to see how far the widgets are off without recording, run backdrop crop EMPTY --widgets-from SCREENSHOT")
        }
    }

    func run() throws {
        if transparent || icons, let empty {
            try recordAgainstLayout(empty: empty)
            return
        }
        if let empty {
            do throws(ScreenshotPair.SameFile) {
                try ScreenshotPair.requireTwo(placed: screenshot, empty: empty)
            } catch {
                throw CommandFailure(error)
            }
        }
        // Without --into the catalog is only compared with; with it, it is what is written into.
        let catalog =
            recordOptions.into == nil ? try contentOptions.loadCatalog(.consulted) : try contentOptions.loadCatalog(.reported, needsFolder: true)
        let measured: CalibrationRun
        do {
            measured = try CalibrationRun.measure(screenshot, empty: empty, catalog: catalog)
        } catch {
            throw CommandFailure(error)
        }
        let calibration = measured.calibration
        if try recordOptions.record(
            calibration, screenshot: screenshot, bytes: measured.bytes, field: measured.field, catalog: catalog, content: contentOptions.content)
        {
            return
        }
        let scale = scale ?? measured.catalogScale
        if jsonOptions.json {
            // The browser core's report, so that the measure page and this print the same bytes.
            printOut(escapingHidden(CalibrationReport.json(calibration, file: screenshot, scale: scale).prettyText))
        } else {
            printOut(CalibrationText(calibration: calibration, file: screenshot, scale: scale).render())
        }
    }

    /// `--icons` (the layout read off the page of icons) or `--transparent` (the widget check of the
    /// screenshot against `--into`'s `--layout`), recorded; the screenshot is not kept, as no build
    /// could measure it again.
    private func recordAgainstLayout(empty: String) throws {
        let catalog = try contentOptions.loadCatalog(.reported, needsFolder: true)
        let (device, layout) = (recordOptions.into ?? "", recordOptions.layout ?? "")
        let run: LayoutRun
        do {
            run =
                icons
                ? try LayoutRun.readIcons(screenshot, empty: empty, device: device, layout: layout, catalog: catalog)
                : try LayoutRun.checkWidgets(screenshot, empty: empty, device: device, layout: layout, catalog: catalog)
        } catch {
            throw CommandFailure(error)
        }
        _ = try recordOptions.record(
            run.measurement, screenshot: screenshot, bytes: run.bytes, field: run.field, catalog: catalog, content: contentOptions.content,
            keepsScreenshot: false)
    }
}

import ArgumentParser
import Catalog
import CheckCodes
import Checks
import FileAccess
import Foundation
import NativePNG
import SlotGeometry

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

struct CropCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crop",
        abstract: "Crop every slot of a layout out of a home-screen screenshot.",
        discussion: """
            Writes OUT/<slot-id>.png for every slot whose rectangle is known, in the screenshot's own \
            format (bit depth, channels, palette) and with its colour profile. Each written file is \
            decoded again and compared with the screenshot region, pixel for pixel. When a file it \
            would write already exists, nothing is written unless --force is given (crop light and \
            dark screenshots into folders of their own); a screenshot being cropped is never \
            replaced, with --force or without.

            With --measured-from PLACED, the slots come from your own pair of screenshots of one page \
            (EMPTY without widgets, PLACED with widgets): the widgets are found and measured, the grid \
            fitted, and EMPTY cropped at every slot a widget showed and every slot the grid implies; \
            OUT/measurement.json says which, and how to add the measurement to the catalog.

            With --widgets-from HOME ("check my widgets"), HOME is a screenshot of the home screen \
            with your transparent widgets in place, their backgrounds cropped from EMPTY with the \
            layout chosen (--device, --layout, or the choice printed). Each widget's piece of \
            wallpaper is found on HOME; how far it is from its slot is the correction, and EMPTY is \
            cropped again at every slot, corrected. OUT/widget-check.json gives each offset, or \
            "unknown" where the wallpaper cannot tell.
            """
    )

    @OptionGroup var contentOptions: ContentOptions

    @Argument(help: "The screenshot (PNG) of an empty home-screen page.")
    var screenshot: String

    @Option(
        name: .long,
        help:
            "The device id (see `backdrop devices`). Left out, the phone whose screenshots have the screenshot's size (the choice is printed). Not with --measured-from."
    )
    var device: String?

    @Option(
        name: .customLong("measured-from"),
        help: ArgumentHelp(
            "A screenshot of the same page with widgets placed: measure the slots on this pair instead of taking them from the catalog.",
            valueName: "placed"))
    var measuredFrom: String?

    @Option(
        name: .customLong("widgets-from"),
        help: ArgumentHelp(
            "A screenshot of the home screen with your transparent widgets in place: find how far each is off, and crop again, corrected.",
            valueName: "home"))
    var widgetsFrom: String?

    @OptionGroup var jsonOptions: JSONOptions

    @Option(
        name: .long,
        help:
            "The layout. Left out, the layout of the newest iOS the screenshot size fits, with small icons and no Display Zoom (the choice is printed)."
    )
    var layout: LayoutKind?

    @Option(name: .long, help: "The folder to write the crops to (created if missing).")
    var out: String

    @Flag(
        name: .long,
        help:
            "Replace crops (and measurement.json) already in --out. Without it nothing is written when one exists. The screenshots cropped are never replaced."
    )
    var force = false

    @OptionGroup(title: "Encoding") var encoding: EncodingOptions

    func validate() throws {
        if measuredFrom != nil {
            if device != nil || layout != nil {
                throw ValidationError("--measured-from measures the slots on your screenshots; it does not go with --device or --layout")
            }
            if widgetsFrom != nil { throw ValidationError("--measured-from and --widgets-from are two ways to measure; give one") }
        } else if widgetsFrom == nil {
            if jsonOptions.json { throw ValidationError("--json prints the measurement of --measured-from or --widgets-from") }
        }
    }

    func run() throws {
        let catalog = try contentOptions.loadCatalog(.consulted)
        if let measuredFrom {
            try MeasuredCrop(
                empty: screenshot, placed: measuredFrom, out: out, force: force, json: jsonOptions.json, settings: encoding.settings,
                catalog: catalog
            ).run()
            return
        }
        var named: DeviceDocument?
        if let device {
            guard let document = catalog.device(device) else {
                throw ValidationError(
                    "no device `\(device)` in the catalog (\(contentOptions.source.label)); known devices: \(catalog.devices.map(\.id).joined(separator: ", "))"
                )
            }
            named = document
        }
        let fileBytes: [UInt8]
        let header: (size: PixelSize, format: PNGFormat, colorChunks: [RawChunk])
        do {
            fileBytes = try PNGRaster.readBytes(screenshot)
            header = try PNGRaster.header(of: fileBytes)
        } catch {
            throw CommandFailure(error, naming: screenshot)
        }
        let document = try named ?? chooseDevice(for: header.size, catalog: catalog)
        let device = document.id
        let layout = try chooseLayout(document, size: header.size, catalog: catalog)
        if let mismatch = catalog.sizeMismatch(header.size, device: document, layout: layout.spec) {
            throw CommandFailure([ProblemText(file: screenshot, reason: mismatch)])
        }

        let image: PNGRaster
        do {
            image = try PNGRaster(decoding: fileBytes)
        } catch {
            throw CommandFailure(error, naming: screenshot)
        }
        for warning in image.warnings { printError("\(screenshot): warning: libpng: \(warning)") }

        if let widgetsFrom {
            guard !layout.slots.isEmpty else {
                throw CommandFailure([
                    ProblemText(
                        reason:
                            "\(device) \(layout.kind.rawValue): no slot position is known, so no background was cropped with it; give the layout you cropped with (--layout)"
                    )
                ])
            }
            try WidgetCheckCrop(
                empty: screenshot, emptyImage: image, home: widgetsFrom, device: device, layout: layout, out: out, force: force,
                json: jsonOptions.json,
                settings: encoding.settings
            ).run()
            return
        }
        guard !layout.slots.isEmpty else {
            throw CommandFailure([
                ProblemText(
                    reason: "\(device) \(layout.kind.rawValue): no slot position is known yet, so there is nothing to crop (\(layout.coverage)); "
                        + "measure the layout from a screenshot with widgets placed (`backdrop calibrate WIDGETS.png --empty \(screenshot)`), "
                        + "or choose another layout with --layout")
            ])
        }
        let names = layout.slots.map { "\($0.id.rawValue).png" }
        try CropOutput(paths: names.map { PathName.joining(out, $0) }, inputs: [screenshot]).check(out: out, force: force)
        let started = Date()
        var bytes = 0
        try CropOutput.writeAllOrNothing(out: out, names: names) { folder in
            let jobs = zip(layout.slots, names).map { CropEncoder.Job(rect: $0.rect, path: folder.stagedPath($1)) }
            var problems: [Diagnostic] = []
            for (slot, result) in zip(layout.slots, CropEncoder.write(image, jobs: jobs, settings: encoding.settings)) {
                switch result {
                case .success(let file): bytes += file.count
                case .failure(let error):
                    problems.append(
                        Diagnostic(
                            file: screenshot, check: CropCheck.exactCrop, device: device, layout: layout.kind, slot: slot.id,
                            message: error.description))
                }
            }
            if !problems.isEmpty { throw CommandFailure(problems.flatMap(\.problems)) }
        }
        let seconds = Date().timeIntervalSince(started)
        printOut(
            "\(screenshot): \(header.size) \(header.format), \(device) \(layout.kind.rawValue): wrote and verified \(names.count) of \(layout.slots.count) crops in \(out), \(bytes) bytes (\(String(format: "%.2f", seconds)) s)"
        )
        if !layout.unknownSlots.isEmpty {
            printOut(
                "skipped \(layout.unknownSlots.count) slots whose position is unknown: \(layout.unknownSlots.map(\.id.rawValue).joined(separator: ", "))"
            )
        }
    }

    /// The device whose screenshots have `size` (with the --layout asked for, if any), as the make
    /// page chooses it (``LayoutMatch/mostLikely(_:)``). The choice, and the other phones of the
    /// size, are printed.
    private func chooseDevice(for size: PixelSize, catalog: Catalog) throws -> DeviceDocument {
        let sized = catalog.layouts(matching: size)
        let matches = layout.map { kind in sized.filter { $0.layout == kind } } ?? sized
        guard let match = LayoutMatch.mostLikely(matches), let document = catalog.device(match.device) else {
            guard let layout, !sized.isEmpty else {
                throw CommandFailure([ProblemText(file: screenshot, reason: ScreenshotSizeMessage.noLayout(size, fits: catalog.layouts(matching:)))])
            }
            let known = sized.map { "\($0.device) \($0.layout.rawValue)" }.joined(separator: ", ")
            throw CommandFailure([
                ProblemText(
                    file: screenshot,
                    reason:
                        "no source gives the \(layout.rawValue) layout (\(layout.title)) of \(size) screenshots (the layouts of this size: \(known)); \(measureAdvice)"
                )
            ])
        }
        var others: [String] = []
        for other in sized where other.device != document.id {
            if let name = catalog.device(other.device)?.profile.name, !others.contains(name) { others.append(name) }
        }
        printError(
            "\(screenshot): chose \(document.id) (\(document.profile.name)), "
                + (others.isEmpty
                    ? "the phone whose screenshots are \(size)"
                    : "a phone whose screenshots are \(size); screenshots of this size also come from the \(others.joined(separator: " and the ")), whose grid differs: if yours is one, choose it with --device")
        )
        return document
    }

    /// What to do when the layout asked for is not in the catalog: a near layout would crop wrong.
    private var measureAdvice: String {
        "another layout's slots would be wrong, so measure the slots on your own phone: `backdrop crop \(screenshot) --measured-from PLACED --out \(out)`, where PLACED is a screenshot of the same page with a few widgets placed"
    }

    /// The layout asked for, or the only layout of the device whose screenshots have this size.
    private func chooseLayout(_ document: DeviceDocument, size: PixelSize, catalog: Catalog) throws -> ResolvedLayout {
        let layouts = document.layouts
        if let layout {
            guard let chosen = document.layout(layout) else {
                throw CommandFailure([
                    ProblemText(
                        reason:
                            "\(document.id): no source gives its \(layout.rawValue) layout (\(layout.title)); it has \(layouts.map(\.kind.rawValue).joined(separator: ", ")); \(measureAdvice)"
                    )
                ])
            }
            return chosen
        }
        let fitting = document.layouts(matching: size)
        if fitting.count == 1 { return fitting[0] }
        guard let likely = LayoutKind.mostLikely(fitting.map(\.kind)), let chosen = fitting.first(where: { $0.kind == likely }) else {
            if let first = layouts.first, let mismatch = catalog.sizeMismatch(size, device: document, layout: first.spec) {
                throw CommandFailure([ProblemText(file: screenshot, reason: mismatch)])
            }
            throw ValidationError("\(document.id) has no layout for \(size) screenshots")
        }
        printError(
            "\(document.id): chose \(likely.rawValue) (\(likely.titleWithSettings)), the newest iOS of its \(fitting.count) layouts for \(size) screenshots (\(fitting.map(\.kind.rawValue).joined(separator: ", "))); if the phone runs another, choose it with --layout"
        )
        return chosen
    }
}

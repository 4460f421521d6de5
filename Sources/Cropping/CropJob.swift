import Catalog
import CheckCodes
import FileAccess
import Foundation
import NativePNG
import SlotGeometry

/// `backdrop crop SCREENSHOT --out OUT`: a screenshot cropped at every known slot of its layout,
/// each crop verified, written all or nothing; or, with ``Request/measuredFrom``, at the slots
/// measured on the user's pair (``MeasuredCrop``), with ``Request/widgetsFrom`` at the slots
/// corrected by a check of the widgets in place (``WidgetCheckCrop``), or with
/// ``Request/iconsFrom`` at the slots read off a page of app icons (``IconGridCrop``).
///
/// ``run(_:say:)`` reads as its steps, each a function of its own: the device named or chosen
/// for the screenshot's size (``chooseDevice(_:size:say:)``), its layout (``chooseLayout(_:_:size:say:)``),
/// the size checked against it, the screenshot decoded, its slots required, the output checked
/// and the crops written.
public enum CropJob {
    /// What to crop, and where.
    public struct Request {
        public var catalog: Catalog
        /// How the catalog is named in a refusal: its folder, or "built into backdrop".
        public var source: String
        /// The screenshot of an empty home-screen page, as named on the command line.
        public var screenshot: String
        /// The device id; nil chooses the phone whose screenshots have the screenshot's size.
        public var device: String?
        /// The layout; nil chooses the newest iOS the size fits.
        public var layout: LayoutKind?
        /// The same page with widgets placed: the slots are measured on the pair instead.
        public var measuredFrom: String?
        /// The home screen with transparent widgets in place: the slots are corrected.
        public var widgetsFrom: String?
        /// A page with app icons over the same wallpaper: the slots are read off the icons.
        public var iconsFrom: String?
        /// The folder the crops go to (created if missing).
        public var out: String
        /// Replace the files already in `out` (never an input).
        public var force: Bool
        /// The styles to write: one writes its files into `out`, several a folder per style.
        public var styles: [CropStyle]
        public var settings: PNGEncodeSettings

        public init(
            catalog: Catalog, source: String, screenshot: String, device: String? = nil, layout: LayoutKind? = nil, measuredFrom: String? = nil,
            widgetsFrom: String? = nil, iconsFrom: String? = nil, out: String, force: Bool = false, styles: [CropStyle] = [.none],
            settings: PNGEncodeSettings = .default
        ) {
            self.catalog = catalog
            self.source = source
            self.screenshot = screenshot
            self.device = device
            self.layout = layout
            self.measuredFrom = measuredFrom
            self.widgetsFrom = widgetsFrom
            self.iconsFrom = iconsFrom
            self.out = out
            self.force = force
            self.styles = styles
            self.settings = settings
        }
    }

    /// The crops of a catalog layout, written and verified.
    public struct Written: Sendable {
        public var screenshot: String
        public var size: PixelSize
        /// The screenshot's format, as said (`8-bit RGBA`).
        public var format: String
        public var device: String
        public var layout: ResolvedLayout
        public var out: String
        /// The styles written.
        public var styles: [CropStyle]
        /// The files written, one per slot whose rectangle is known and style.
        public var files: [String]
        /// The bytes written in all.
        public var bytes: Int
        public var seconds: Double

        /// What the command prints: the crops written and, when some slots have no known
        /// position, which were skipped.
        public var text: String {
            var lines = [
                "\(screenshot): \(size) \(format), \(device) \(layout.kind.rawValue): wrote and verified \(files.count / styles.count) of \(layout.slots.count) crops\(styleWords) in \(out), \(bytes) bytes (\(String(format: "%.2f", seconds)) s)"
            ]
            if !layout.unknownSlots.isEmpty {
                lines.append(
                    "skipped \(layout.unknownSlots.count) slots whose position is unknown: \(layout.unknownSlots.map(\.id.rawValue).joined(separator: ", "))"
                )
            }
            return lines.joined(separator: "\n")
        }

        /// The styles, said when they are not just `none`.
        private var styleWords: String {
            if styles == [.none] { return "" }
            if styles.count == 1 { return " in style \(styles[0].rawValue)" }
            return " in each of \(styles.count) styles (\(styles.map(\.rawValue).joined(separator: ", ")), a folder each)"
        }
    }

    /// What a crop did, by kind.
    public enum Outcome {
        case written(Written)
        case measured(MeasuredCrop.Outcome)
        case widgetCheck(WidgetCheckCrop.Outcome)
        case icons(IconGridCrop.Outcome)

        /// What the command prints: with `json`, the measurement or the widget check as JSON (a
        /// crop of a catalog layout has no JSON).
        public func text(json: Bool) -> String {
            switch self {
            case .written(let written): written.text
            case .measured(let measured): json ? measured.json : measured.text
            case .widgetCheck(let check): json ? check.json : check.text
            case .icons(let icons): json ? icons.json : icons.text
            }
        }
    }

    /// Crops as `request` says, or refuses with nothing written. `say` gets each line for
    /// standard error as it happens: the device and layout chosen, libpng's warnings.
    public static func run(_ request: Request, say: (String) -> Void) throws(CropFailure) -> Outcome {
        if let placed = request.measuredFrom {
            return .measured(
                try MeasuredCrop.run(
                    empty: request.screenshot, placed: placed, out: request.out, force: request.force, settings: request.settings,
                    catalog: request.catalog, say: say))
        }
        if let home = request.iconsFrom { return .icons(try IconGridCrop.run(request, home: home, say: say)) }
        let named = try namedDevice(request)
        let (bytes, header) = try readHeader(request.screenshot)
        let document: DeviceDocument
        if let named { document = named } else { document = try chooseDevice(request, size: header.size, say: say) }
        let layout = try chooseLayout(request, document, size: header.size, say: say)
        if let mismatch = request.catalog.sizeMismatch(header.size, device: document, layout: layout.spec) {
            throw CropFailure(file: request.screenshot, reason: mismatch)
        }
        let image: PNGRaster
        do {
            image = try PNGRaster(decoding: bytes)
        } catch {
            throw CropFailure(error, naming: request.screenshot)
        }
        for warning in image.warnings { say("\(request.screenshot): warning: libpng: \(warning)") }
        if let home = request.widgetsFrom {
            guard !layout.slots.isEmpty else {
                throw CropFailure(
                    reason:
                        "\(document.id) \(layout.kind.rawValue): no slot position is known, so no background was cropped with it; give the layout you cropped with (--layout)"
                )
            }
            return .widgetCheck(
                try WidgetCheckCrop.run(
                    empty: request.screenshot, emptyImage: image, home: home, device: document.id, layout: layout, out: request.out,
                    force: request.force, styles: request.styles, settings: request.settings,
                    sizeMismatch: { request.catalog.sizeMismatch($0, device: document, layout: layout.spec) }))
        }
        try requireKnownSlots(request, device: document.id, layout: layout)
        return .written(
            try write(image, request, device: document.id, layout: layout, size: header.size, format: header.format))
    }

    /// The device `--device` names, or nil when none is named; refuses an id the catalog lacks.
    static func namedDevice(_ request: Request) throws(CropFailure) -> DeviceDocument? {
        guard let device = request.device else { return nil }
        guard let document = request.catalog.device(device) else {
            throw CropFailure(
                reason:
                    "no device `\(device)` in the catalog (\(request.source)); known devices: \(request.catalog.devices.map(\.id).joined(separator: ", "))",
                isArgumentMistake: true)
        }
        return document
    }

    /// The screenshot's bytes and from its header its size and format (as said: `8-bit RGBA`),
    /// or why it cannot be read.
    static func readHeader(_ path: String) throws(CropFailure) -> (bytes: [UInt8], header: (size: PixelSize, format: String)) {
        do {
            let bytes = try PNGRaster.readBytes(path)
            let header = try PNGRaster.header(of: bytes)
            return (bytes, (header.size, header.format.description))
        } catch {
            throw CropFailure(error, naming: path)
        }
    }

    /// The device whose screenshots have `size` (with the layout asked for, if any), as the make
    /// page chooses it (``LayoutMatch/mostLikely(_:)``). The choice, and the other phones of the
    /// size, are said.
    public static func chooseDevice(_ request: Request, size: PixelSize, say: (String) -> Void) throws(CropFailure) -> DeviceDocument {
        let catalog = request.catalog
        let sized = catalog.layouts(matching: size)
        let matches = request.layout.map { kind in sized.filter { $0.layout == kind } } ?? sized
        guard let match = LayoutMatch.mostLikely(matches), let document = catalog.device(match.device) else {
            guard let layout = request.layout, !sized.isEmpty else {
                throw CropFailure(file: request.screenshot, reason: ScreenshotSizeMessage.noLayout(size, fits: catalog.layouts(matching:)))
            }
            let known = sized.map { "\($0.device) \($0.layout.rawValue)" }.joined(separator: ", ")
            throw CropFailure(
                file: request.screenshot,
                reason:
                    "no source gives the \(layout.rawValue) layout (\(layout.title)) of \(size) screenshots (the layouts of this size: \(known)); \(measureAdvice(request))"
            )
        }
        var others: [String] = []
        for other in sized where other.device != document.id {
            if let name = catalog.device(other.device)?.profile.name, !others.contains(name) { others.append(name) }
        }
        say(
            "\(request.screenshot): chose \(document.id) (\(document.profile.name)), "
                + (others.isEmpty
                    ? "the phone whose screenshots are \(size)"
                    : "a phone whose screenshots are \(size); screenshots of this size also come from the \(others.joined(separator: " and the ")), whose grid differs: if yours is one, choose it with --device")
        )
        return document
    }

    /// What to do when the layout asked for is not in the catalog: a near layout would crop wrong.
    static func measureAdvice(_ request: Request) -> String {
        "another layout's slots would be wrong, so measure the slots on your own phone: `backdrop crop \(request.screenshot) --measured-from PLACED --out \(request.out)`, where PLACED is a screenshot of the same page with a few widgets placed"
    }

    /// The layout asked for, or the only layout of the device whose screenshots have this size,
    /// or the newest iOS of several (the choice is said).
    public static func chooseLayout(_ request: Request, _ document: DeviceDocument, size: PixelSize, say: (String) -> Void) throws(CropFailure)
        -> ResolvedLayout
    {
        let layouts = document.layouts
        if let layout = request.layout {
            guard let chosen = document.layout(layout) else {
                throw CropFailure(
                    reason:
                        "\(document.id): no source gives its \(layout.rawValue) layout (\(layout.title)); it has \(layouts.map(\.kind.rawValue).joined(separator: ", ")); \(measureAdvice(request))"
                )
            }
            return chosen
        }
        let fitting = document.layouts(matching: size)
        if fitting.count == 1 { return fitting[0] }
        guard let likely = LayoutKind.mostLikely(fitting.map(\.kind)), let chosen = fitting.first(where: { $0.kind == likely }) else {
            if let first = layouts.first, let mismatch = request.catalog.sizeMismatch(size, device: document, layout: first.spec) {
                throw CropFailure(file: request.screenshot, reason: mismatch)
            }
            throw CropFailure(reason: "\(document.id) has no layout for \(size) screenshots", isArgumentMistake: true)
        }
        say(
            "\(document.id): chose \(likely.rawValue) (\(likely.titleWithSettings)), the newest iOS of its \(fitting.count) layouts for \(size) screenshots (\(fitting.map(\.kind.rawValue).joined(separator: ", "))); if the phone runs another, choose it with --layout"
        )
        return chosen
    }

    /// Refuses a layout with no known slot position: there is nothing to crop.
    static func requireKnownSlots(_ request: Request, device: String, layout: ResolvedLayout) throws(CropFailure) {
        guard layout.slots.isEmpty else { return }
        throw CropFailure(
            reason: "\(device) \(layout.kind.rawValue): no slot position is known yet, so there is nothing to crop (\(layout.coverage)); "
                + "measure the layout from a screenshot with widgets placed (`backdrop calibrate WIDGETS.png --empty \(request.screenshot)`), "
                + "or choose another layout with --layout")
    }

    /// Checks the output, then writes a verified crop of every known slot, all or nothing.
    static func write(
        _ image: PNGRaster, _ request: Request, device: String, layout: ResolvedLayout, size: PixelSize, format: String
    ) throws(CropFailure) -> Written {
        let names = CropOutput.names(layout.slots.map(\.id), styles: request.styles)
        try CropOutput(paths: names.map { PathName.joining(request.out, $0) }, inputs: [request.screenshot]).check(
            out: request.out, force: request.force)
        let started = Date()
        var bytes = 0
        try CropOutput.writeAllOrNothing(out: request.out, names: names) { folder throws(CropFailure) in
            bytes = try CropOutput.writeCrops(
                image, layout.slots.map { ($0.id, $0.rect) }, styles: request.styles, scale: layout.screen.scale, into: folder,
                settings: request.settings, screenshot: request.screenshot, device: device, layout: layout.kind)
        }
        return Written(
            screenshot: request.screenshot, size: size, format: format, device: device, layout: layout, out: request.out, styles: request.styles,
            files: names, bytes: bytes,
            seconds: Date().timeIntervalSince(started))
    }
}

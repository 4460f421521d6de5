import Calibration
import CheckCodes
import GeometryFormat
import MeasurementReports
import PNGCodec
import SlotGeometry

/// The browser core's state and operations, natively testable: the wasm exports
/// (Sources/Web/wasm/Exports.swift) only move bytes in and out of it. zlib is the caller's: it
/// inflates ``imageData(of:)`` and deflates ``cropRows(_:slot:)`` (the browser's
/// DecompressionStream and CompressionStream, libz in the tests).
///
/// A screenshot goes through `open` (chunks, CRC, header), `colorProfile`/`checkColorProfile` (the
/// iCCP chunk's profile inflated and judged by ``ColorProfilePolicy``), `decode` (inflated data →
/// pixels), then
/// `plan`, and for each slot `cropRows` → `assemble` → `open`/`decode` of the crop → `verify`.
public struct BrowserCore {
    /// An opened PNG: its chunks and, once decoded, its pixels.
    struct Image {
        var name: String
        var container: PNGContainer
        var raster: PNGRaster?
        /// The crops planned for it by ``plan(_:layout:style:)``.
        var crops: [GeometrySlot] = []
        /// The screen the planned crops are cut from: the decoded image in the plan's style (the
        /// last style asked for is kept, so choosing it again costs nothing).
        var screen: StyledScreen?

        /// Its pixels, or the error for an image used before ``BrowserCore/decode(_:inflated:)``.
        func decoded() throws(BackdropError) -> PNGRaster {
            guard let raster else { throw BackdropError(file: name, reason: "the image was not decoded") }
            return raster
        }
    }

    public private(set) var catalog: GeometryCatalog?
    /// The slots last read off a page of icons (``readIcons(empty:home:layout:phones:)``), as a layout of their
    /// own, which ``plan(_:layout:style:)`` crops under the key ``iconsKey``.
    private var iconLayout: GeometryLayout?
    /// The layout key of the slots read off icons.
    public static let iconsKey = "icons"
    private var images: [Int: Image] = [:]
    private var nextHandle = 1

    public init() {}

    /// Reads `geometry.json`'s text.
    public mutating func setCatalog(_ text: [UInt8]) throws(BackdropError) {
        do {
            catalog = try GeometryCatalog(json: text)
        } catch {
            throw BackdropError(error)
        }
    }

    /// Reads the chunks of a PNG file named `name`; returns its handle and what the page shows
    /// of it: `{ handle, name, width, height, colorType, bitDepth, interlaced, colorChunks, warnings,
    /// inflatedLength, colorProfileLimit }` (`colorChunks` without iCCP until ``checkColorProfile(_:inflated:)``).
    public mutating func open(name: String, bytes: [UInt8]) throws(BackdropError) -> (handle: Int, info: JSONValue) {
        let container: PNGContainer
        do {
            container = try PNGContainer(reading: bytes)
        } catch {
            throw BackdropError(error, naming: name)
        }
        let handle = nextHandle
        nextHandle += 1
        images[handle] = Image(name: name, container: container)
        let header = container.header
        let info = JSONValue.object([
            ("handle", .int(handle)), ("name", .string(name)), ("width", .int(header.width)), ("height", .int(header.height)),
            ("colorType", .string(Self.colorTypeName(header.format.colorType))), ("bitDepth", .int(header.format.bitDepth)),
            ("interlaced", .bool(header.interlaced)), ("colorChunks", .array(container.colorChunkNames.map { .string($0) })),
            ("warnings", .array(container.warnings.map { .string($0) })), ("inflatedLength", .int(header.inflatedLength)),
            ("colorProfileLimit", .int(PNGLimits.maxColorProfileSize)),
        ])
        return (handle, info)
    }

    /// The compressed profile of an opened image's iCCP chunk, for the caller to inflate (stopping
    /// once more than `colorProfileLimit` bytes came) and hand to ``checkColorProfile(_:inflated:)``;
    /// nil when there is nothing to inflate (no chunk, or one dropped without inflating: then it is
    /// decided already).
    public mutating func colorProfile(of handle: Int) throws(BackdropError) -> [UInt8]? {
        var image = try image(handle)
        guard let chunk = image.container.uncheckedColorProfile else { return nil }
        switch ColorProfilePolicy.compressedProfile(chunk) {
        case .success(let compressed): return Array(compressed)
        case .failure:
            image.container.checkColorProfile(inflated: nil)
            images[handle] = image
            return nil
        }
    }

    /// Decides on an opened image's iCCP chunk, given what its profile inflated to (nil: the
    /// caller could not inflate it): `{ colorChunks, warnings }` afterwards.
    public mutating func checkColorProfile(_ handle: Int, inflated: [UInt8]?) throws(BackdropError) -> JSONValue {
        var image = try image(handle)
        image.container.checkColorProfile(inflated: inflated)
        images[handle] = image
        return colorSummary(image.container)
    }

    /// What the page shows of an image's colour chunks: `{ colorChunks, warnings }`.
    public func colorChunks(of handle: Int) throws(BackdropError) -> JSONValue {
        colorSummary(try image(handle).container)
    }

    private func colorSummary(_ container: PNGContainer) -> JSONValue {
        .object([
            ("colorChunks", .array(container.colorChunkNames.map { .string($0) })),
            ("warnings", .array(container.warnings.map { .string($0) })),
        ])
    }

    /// The concatenated IDAT data of an opened image, for the caller to inflate.
    public func imageData(of handle: Int) throws(BackdropError) -> [UInt8] {
        try image(handle).container.imageData
    }

    /// Decodes an opened image from its inflated data (at most its `inflatedLength` + 1 bytes:
    /// a caller stops inflating there), read where it lies. The compressed data is dropped once
    /// decoded: only the pixels are cropped.
    public mutating func decode(_ handle: Int, inflated: UnsafeBufferPointer<UInt8>) throws(BackdropError) {
        var image = try image(handle)
        do {
            image.raster = try PNGRaster(image.container, inflatedData: inflated)
        } catch {
            throw BackdropError(error, naming: image.name)
        }
        image.container.imageData = []
        images[handle] = image
    }

    /// The error for image data the caller could not inflate.
    public func inflateFailed(_ handle: Int, reason: String) throws(BackdropError) -> BackdropError {
        BackdropError(PNGError(.corrupt("the compressed image data is invalid (\(reason))"), file: try image(handle).name))
    }

    /// Why a light and a dark screenshot (both decoded) cannot be used together: their sizes differ,
    /// or they are one picture, however each file stores it (``PNGRaster/showsTheSamePicture(as:)``:
    /// the same screenshot saved at 8 and at 16 bits, or as RGB and as a palette); nil when they can.
    public func lightAndDark(light: Int, dark: Int) throws(BackdropError) -> String? {
        let (lightImage, darkImage) = (try image(light), try image(dark))
        let lightRaster = try lightImage.decoded()
        let darkRaster = try darkImage.decoded()
        if let mismatch = ScreenshotSizeMessage.lightAndDark(light: lightRaster.size, dark: darkRaster.size) { return mismatch }
        guard lightRaster.showsTheSamePicture(as: darkRaster) else { return nil }
        return "the light and dark screenshots are the same picture (every pixel the same at 8 bits, however each file stores it)"
    }

    /// Forgets an image.
    public mutating func close(_ handle: Int) { images[handle] = nil }

    /// The crops of `layout` (`DEVICE/LAYOUT`) for a decoded image, in `style` (a
    /// ``CropStyle`` name; the whole screen is made in it once, at the layout's scale): `{ crops:
    /// [{ slot, family, rect, file }], unavailable }`, `file` being the crop's name as `backdrop
    /// crop --style` writes it. The image's size must be the layout's.
    public mutating func plan(_ handle: Int, layout key: String, style name: String = CropStyle.none.rawValue) throws(BackdropError) -> JSONValue {
        var image = try image(handle)
        guard let style = CropStyle(rawValue: name) else {
            throw BackdropError(
                file: nil, reason: "no style \(name); the styles are \(CropStyle.allCases.map { $0.rawValue }.joined(separator: ", "))")
        }
        guard let catalog else { throw BackdropError(file: nil, reason: "no catalog: call setCatalog first") }
        guard let layout = key == Self.iconsKey ? iconLayout : catalog.layout(key) else {
            throw BackdropError(
                file: nil, reason: key == Self.iconsKey ? "no slots read off icons: call readIcons first" : "no layout \(key) in the catalog")
        }
        let size = PixelSize(width: image.container.header.width, height: image.container.header.height)
        guard size == layout.screenshot else {
            throw BackdropError(
                file: image.name,
                reason: ScreenshotSizeMessage.mismatch(
                    size, expected: layout.screenshot, device: layout.device, layout: layout.layout, fits: catalog.matches(of:)))
        }
        let raster = try image.decoded()
        image.crops = layout.slots
        if image.screen?.style != style || image.screen?.scale != layout.scale {
            image.screen = nil
            images[handle] = image
            image.screen = StyledScreen(raster, style: style, scale: layout.scale)
        }
        images[handle] = image
        let crops = layout.slots.map { slot in
            JSONValue.object([
                ("slot", .string(slot.id.rawValue)), ("family", .string(slot.id.family.rawValue)),
                (
                    "rect",
                    .object([
                        ("x", .int(slot.rect.x)), ("y", .int(slot.rect.y)), ("width", .int(slot.rect.width)),
                        ("height", .int(slot.rect.height)),
                    ])
                ),
                ("file", .string(style.fileName(slot: slot.id.rawValue))),
            ])
        }
        return .object([("crops", .array(crops)), ("unavailable", .array(layout.unavailable.map { .string($0.rawValue) }))])
    }

    /// The filtered rows of planned crop `slot` (an index into the plan), for the caller to deflate.
    public func cropRows(_ handle: Int, slot: Int) throws(BackdropError) -> [UInt8] {
        let (image, screen, planned) = try planned(handle, slot)
        do {
            // Without a rim the crop is the styled screen's region, filtered straight from its rows.
            guard screen.style.rim != nil else { return try screen.raster.filteredRows(screen.inRaster(planned.rect)) }
            let crop = try screen.crop(planned.rect, family: planned.id.family)
            return try crop.filteredRows(PixelRect(x: 0, y: 0, width: crop.width, height: crop.height))
        } catch {
            throw BackdropError(error, naming: image.name)
        }
    }

    /// The PNG file of planned crop `slot`, its image data being `compressed`.
    public func assemble(_ handle: Int, slot: Int, compressed: [UInt8]) throws(BackdropError) -> [UInt8] {
        let (_, screen, planned) = try planned(handle, slot)
        return screen.raster.assemble(width: planned.rect.width, height: planned.rect.height, compressed: compressed)
    }

    /// Checks that `crop` (the crop's file, opened and its colour profile checked) is the
    /// screenshot's region of planned crop `slot` in the plan's style, pixel for pixel, with the same format, palette,
    /// transparency and colour chunks. The crop is decoded from `filteredRows`, the rows its image
    /// data was deflated from (``cropRows(_:slot:)``), once its zlib stream is shown to be theirs:
    /// a zlib header and, at its end, their Adler-32. So the filters, the chunks and their CRCs are
    /// checked without inflating the crop again; the deflating is the browser's zlib.
    public mutating func verify(_ handle: Int, slot: Int, crop: Int, filteredRows: [UInt8]) throws(BackdropError) {
        let (image, screen, planned) = try planned(handle, slot)
        let rect = planned.rect
        let written = try self.image(crop)
        guard ZlibStream.isStream(written.container.imageData, of: filteredRows) else {
            throw BackdropError(file: written.name, reason: "the crop's image data is not the zlib stream of its rows")
        }
        try filteredRows.withUnsafeBufferPointer { (rows) throws(BackdropError) in try decode(crop, inflated: rows) }
        guard let decoded = self.images[crop]?.raster else { throw BackdropError(file: written.name, reason: "the crop was not decoded") }
        let region: PNGRaster
        do {
            region = try screen.crop(rect, family: planned.id.family)
        } catch {
            throw BackdropError(error, naming: image.name)
        }
        let differences = decoded.differences(from: region)
        guard differences.isEmpty else { throw BackdropError(PNGError(.cropMismatch(rect: rect, differences: differences), file: written.name)) }
    }

    /// What `backdrop calibrate` measures on decoded image `shot`, against decoded image `empty`
    /// when given: `{ json, layoutBlock, problem }`, `json` being the object `backdrop calibrate
    /// --json` prints, `layoutBlock` the lines of the layout block `backdrop calibrate` prints, and
    /// `problem` null, or, when nothing could be measured, the command line's message ("NAME:
    /// reason"; then the others are null).
    public func calibrate(_ shot: Int, empty: Int?) throws(BackdropError) -> JSONValue {
        let image = try image(shot)
        let raster = try image.decoded()
        guard let catalog else { throw BackdropError(file: nil, reason: "no catalog: call setCatalog first") }
        var emptyField: ColorField?
        if let empty {
            let page = try self.image(empty)
            let emptyRaster = try page.decoded()
            emptyField = ColorField(size: PixelSize(width: emptyRaster.width, height: emptyRaster.height), rgb: emptyRaster.normalizedRGB())
        }
        let size = PixelSize(width: raster.width, height: raster.height)
        let candidates = catalog.candidates(matching: size)
        let calibration: Calibration
        do {
            calibration = try Calibrator.calibrate(ColorField(size: size, rgb: raster.normalizedRGB()), empty: emptyField, candidates: candidates)
        } catch {
            return .object([("json", .null), ("layoutBlock", .null), ("problem", .string(error.problems(naming: image.name).messages))])
        }
        return .object([
            ("json", CalibrationReport.json(calibration, file: image.name, scale: CalibrationReport.scale(candidates))),
            ("layoutBlock", .string(calibration.layoutBlock.joined(separator: "\n"))), ("problem", .null),
        ])
    }

    /// The slots measured on the user's own pair of screenshots, `empty` and `placed` (decoded
    /// images), as `backdrop crop EMPTY --measured-from PLACED` measures them, planned as the
    /// crops of `empty`: `{ slots: [{ slot, family, rect, kind, disagreement, rowNamedByOrder }],
    /// undetermined: [{ slot, reason }], rejected: [{ pixels, reason, mayBeAWidget }], layoutBlock,
    /// recordCommand, problem }` (`rejected` as `calibrate --json` gives it), `problem` being
    /// null, or the command line's message when nothing could be measured (then no crop is planned).
    public mutating func measure(empty: Int, placed: Int) throws(BackdropError) -> JSONValue {
        var page = try image(empty)
        let shot = try image(placed)
        let emptyRaster = try page.decoded()
        let placedRaster = try shot.decoded()
        page.crops = []
        page.screen = nil
        images[empty] = page
        let placedSize = PixelSize(width: placedRaster.width, height: placedRaster.height)
        let emptySize = PixelSize(width: emptyRaster.width, height: emptyRaster.height)
        func problem(_ problems: [ProblemText]) -> JSONValue {
            .object([
                ("slots", .null), ("undetermined", .null), ("rejected", .null), ("layoutBlock", .null), ("recordCommand", .null),
                ("problem", .string(problems.messages)),
            ])
        }
        guard placedSize == emptySize else {
            return problem([CalibrationReport.sizeMismatch(placed: shot.name, placedSize, empty: page.name, emptySize)])
        }
        let candidates = catalog.map { $0.candidates(matching: placedSize) } ?? []
        let measured: (calibration: Calibration, layout: MeasuredLayout)
        do {
            measured = try MeasuredLayout.measure(
                placed: ColorField(size: placedSize, rgb: placedRaster.normalizedRGB()),
                empty: ColorField(size: emptySize, rgb: emptyRaster.normalizedRGB()), candidates: candidates)
        } catch {
            return problem(error.problems(naming: shot.name))
        }
        page.crops = measured.layout.slots.map { GeometrySlot(id: $0.id, rect: $0.rect) }
        images[empty] = page
        let slots = measured.layout.slots.map { slot in
            JSONValue.object([
                ("slot", .string(slot.id.rawValue)), ("family", .string(slot.id.family.rawValue)),
                (
                    "rect",
                    .object([
                        ("x", .int(slot.rect.x)), ("y", .int(slot.rect.y)), ("width", .int(slot.rect.width)), ("height", .int(slot.rect.height)),
                    ])
                ),
                ("kind", .string(slot.kind.rawValue)), ("disagreement", .int(slot.disagreement)), ("rowNamedByOrder", .bool(slot.rowNamedByOrder)),
            ])
        }
        let undetermined = measured.layout.undetermined.map {
            JSONValue.object([("slot", .string($0.id.rawValue)), ("reason", .string($0.reason))])
        }
        let match = measured.calibration.match
        let report = CalibrationReport.json(measured.calibration, file: shot.name, scale: CalibrationReport.scale(candidates))
        return .object([
            ("slots", .array(slots)), ("undetermined", .array(undetermined)), ("rejected", report["rejected"] ?? .array([])),
            ("layoutBlock", .string(measured.calibration.layoutBlock.joined(separator: "\n"))),
            (
                "recordCommand",
                .string(
                    RecordCommand.text(
                        screenshot: shot.name, empty: page.name, device: match?.device ?? "DEVICE", layout: match?.layout.rawValue ?? "LAYOUT"))
            ),
            ("problem", .null),
        ])
    }

    /// "Check my widgets": how far each transparent widget on decoded image `home` is from the
    /// slot of `layout` (`DEVICE/LAYOUT`) its background was cropped from, on decoded image
    /// `empty`, as `backdrop crop EMPTY --widgets-from HOME` finds it (``WidgetCheckReport``), with
    /// every placed slot's corrected crop planned on `empty`; `problem` is the command line's
    /// message when nothing could be checked (then no crop is planned). `style` (a ``CropStyle``'s
    /// name, "none" for none) is the style the widgets were cropped with, as `--style`: the empty
    /// page is compared in that style.
    public mutating func checkWidgets(empty: Int, home: Int, layout key: String, style name: String = "none") throws(BackdropError) -> JSONValue {
        var page = try image(empty)
        let shot = try image(home)
        let emptyRaster = try page.decoded()
        let homeRaster = try shot.decoded()
        guard let catalog else { throw BackdropError(file: nil, reason: "no catalog: call setCatalog first") }
        guard let layout = catalog.layout(key) else { throw BackdropError(file: nil, reason: "no layout \(key) in the catalog") }
        guard let style = CropStyle(rawValue: name) else { throw BackdropError(file: nil, reason: "no style \(name)") }
        page.crops = []
        page.screen = nil
        images[empty] = page
        let emptySize = PixelSize(width: emptyRaster.width, height: emptyRaster.height)
        let homeSize = PixelSize(width: homeRaster.width, height: homeRaster.height)
        // Each screenshot against the layout's size first, in the plain crop's words.
        let misfits = [(page.name, emptySize), (shot.name, homeSize)].filter { $0.1 != layout.screenshot }.map { name, size in
            ProblemText(
                file: name,
                reason: ScreenshotSizeMessage.mismatch(
                    size, expected: layout.screenshot, device: layout.device, layout: layout.layout, fits: catalog.matches(of:)))
        }
        if !misfits.isEmpty { return WidgetCheckReport.problem(misfits) }
        guard homeSize == emptySize else {
            return WidgetCheckReport.problem([WidgetCheck.sizeMismatch(home: shot.name, homeSize, empty: page.name, emptySize)])
        }
        // The empty page in the style the widgets were cropped with: compared, and cropped again.
        let screen = style == .none ? nil : StyledScreen(emptyRaster, style: style, scale: layout.scale)
        let check: WidgetCheck
        do {
            check = try WidgetCheck.check(
                empty: ColorField(size: emptySize, rgb: (screen?.raster ?? emptyRaster).normalizedRGB()),
                unstyled: screen.map { _ in ColorField(size: emptySize, rgb: emptyRaster.normalizedRGB()) },
                home: ColorField(size: homeSize, rgb: homeRaster.normalizedRGB()),
                slots: layout.slots.map { ($0.id, $0.rect) }, layout: layout.layout.rawValue)
        } catch {
            return WidgetCheckReport.problem(error.problems(naming: shot.name))
        }
        page.crops = check.corrected.filter { $0.isPlaced }.map { GeometrySlot(id: $0.slot, rect: $0.rect) }
        page.screen = screen
        images[empty] = page
        return WidgetCheckReport.json(check, empty: page.name, home: shot.name, device: layout.device, styles: [style])
    }

    /// The slots read off the app icons on decoded image `home` against decoded image `empty` (a
    /// page of icons and an empty page over the same wallpaper), as `backdrop crop EMPTY
    /// --icons-from HOME` reads them (``IconPageReport``). `layout` is the catalog's layout of the
    /// screen ("DEVICE/LAYOUT"), or empty for a phone the catalog lacks (the scale is then taken
    /// from the width); the icons' size says which icon setting the page shows; `phones` is how
    /// many screens the rule was checked on. The slots become a layout of their own, which
    /// ``plan(_:layout:style:)`` crops under ``iconsKey``; `problem` is the command line's message
    /// when no slot could be read (then there is none).
    public mutating func readIcons(empty: Int, home: Int, layout key: String, phones: Int) throws(BackdropError) -> JSONValue {
        let page = try image(empty)
        let shot = try image(home)
        let emptyRaster = try page.decoded()
        let homeRaster = try shot.decoded()
        iconLayout = nil
        let emptySize = PixelSize(width: emptyRaster.width, height: emptyRaster.height)
        let homeSize = PixelSize(width: homeRaster.width, height: homeRaster.height)
        guard homeSize == emptySize else {
            return IconPageReport.problem([CalibrationReport.sizeMismatch(placed: shot.name, homeSize, empty: page.name, emptySize)])
        }
        let listed = key.isEmpty ? nil : catalog?.layout(key)
        if !key.isEmpty, listed == nil { throw BackdropError(file: nil, reason: "no layout \(key) in the catalog") }
        if listed == nil, IconGrid.scale(ofUnknownScreen: emptySize) == nil {
            return IconPageReport.problem([
                ProblemText(file: page.name, reason: ScreenshotSizeMessage.noLayout(emptySize, fits: { catalog?.matches(of: $0) ?? [] }))
            ])
        }
        let kind = listed?.layout == .ios26LargeIcons ? LayoutKind.ios26LargeIcons : .ios26
        let read: IconPage
        do {
            read = try IconPageReader.read(
                home: ColorField(size: homeSize, rgb: homeRaster.normalizedRGB()),
                empty: ColorField(size: emptySize, rgb: emptyRaster.normalizedRGB()),
                layout: kind, hints: Self.hints(listed, kind: kind))
        } catch {
            return IconPageReport.problem(error.problems(naming: shot.name))
        }
        guard !read.slots.isEmpty else {
            return IconPageReport.problem([
                ProblemText(file: shot.name, reason: "no slot can be read off its icons: " + read.unknownAxes.joined(separator: "; "))
            ])
        }
        let slots = read.slots.map { GeometrySlot(id: $0.id, rect: $0.rect) }
        iconLayout = GeometryLayout(
            device: listed?.device ?? "your-phone", deviceName: listed?.deviceName ?? "Your phone", layout: read.layout, ios: nil,
            coverage: "measured",
            positions: .measured, screenshot: emptySize, scale: read.scale, slots: slots,
            unavailable: SlotID.allCases.filter { id in read.layout.families.contains(id.family) && !slots.contains { $0.id == id } })
        let comparable = listed?.layout == read.layout ? listed : nil
        return IconPageReport.json(
            read, empty: page.name, home: shot.name, device: listed?.device, listed: comparable.map(GeometryCatalog.resolved), phones: phones)
    }

    /// What a `geometry.json` layout says of the page, for reading its icons: its top row (the
    /// same icon setting only), its rows and scale.
    static func hints(_ layout: GeometryLayout?, kind: LayoutKind) -> IconPageReader.Hints {
        guard let layout else { return IconPageReader.Hints() }
        let top = layout.layout == kind ? layout.slots.first { $0.id == .smallTopLeft || $0.id == .mediumTop }?.rect.y : nil
        let twoRows = layout.unavailable.contains(.smallBottomLeft) && !layout.unknown.contains(.smallBottomLeft)
        return IconPageReader.Hints(top: top.map { ($0, layout.error ?? 0) }, widgetRows: twoRows ? 2 : 3, scale: layout.scale)
    }

    private func image(_ handle: Int) throws(BackdropError) -> Image {
        guard let image = images[handle] else { throw BackdropError(file: nil, reason: "no open image \(handle)") }
        return image
    }

    private func planned(_ handle: Int, _ slot: Int) throws(BackdropError) -> (Image, StyledScreen, GeometrySlot) {
        let image = try image(handle)
        let raster = try image.decoded()
        guard image.crops.indices.contains(slot) else { throw BackdropError(file: image.name, reason: "no planned crop \(slot)") }
        return (image, image.screen ?? StyledScreen(raster, style: .none, scale: 1), image.crops[slot])
    }

    /// The names `readScreenshot` gives colour types.
    static func colorTypeName(_ type: PNGColorType) -> String {
        switch type {
        case .grey: "grey"
        case .greyAlpha: "grey+alpha"
        case .rgb: "RGB"
        case .rgba: "RGBA"
        case .palette: "palette"
        }
    }
}

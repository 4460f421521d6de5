import Calibration
import Catalog
import CheckCodes
import Checks
import FileAccess
import MeasurementReports
import NativePNG
import SlotGeometry

/// `backdrop crop EMPTY --icons-from HOME`: the slots read off the app icons of HOME, a page with
/// icons over the same wallpaper as the empty page EMPTY (``IconPageReader``), EMPTY cropped at
/// every slot they give, and `icon-grid.json` written beside the crops, all or nothing.
///
/// ``run(_:home:say:)`` reads as its steps: the pair read and compared, the phone and layout
/// chosen (any iPhone: a size the catalog lacks gets its scale from the width), the icons read,
/// the output checked, the crops and the report written.
public enum IconGridCrop {
    /// What was read and written.
    public struct Outcome {
        public var page: IconPage
        /// `icon-grid.json`'s text (without its final line break), which `--json` prints.
        public var json: String
        /// The report for a person.
        public var text: String
        /// The crops written.
        public var files: [String]
    }

    /// Reads the slots off the icons on `home` and crops `request.screenshot` (the empty page)
    /// at each, in `request.styles`; or refuses with nothing written.
    public static func run(_ request: CropJob.Request, home: String, say: (String) -> Void) throws(CropFailure) -> Outcome {
        let empty = request.screenshot
        let (emptyImage, homeImage) = try CropOutput.readPair(empty: empty, placed: home)
        for warning in emptyImage.warnings { say("\(empty): warning: libpng: \(warning)") }
        let kind = request.layout ?? .ios26
        let document = try chooseDevice(request, size: emptyImage.size, layout: kind, say: say)
        let asked = document?.layout(kind)
        if document == nil {
            guard IconGrid.scale(ofUnknownScreen: emptyImage.size) != nil else {
                throw CropFailure(file: empty, reason: ScreenshotSizeMessage.noLayout(emptyImage.size, fits: request.catalog.layouts(matching:)))
            }
            say("\(empty): no phone of the catalog has \(emptyImage.size) screenshots: its slots come from the icons alone")
        }
        let page: IconPage
        do {
            page = try IconPageReader.read(
                home: ColorField(homeImage), empty: ColorField(emptyImage), layout: kind, hints: hints(document: document, listed: asked))
        } catch {
            throw CropFailure(error, naming: home)
        }
        guard !page.slots.isEmpty else {
            throw CropFailure(
                file: home,
                reason: "no slot can be read off its icons: "
                    + (page.unknownAxes + page.unknownSlots.prefix(1).map { "\($0.id.rawValue): \($0.reason)" })
                    .joined(separator: "; "))
        }
        let phones = request.catalog.iconGridEvidence(for: page.rule).count
        let listed = document?.layout(page.layout)
        let names = CropOutput.names(page.slots.map(\.id), styles: request.styles)
        let files = names + [IconPageReport.fileName]
        try CropOutput(paths: files.map { PathName.joining(request.out, $0) }, inputs: [empty, home]).check(out: request.out, force: request.force)
        let json = IconPageReport.json(page, empty: empty, home: home, device: document?.id, listed: listed, phones: phones).prettyText
        try CropOutput.writeAllOrNothing(out: request.out, names: files) { folder throws(CropFailure) in
            _ = try CropOutput.writeCrops(
                emptyImage, page.slots.map { ($0.id, $0.rect) }, styles: request.styles, scale: page.scale, into: folder, settings: request.settings,
                screenshot: empty, device: document?.id, layout: page.layout)
            try CropOutput.writeText(json, named: IconPageReport.fileName, into: folder)
        }
        let text = IconPageReport.text(
            page, empty: empty, home: home, device: document?.id, listed: listed, phones: phones, written: names.count, out: request.out)
        return Outcome(page: page, json: json, text: text, files: names)
    }

    /// What the catalog knows of the page: its layout's top row, rows and scale, or only the
    /// device's scale (a layout the catalog lacks, such as large icons), or nothing.
    static func hints(document: DeviceDocument?, listed: ResolvedLayout?) -> IconPageReader.Hints {
        if let listed { return IconPageReader.Hints(listed) }
        return IconPageReader.Hints(widgetRows: document?.layouts.map(\.spec.rows).max(), scale: document?.profile.screen.scale)
    }

    /// The phone named, or the one whose screenshots have `size` (the choice said); `nil` when no
    /// phone of the catalog has screenshots of this size.
    static func chooseDevice(_ request: CropJob.Request, size: PixelSize, layout: LayoutKind, say: (String) -> Void) throws(CropFailure)
        -> DeviceDocument?
    {
        if let named = try CropJob.namedDevice(request) {
            if named.profile.screen.pixels != size {
                throw CropFailure(
                    file: request.screenshot,
                    reason: "is \(size), but \(named.id)'s screenshots are \(named.profile.screen.pixels): give the phone the screenshots come from")
            }
            return named
        }
        let sized = request.catalog.layouts(matching: size).filter { !$0.layout.isDisplayZoom }
        guard !sized.isEmpty else { return nil }
        let sameKind = sized.filter { $0.layout == layout }
        let match = LayoutMatch.mostLikely(sameKind.isEmpty ? sized : sameKind)!
        return try CropJob.chooseDevice(
            CropJob.Request(catalog: request.catalog, source: request.source, screenshot: request.screenshot, layout: match.layout, out: request.out),
            size: size, say: say)
    }
}

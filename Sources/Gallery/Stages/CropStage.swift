import Catalog
import Checks
import Foundation
import NativePNG
import SlotGeometry

/// A file the build put into the site, by its path relative to the site's root.
public struct SiteImage: Hashable, Sendable {
    public var path: String
    public var width: Int
    public var height: Int
    public var bytes: Int
}

/// The images of one screenshot: the screenshot itself, its preview, its crops by layout and
/// slot, and one slot's crop in every style (``StyleSamples``).
struct ScreenshotImages {
    var screenshot: SiteImage
    var preview: SiteImage
    var crops: [LayoutKind: [SlotID: SiteImage]]
    var styles: StyleSamples?
    /// The fingerprints of the file's bytes and of its picture (its samples at 8 bits, however
    /// stored), so that two files of one picture are told.
    var file: ContentHash
    var picture: String?
}

/// One slot of the layout a device most likely runs, cropped in every style but `none` (whose crop
/// is the slot's sample crop), for the device page.
struct StyleSamples {
    var layout: LayoutKind
    var slot: SlotID
    var images: [CropStyle: SiteImage]

    /// The slot shown: the top medium widget's (a wide piece of wallpaper), else the layout's first.
    static func slot(of layout: ResolvedLayout) -> Slot? {
        layout.slots.first { $0.id.family == .medium } ?? layout.slots.first
    }
}

/// Crops every slot of every layout out of every screenshot, verifies each crop, makes previews,
/// and puts them into the staging site. Results are cached by content and checked against their
/// records on every use: a screenshot whose crops and preview are all intact in the cache is not
/// even decoded, and a damaged entry is made again (with a warning) instead of published.
struct CropStage {
    static let previewWidth = 600
    /// Bumped when what the stage writes changes, so that old cache entries are not reused.
    static let cacheVersion = "crops-3"

    let options: BuildOptions
    let site: SiteFolder
    let cache: BuildCache
    let settings = PNGEncodeSettings.default

    struct Output {
        /// The images of each screenshot set, by appearance.
        var images: [ScreenshotSet: [Appearance: ScreenshotImages]] = [:]
        var diagnostics: [Diagnostic] = []
        var crops = 0
        var cropsMade = 0
        var decoded = 0
    }

    /// The images of one device, from the screenshots that passed the screenshot checks (by path
    /// relative to the content folder; the others have been reported), each read when it is cropped.
    func run(_ document: DeviceDocument, screenshots: Set<String>) -> Output {
        var result = Output()
        let folder = ContentFolder(options.content)
        for set in document.screenshotSets {
            let layouts = set.layouts.compactMap(document.layout).filter { !$0.slots.isEmpty }
            for (appearance, file) in set.ordered where screenshots.contains(file.relativePath) {
                let bytes: [UInt8]
                do {
                    bytes = try folder.bytes(file.relativePath, limit: ScreenshotChecks.maximumFileBytes)
                } catch {
                    result.diagnostics.append(diagnostic(ScreenshotCheck.present, document, file, "\(file.path) \(error)"))
                    continue
                }
                if let images = process(file, bytes: bytes, appearance: appearance, set: set, layouts: layouts, document: document, result: &result) {
                    result.images[set, default: [:]][appearance] = images
                }
            }
            // One picture stored two ways (identical bytes are said by the screenshot checks).
            if let light = result.images[set]?[.light], let dark = result.images[set]?[.dark], light.file != dark.file,
                light.picture != nil, light.picture == dark.picture, let lightFile = set.files[.light], let darkFile = set.files[.dark]
            {
                result.diagnostics.append(
                    Diagnostic(
                        file: document.file, line: darkFile.line, check: ScreenshotCheck.distinctLightAndDark, device: document.id,
                        layout: set.displayZoom, message: ScreenshotChecks.samePicture(light: lightFile.path, dark: darkFile.path)))
            }
        }
        return result
    }

    /// The fingerprint of a decoded picture: every sample at 8 bits (``PNGRaster/eightBitRow(_:into:scratch:)``),
    /// however the file stores it, as the measurements compare two screenshots.
    static func picture(of image: PNGRaster) -> String {
        var hash = ContentHash()
        hash.add("\(image.width)x\(image.height)")
        var row = [Float](repeating: 0, count: image.width * 4)
        var levels = [UInt8](repeating: 0, count: image.width * 3)
        for y in 0..<image.height {
            image.eightBitRow(y, into: &levels, scratch: &row)
            hash.add(levels)
        }
        return hash.description
    }

    private func process(
        _ file: ScreenshotFile, bytes: [UInt8], appearance: Appearance, set: ScreenshotSet, layouts: [ResolvedLayout],
        document: DeviceDocument, result: inout Output
    ) -> ScreenshotImages? {
        let source = file.path
        let screen = set.screen
        var fingerprint = ContentHash()
        fingerprint.add(bytes)
        fingerprint.add(Self.cacheVersion)

        let suffix = set.displayZoom == nil ? "" : "-zoom"
        let folder = "devices/\(document.id)"
        let screenshotImage = SiteImage(
            path: "\(folder)/screenshot\(suffix)-\(appearance.rawValue).png", width: screen.pixels.width, height: screen.pixels.height,
            bytes: bytes.count)

        struct Planned {
            var layout: LayoutKind
            var slot: Slot
            var style: CropStyle = .none
            var key: ContentHash
            var sitePath: String
        }
        var planned: [Planned] = []
        for layout in layouts {
            for slot in layout.slots {
                var key = fingerprint
                key.add("crop \(slot.rect) \(settings)")
                planned.append(
                    Planned(
                        layout: layout.kind, slot: slot, key: key,
                        sitePath: "\(folder)/\(layout.kind.rawValue)/\(appearance.rawValue)/\(slot.id.rawValue).png"))
            }
        }
        // The styles of one slot of the layout the phone most likely runs.
        let styleLayout = Pages.mostLikelyFirst(layouts).first
        if let layout = styleLayout, let slot = StyleSamples.slot(of: layout) {
            for style in CropStyle.allCases where style != .none {
                var key = fingerprint
                key.add(
                    "style \(style.rawValue) \(style.specification) corners \(CropStyle.cornerRadiusPoints(slot.family)) @\(layout.screen.scale)x "
                        + "\(slot.rect) \(settings)")
                planned.append(
                    Planned(
                        layout: layout.kind, slot: slot, style: style, key: key,
                        sitePath: "\(folder)/\(layout.kind.rawValue)/\(appearance.rawValue)/styles/\(style.fileName(slot: slot.id.rawValue))"))
            }
        }
        var previewKey = fingerprint
        previewKey.add("preview \(Self.previewWidth)")
        let previewHeight = Int((Double(screen.pixels.height) * Double(Self.previewWidth) / Double(screen.pixels.width)).rounded())

        // Every cache entry is checked against its record before use; a damaged one is made again.
        func cached(_ key: ContentHash, size: PixelSize, what: String) -> [UInt8]? {
            guard !options.clean else { return nil }
            switch cache.lookup(key, "png") {
            case .intact(let bytes) where (try? PNGRaster.header(of: bytes).size) == size: return bytes
            case .missing: return nil
            case .intact(let bytes):
                let found = (try? PNGRaster.header(of: bytes).size).map { "\($0)" } ?? "not a PNG"
                result.diagnostics.append(
                    Diagnostic(
                        file: cache.path(key, "png"), check: CropCheck.cacheIntact, device: document.id,
                        message: "the cached \(what) is \(found), not \(size); made again from \(source)"))
                return nil
            case .damaged(let reason):
                result.diagnostics.append(Self.damagedEntry(cache.path(key, "png"), device: document.id, what: what, reason: reason, source: source))
                return nil
            }
        }
        var crops: [Int: [UInt8]] = [:]
        for (index, item) in planned.enumerated() {
            crops[index] = cached(
                item.key, size: item.slot.rect.size,
                what:
                    "crop \(item.slot.id.rawValue) \(item.slot.rect) (\(item.layout.rawValue), \(appearance.rawValue)\(item.style == .none ? "" : ", \(item.style.rawValue)"))"
            )
        }
        var previewBytes = cached(
            previewKey, size: PixelSize(width: Self.previewWidth, height: previewHeight), what: Self.previewName(appearance))
        var pictureKey = fingerprint
        pictureKey.add("picture at 8 bits")
        var picture: String?
        if !options.clean {
            switch cache.lookup(pictureKey, "picture") {
            case .intact(let text): picture = String(decoding: text, as: UTF8.self)
            case .missing: break
            case .damaged(let reason):
                result.diagnostics.append(
                    Self.damagedEntry(
                        cache.path(pictureKey, "picture"), device: document.id, what: "fingerprint of the \(appearance.rawValue) picture",
                        reason: reason,
                        source: source))
            }
        }

        let missing = planned.indices.filter { crops[$0] == nil }
        if !missing.isEmpty || previewBytes == nil || picture == nil {
            let image: PNGRaster
            do {
                image = try PNGRaster(decoding: bytes)
            } catch {
                result.diagnostics.append(diagnostic(ScreenshotCheck.decodable, document, file, error.naming(source).description))
                return nil
            }
            result.decoded += 1
            if picture == nil {
                let made = Self.picture(of: image)
                try? cache.store(Array(made.utf8), pictureKey, "picture")
                picture = made
            }
            // The plain crops from the screenshot; a style's from its screen around its slot (one blur for blur, light and dark).
            let plain = missing.filter { planned[$0].style == .none }
            var outcomes = zip(plain, CropEncoder.write(image, jobs: plain.map { job(planned[$0].slot, planned[$0].key) }, settings: settings)).map {
                $0
            }
            let styled = missing.filter { planned[$0].style != .none }
            if let first = styled.first, let layout = styleLayout {
                let slot = planned[first].slot
                StyledScreen.forEach(image, styles: styled.map { planned[$0].style }, scale: layout.screen.scale, around: slot.rect) { screen in
                    let index = styled.first { planned[$0].style == screen.style }!
                    outcomes += zip([index], CropEncoder.write(screen, jobs: [job(slot, planned[index].key)], settings: settings))
                }
            }
            for (index, outcome) in outcomes {
                let job = planned[index]
                do {
                    let written = try outcome.get()
                    try cache.record(written, job.key, "png")
                    crops[index] = written
                } catch {
                    let reason = (error as? PNGError)?.reason ?? "cannot record the cache entry: \(error.localizedDescription)"
                    result.diagnostics.append(
                        Self.cropProblem(
                            source, device: document.id, layout: job.layout, slot: job.slot.id, rect: job.slot.rect, appearance: appearance,
                            style: job.style, reason: reason))
                }
            }
            result.cropsMade += missing.count
            if previewBytes == nil {
                do {
                    let encoded = try image.downscaled(toWidth: Self.previewWidth).encoded(settings: settings)
                    try cache.store(encoded, previewKey, "png")
                    previewBytes = encoded
                } catch {
                    result.diagnostics.append(Self.previewProblem(document.file, line: file.line, device: document.id, source: source, error))
                }
            }
        }

        var siteCrops: [LayoutKind: [SlotID: SiteImage]] = [:]
        var styles: StyleSamples?
        for (index, item) in planned.enumerated() {
            guard let cropBytes = crops[index] else { continue }
            if place(cropBytes, at: item.sitePath, result: &result) {
                let image = SiteImage(path: item.sitePath, width: item.slot.rect.width, height: item.slot.rect.height, bytes: cropBytes.count)
                if item.style == .none {
                    siteCrops[item.layout, default: [:]][item.slot.id] = image
                } else {
                    styles = styles ?? StyleSamples(layout: item.layout, slot: item.slot.id, images: [:])
                    styles?.images[item.style] = image
                }
                result.crops += 1
            }
        }
        let previewPath = "\(folder)/preview\(suffix)-\(appearance.rawValue).png"
        // The screenshot is the bytes that passed the checks, not the file read again.
        guard let previewBytes, place(previewBytes, at: previewPath, result: &result), place(bytes, at: screenshotImage.path, result: &result) else {
            return nil
        }
        var file = ContentHash()
        file.add(bytes)
        return ScreenshotImages(
            screenshot: screenshotImage,
            preview: SiteImage(path: previewPath, width: Self.previewWidth, height: previewHeight, bytes: previewBytes.count),
            crops: siteCrops, styles: styles, file: file, picture: picture)
    }

    /// A crop job writing `slot`'s crop into the cache entry `key`.
    private func job(_ slot: Slot, _ key: ContentHash) -> CropEncoder.Job {
        CropEncoder.Job(rect: slot.rect, family: slot.family, path: cache.newPath(key, "png"))
    }

    /// Writes a file of the staging site; whether it was written (a failure is reported).
    private func place(_ bytes: [UInt8], at sitePath: String, result: inout Output) -> Bool {
        do {
            try site.write(bytes, at: sitePath)
            return true
        } catch {
            result.diagnostics.append(site.writeProblem(at: sitePath, error))
            return false
        }
    }

    // The words of the crop checks' findings, here once for the build and for the checks
    // reference's examples (`BuildExamples`).

    /// C001: a crop that could not be written or does not equal its screenshot's region.
    static func cropProblem(
        _ source: String, device: String, layout: LayoutKind, slot: SlotID, rect: PixelRect, appearance: Appearance, style: CropStyle = .none,
        reason: String
    ) -> Diagnostic {
        let styleWords = style == .none ? "" : ", style \(style.rawValue)"
        return Diagnostic(
            file: source, check: CropCheck.exactCrop, device: device, layout: layout, slot: slot,
            message: "crop \(rect) (\(appearance.rawValue)\(styleWords)): \(reason)")
    }

    /// C003: a screenshot whose preview could not be made or kept.
    static func previewProblem(_ profile: String, line: Int?, device: String, source: String, _ error: any Error) -> Diagnostic {
        let reason = (error as? PNGError)?.reason ?? error.localizedDescription
        return Diagnostic(file: profile, line: line, check: CropCheck.preview, device: device, message: "preview of \(source): \(reason)")
    }

    /// What the cache holds for a screenshot's preview, for messages.
    static func previewName(_ appearance: Appearance) -> String {
        "preview (\(appearance.rawValue))"
    }

    /// C004: a cache entry that no longer matches its record.
    static func damagedEntry(_ path: String, device: String, what: String, reason: String, source: String) -> Diagnostic {
        Diagnostic(
            file: path, check: CropCheck.cacheIntact, device: device, message: "the cached \(what) was damaged (\(reason)); made again from \(source)"
        )
    }

    private func diagnostic(_ check: some Check, _ document: DeviceDocument, _ file: ScreenshotFile, _ message: String) -> Diagnostic {
        Diagnostic(file: document.file, line: file.line, check: check, device: document.id, message: message)
    }
}

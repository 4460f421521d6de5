import Catalog
import Foundation
import PNGImage
import SlotGeometry

/// A file the build put into the site, by its path relative to the site's root.
public struct SiteImage: Hashable, Sendable {
    public var path: String
    public var width: Int
    public var height: Int
    public var bytes: Int
}

/// The images of one screenshot: the screenshot itself, its preview, and its crops by layout and slot.
struct ScreenshotImages {
    var screenshot: SiteImage
    var preview: SiteImage
    var crops: [LayoutKind: [SlotID: SiteImage]]
}

/// Crops every slot of every layout out of every screenshot, verifies each crop, makes previews,
/// and puts them into the staging site. Results are cached by content: a screenshot whose crops
/// and preview are all in the cache is not even decoded.
struct CropStage {
    static let previewWidth = 600
    /// Bumped when what the stage writes changes, so that old cache entries are not reused.
    static let cacheVersion = "crops-1"

    let options: BuildOptions
    let staging: String
    let settings = PNGEncodeSettings.default

    struct Result {
        var images: [LayoutKind?: [Appearance: ScreenshotImages]] = [:]
        var diagnostics: [Diagnostic] = []
        var crops = 0
        var cropsMade = 0
        var decoded = 0
    }

    /// The images of one device, from the screenshots that passed the screenshot checks (their
    /// files, by path relative to the content folder); the others have been reported.
    func run(_ document: DeviceDocument, screenshots: [String: [UInt8]]) -> Result {
        var result = Result()
        for (reference, appearance, screen, layouts) in document.allScreenshots {
            guard let bytes = screenshots[reference.path] else { continue }
            let zoom = layouts.count == 1 && layouts[0].isDisplayZoom ? layouts[0] : nil
            let resolved = document.profile.resolvedLayouts.filter { layouts.contains($0.kind) && !$0.slots.isEmpty }
            if let images = process(reference, bytes: bytes, appearance: appearance, screen: screen, layouts: resolved, document: document, result: &result) {
                result.images[zoom, default: [:]][appearance] = images
            }
        }
        return result
    }

    private func process(
        _ reference: ScreenshotReference, bytes: [UInt8], appearance: Appearance, screen: Screen, layouts: [ResolvedLayout],
        document: DeviceDocument, result: inout Result
    ) -> ScreenshotImages? {
        let source = (options.content as NSString).appendingPathComponent(reference.path)
        var fingerprint = ContentHash()
        fingerprint.add(bytes)
        fingerprint.add(Self.cacheVersion)

        let suffix = layouts.first.map { $0.kind.isDisplayZoom ? "-zoom" : "" } ?? ""
        let folder = "devices/\(document.id)"
        let screenshotImage = SiteImage(path: "\(folder)/screenshot\(suffix)-\(appearance.rawValue).png", width: screen.pixels.width, height: screen.pixels.height, bytes: bytes.count)

        struct Planned {
            var layout: LayoutKind
            var slot: Slot
            var cachePath: String
            var sitePath: String
        }
        var planned: [Planned] = []
        for layout in layouts {
            for slot in layout.slots {
                var key = fingerprint
                key.add("crop \(slot.rect) \(settings)")
                planned.append(
                    Planned(
                        layout: layout.kind, slot: slot, cachePath: cachePath(key),
                        sitePath: "\(folder)/\(layout.kind.rawValue)/\(appearance.rawValue)/\(slot.id.rawValue).png"))
            }
        }
        var previewKey = fingerprint
        previewKey.add("preview \(Self.previewWidth)")
        let previewCache = cachePath(previewKey)
        let previewHeight = Int((Double(screen.pixels.height) * Double(Self.previewWidth) / Double(screen.pixels.width)).rounded())

        let missing = planned.filter { options.clean || !FileManager.default.fileExists(atPath: $0.cachePath) }
        let previewMissing = options.clean || !FileManager.default.fileExists(atPath: previewCache)
        if !missing.isEmpty || previewMissing {
            let image: PNGImage
            do {
                image = try PNGImage(decoding: bytes)
            } catch {
                result.diagnostics.append(diagnostic(ScreenshotCheck.decodable.code, document, reference, error.naming(source).description))
                return nil
            }
            result.decoded += 1
            let jobs = missing.map { CropEncoder.Job(rect: $0.slot.rect, path: $0.cachePath) }
            for (job, outcome) in zip(missing, CropEncoder.write(image, jobs: jobs, settings: settings)) {
                if case .failure(let error) = outcome {
                    result.diagnostics.append(
                        Diagnostic(
                            file: source, severity: .error, code: CropCheck.exactCrop.code, device: document.id, layout: job.layout, slot: job.slot.id,
                            message: "crop \(job.slot.rect) (\(appearance.rawValue)): \(error.reason)"))
                }
            }
            result.cropsMade += missing.count
            if previewMissing {
                do {
                    try PNGImage.write(try image.downscaled(toWidth: Self.previewWidth).encoded(settings: settings), to: previewCache)
                } catch {
                    result.diagnostics.append(diagnostic(CropCheck.preview.code, document, reference, "preview of \(source): \(error.reason)"))
                }
            }
        }

        var crops: [LayoutKind: [SlotID: SiteImage]] = [:]
        for item in planned where FileManager.default.fileExists(atPath: item.cachePath) {
            if let size = place(item.cachePath, at: item.sitePath) {
                crops[item.layout, default: [:]][item.slot.id] = SiteImage(path: item.sitePath, width: item.slot.rect.width, height: item.slot.rect.height, bytes: size)
                result.crops += 1
            }
        }
        let previewPath = "\(folder)/preview\(suffix)-\(appearance.rawValue).png"
        // The screenshot is copied, never linked: editing the content must not change a built site.
        guard let previewBytes = place(previewCache, at: previewPath), place(source, at: screenshotImage.path, link: false) != nil else {
            return nil
        }
        return ScreenshotImages(
            screenshot: screenshotImage,
            preview: SiteImage(path: previewPath, width: Self.previewWidth, height: previewHeight, bytes: previewBytes),
            crops: crops)
    }

    private func cachePath(_ key: ContentHash) -> String {
        (options.cache as NSString).appendingPathComponent("\(key).png")
    }

    /// Puts a file into the staging site; its size. Cache files are hard-linked where possible
    /// (the cache only ever replaces files, never rewrites them); other files are copied.
    private func place(_ file: String, at sitePath: String, link: Bool = true) -> Int? {
        let destination = (staging as NSString).appendingPathComponent(sitePath)
        let manager = FileManager.default
        try? manager.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if !link || (try? manager.linkItem(atPath: file, toPath: destination)) == nil {
            guard (try? manager.copyItem(atPath: file, toPath: destination)) != nil else { return nil }
        }
        return (try? manager.attributesOfItem(atPath: destination)[.size] as? Int) ?? nil
    }

    private func diagnostic(_ code: String, _ document: DeviceDocument, _ reference: ScreenshotReference, _ message: String) -> Diagnostic {
        Diagnostic(file: document.file, line: reference.line, severity: .error, code: code, device: document.id, message: message)
    }
}

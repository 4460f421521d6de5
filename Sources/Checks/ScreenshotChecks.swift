import Catalog
import Foundation
import NativePNG
import SlotGeometry

/// What the screenshot checks found, and the screenshots that passed them (by their path
/// relative to the content folder). Only paths are kept: the build reads each screenshot again
/// when it crops it, so that its memory does not grow with the number of screenshots.
public struct ScreenshotCheckResult: Sendable {
    public var diagnostics: [Diagnostic] = []
    public var passed: Set<String> = []

    public init() {}
}

/// Runs the screenshot checks of a catalog, decoding only the PNG headers.
public enum ScreenshotChecks {
    /// The largest screenshot file read: a 16-bit Display P3 screenshot of the largest iPhone is
    /// about 25 MB.
    public static let maximumFileBytes = 64 * 1024 * 1024

    public static func run(_ catalog: Catalog, content: String) -> ScreenshotCheckResult {
        var result = ScreenshotCheckResult()
        let folder = ContentFolder(content)
        for document in catalog.devices {
            check(document, catalog: catalog, folder: folder, into: &result)
        }
        return result
    }

    /// Checks the screenshots of one device (of `catalog`, read from `folder`) into `result`.
    public static func check(_ document: DeviceDocument, catalog: Catalog, folder: ContentFolder, into result: inout ScreenshotCheckResult) {
        check(
            document, catalog: catalog, read: { relative throws(ContentFolder.ReadError) in try folder.bytes(relative, limit: maximumFileBytes) },
            into: &result)
    }

    /// Checks the screenshots of one profile, reading each file's bytes (by its path relative to
    /// the content folder) with `read`.
    static func check(
        _ document: DeviceDocument, catalog: Catalog, read: (String) throws(ContentFolder.ReadError) -> [UInt8],
        into result: inout ScreenshotCheckResult
    ) {
        func report(_ check: some Check, _ file: ScreenshotFile?, layout: LayoutKind? = nil, _ message: String) {
            result.diagnostics.append(
                Diagnostic(
                    file: document.file, line: file?.line, check: check, device: document.id, layout: layout, message: message))
        }
        for set in document.screenshotSets where !set.files.isEmpty {
            let zoom = set.displayZoom
            let spec = set.layouts.first.flatMap { kind in document.profile.layouts.first { $0.kind == kind } }
            for appearance in Appearance.allCases where set.files[appearance] == nil {
                report(
                    ScreenshotCheck.bothAppearances, set.ordered.first?.file, layout: zoom,
                    "no \(appearance.rawValue) screenshot: the gallery will show no \(appearance.rawValue) crops")
            }
            var sizes: [Appearance: PixelSize] = [:]
            var firstRead: (file: ScreenshotFile, bytes: [UInt8])?
            for (appearance, file) in set.ordered {
                let path = file.path
                let bytes: [UInt8]
                do {
                    bytes = try read(file.relativePath)
                } catch .missing {
                    report(ScreenshotCheck.present, file, layout: zoom, "the \(appearance.rawValue) screenshot \(path) does not exist")
                    continue
                } catch {
                    let message = "the \(appearance.rawValue) screenshot \(path) \(error)"
                    if error.check == .unreadableFile {
                        report(ScreenshotCheck.decodable, file, layout: zoom, message)
                    } else {
                        report(error.check, file, layout: zoom, message)
                    }
                    continue
                }
                if let first = firstRead, let sameness = sameness(first.file, first.bytes, file, bytes) {
                    report(ScreenshotCheck.distinctLightAndDark, file, layout: zoom, sameness)
                }
                firstRead = firstRead ?? (file, bytes)
                let header: (size: PixelSize, format: PNGFormat, colorChunks: [RawChunk])
                do {
                    header = try PNGRaster.header(of: bytes)
                } catch {
                    report(ScreenshotCheck.decodable, file, layout: zoom, error.naming(path).description)
                    continue
                }
                sizes[appearance] = header.size
                if let spec, let mismatch = catalog.sizeMismatch(header.size, device: document, layout: spec) {
                    report(ScreenshotCheck.exactSize, file, layout: zoom, "\(path) \(mismatch)")
                } else {
                    result.passed.insert(file.relativePath)
                }
            }
            if let light = sizes[.light], let dark = sizes[.dark], let mismatch = ScreenshotSizeMessage.lightAndDark(light: light, dark: dark) {
                report(ScreenshotCheck.sameSizeLightAndDark, set.files[.dark], layout: zoom, mismatch)
            }
        }
    }

    /// S006 for two files of one picture stored two ways, which only a decoder can tell (the
    /// build, which decodes both, says it): the message.
    public static func samePicture(light: String, dark: String) -> String {
        "the dark screenshot \(dark) is the light one, \(light), stored another way (every pixel the same at 8 bits): the dark crops would be the light ones"
    }

    /// Why the second screenshot of a screen is the first one again: the same path, or the same
    /// bytes under another name; nil when they differ.
    private static func sameness(_ first: ScreenshotFile, _ firstBytes: [UInt8], _ second: ScreenshotFile, _ secondBytes: [UInt8]) -> String? {
        if first.relativePath == second.relativePath {
            return "the light and dark screenshots are one file, \(second.path): the dark crops would be the light ones"
        }
        guard firstBytes == secondBytes else { return nil }
        return "the dark screenshot \(second.path) has the same bytes as the light one, \(first.path): the dark crops would be the light ones"
    }
}

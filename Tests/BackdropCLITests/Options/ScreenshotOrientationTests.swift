import Catalog
import Foundation
import NativePNG
import SlotGeometry
import TestFolders
import Testing
import Web

/// A screenshot is called landscape only when its size turned upright is a phone's: a size no
/// phone has in either orientation is said to be that, never blamed on the orientation. Tried at
/// every place that words a size that does not fit: `crop` without `--device` (no layout) and
/// with it (a mismatch), the build's screenshot checks (`Catalog.sizeMismatch`), and the browser
/// core's layout menu and crop plan.
@Suite struct ScreenshotOrientationTests {
    /// A size, and whether its upright turn is a phone's.
    struct Size: Sendable, CustomTestStringConvertible {
        var width: Int
        var height: Int
        var landscapePhone: Bool
        var size: PixelSize { PixelSize(width: width, height: height) }
        var testDescription: String { "\(width)x\(height)" }
    }

    static let sizes = [
        Size(width: 2622, height: 1206, landscapePhone: true),  // an iPhone 16 Pro turned
        Size(width: 3000, height: 1000, landscapePhone: false),  // wide, but no phone's size turned
        Size(width: 2623, height: 1206, landscapePhone: false),  // one pixel off a phone's, turned
        Size(width: 1000, height: 2000, landscapePhone: false),  // portrait, no phone's
    ]

    static let landscape =
        "the screenshot is in landscape: home-screen screenshots are portrait; turned upright it is 1206x2622, the size of iphone-16-pro screenshots"
    static let noPhone = "screenshots, in either orientation: was the screenshot resized, cropped or sent through a messaging app?"

    /// Checks one message for `size`.
    static func expectHint(_ message: String, _ size: Size) {
        if size.landscapePhone {
            #expect(message.contains(landscape), "\(message)")
        } else {
            #expect(!message.contains("landscape") && !message.contains("rotat"), "\(message)")
            #expect(message.contains("no device in the catalog has \(size.size) \(noPhone)"), "\(message)")
        }
    }

    /// Runs `body` with a small grey PNG of `size` (its path) in a new temporary folder.
    static func withScreenshot(_ size: Size, _ body: (_ folder: URL, _ path: String) throws -> Void) throws {
        try withTemporaryFolder("orientation") { folder in try body(folder, try screenshot(size, in: folder)) }
    }

    /// Writes a small grey PNG of `size` in `folder`; its path.
    static func screenshot(_ size: Size, in folder: URL) throws -> String {
        let format = PNGFormat(colorType: .grey, bitDepth: 8)
        let image = PNGRaster(
            width: size.width, height: size.height, format: format, pixels: [UInt8](repeating: 128, count: size.width * size.height))
        let path = folder.appendingPathComponent("shot.png").path
        try PNGRaster.write(try image.encoded(), to: path)
        return path
    }

    @Test(arguments: sizes) func cropWithoutADevice(_ size: Size) throws {
        try Self.withScreenshot(size) { folder, shot in
            let result = try CLIRunner.run(["crop", shot, "--out", folder.appendingPathComponent("crops").path])
            #expect(result.status == 1)
            Self.expectHint(result.stderr, size)
        }
    }

    @Test(arguments: sizes) func cropWithADevice(_ size: Size) throws {
        try Self.withScreenshot(size) { folder, shot in
            let result = try CLIRunner.run(
                ["crop", shot, "--device", "iphone-se-1st-gen", "--layout", "ios14", "--out", folder.appendingPathComponent("crops").path])
            #expect(result.status == 1)
            Self.expectHint(result.stderr, size)
        }
    }

    static let catalog = Catalog.load(content: CLIRunner.packageRoot.appendingPathComponent("content").path)

    @Test(arguments: sizes) func theBuildsScreenshotCheck(_ size: Size) throws {
        let device = try #require(Self.catalog.device("iphone-se-1st-gen"))
        let layout = try #require(device.profile.layouts.first { $0.kind == .ios14 })
        Self.expectHint(try #require(Self.catalog.sizeMismatch(size.size, device: device, layout: layout)), size)
    }

    static let geometry = try! GeometryCatalog(json: [UInt8](try! encodeJSON(GeometryDocument(catalog))))

    @Test(arguments: sizes) func theBrowserCoresMenu(_ size: Size) throws {
        guard case .string(let problem) = LayoutMenu.choices(size.size, in: Self.geometry)["problem"] else {
            Issue.record("no problem for \(size.size)")
            return
        }
        Self.expectHint(problem, size)
    }
}

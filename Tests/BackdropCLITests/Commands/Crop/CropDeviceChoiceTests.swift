import Catalog
import Foundation
import Gallery
import NativePNG
import SlotGeometry
import TestFolders
import Testing
import Web

/// `backdrop crop SCREENSHOT --out DIR` without `--device`: the phone is chosen from the
/// screenshot's size as the make page chooses it, and the choice is printed.
@Suite struct CropDeviceChoiceTests {
    static let content = CLIRunner.packageRoot.appendingPathComponent("content").path

    /// One bundled screenshot of every size the catalog's layouts take, by size.
    static let screenshots: [(size: PixelSize, path: String)] = {
        let catalog = Catalog.load(content: content)
        var found: [PixelSize: String] = [:]
        for document in catalog.devices {
            for set in document.screenshotSets {
                guard let file = set.ordered.first?.1, found[set.screen.pixels] == nil else { continue }
                found[set.screen.pixels] = file.path
            }
        }
        return found.map { (size: $0.key, path: $0.value) }.sorted { $0.path < $1.path }
    }()

    @Test func thereIsAScreenshotOfEverySharedSize() {
        #expect(Self.screenshots.count >= bundledDeviceCount)
        #expect(Self.screenshots.contains { $0.size == PixelSize(width: 1125, height: 2436) }, "the size two phones share")
    }

    @Test(arguments: screenshots.map(\.path))
    func withoutADeviceThePhoneAndLayoutAreTheMakePages(_ path: String) throws {
        let size = try #require(Self.screenshots.first { $0.path == path }?.size)
        let geometry = try GeometryCatalog(json: [UInt8](try GeometryFiles.json(Catalog.load(content: Self.content))))
        let page = try #require(LayoutMenu.defaultLayout(geometry.layouts.filter { $0.screenshot == size }))
        try withTemporaryFolder("backdrop-choice") { folder in
            let out = folder.appendingPathComponent("crops")

            let result = try CLIRunner.run(["crop", path, "--out", out.path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("\(path): chose \(page.device) ("), "\(result.stderr)")
            #expect(result.stdout.contains(", \(page.device) \(page.layout.rawValue): wrote and verified \(page.slots.count) of"), "\(result.stdout)")
            let shared = Set(geometry.layouts.filter { $0.screenshot == size }.map(\.device)).count > 1
            #expect(result.stderr.contains("choose it with --device") == shared, "the other phones of a shared size are named")
        }
    }

    @Test func aLayoutNarrowsTheChoiceAndASizeNoPhoneTakesIsRefused() throws {
        let shared = try #require(Self.screenshots.first { $0.size == PixelSize(width: 1125, height: 2436) }?.path)
        try withTemporaryFolder("backdrop-choice") { folder in
            let out = folder.appendingPathComponent("crops")

            let narrowed = try CLIRunner.run(["crop", shared, "--layout", "ios18", "--out", out.path])
            #expect(narrowed.status == 0, "\(narrowed.stderr)")
            #expect(narrowed.stdout.contains(", iphone-12-mini ios18: wrote and verified"), "only the 12 mini has an ios18 layout of this size")

            let none = try CLIRunner.run(["crop", shared, "--layout", "ios14-zoom", "--out", out.appendingPathComponent("none").path])
            #expect(none.status == 1)
            #expect(
                none.stderr.contains(
                    "no source gives the ios14-zoom layout (iOS 14–17, Display Zoom) of 1125x2436 screenshots (the layouts of this size: iphone-12-mini ios14"
                ), "\(none.stderr)")
            #expect(none.stderr.contains("--measured-from PLACED"))
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("none").path))

            let odd = out.appendingPathComponent("odd.png").path
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let blank = PNGRaster(
                width: 1000, height: 2000, format: PNGFormat(colorType: .rgb, bitDepth: 8), pixels: [UInt8](repeating: 90, count: 1000 * 2000 * 3))
            try PNGRaster.write(try blank.encoded(), to: odd)
            let unknown = try CLIRunner.run(["crop", odd, "--out", out.appendingPathComponent("unknown").path])
            #expect(unknown.status == 1)
            #expect(unknown.stderr.contains("\(odd): is 1000x2000 pixels; no device in the catalog has 1000x2000 screenshots"), "\(unknown.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("unknown").path))
        }
    }
}

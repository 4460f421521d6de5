import Catalog
import Cropping
import Foundation
import NativePNG
import SlotGeometry
import TestFolders
import Testing

/// `backdrop crop`'s work, in-process: the device and layout chosen for a screenshot's size, the
/// refusals (size mismatch, no known slot, output folder holding files, an input in the way, an
/// unknown device), and the crops written and verified.
@Suite struct CropJobTests {
    func request(_ shot: String, out: String, device: String? = nil, layout: LayoutKind? = nil, force: Bool = false) -> CropJob.Request {
        CropJob.Request(catalog: bundledCatalog, source: "content", screenshot: shot, device: device, layout: layout, out: out, force: force)
    }

    /// Runs the job, with the lines it says.
    func run(_ request: CropJob.Request) -> (result: Result<CropJob.Outcome, CropFailure>, said: [String]) {
        var said: [String] = []
        let result = Result { () throws(CropFailure) in try CropJob.run(request, say: { said.append($0) }) }
        return (result, said)
    }

    func failure(_ request: CropJob.Request) -> CropFailure? {
        if case .failure(let failure) = run(request).result { return failure }
        return nil
    }

    @Test func writesAndVerifiesEveryKnownSlotOfTheNamedLayout() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let shot = try scratch.screenshot(PixelSize(width: 1206, height: 2622))
        let (result, said) = run(request(shot, out: scratch.path("crops"), device: "iphone-16-pro", layout: .ios18))
        guard case .written(let written) = try result.get() else {
            Issue.record("not a catalog crop")
            return
        }
        #expect(said.isEmpty, "nothing to choose: \(said)")
        #expect(written.files.count == 11 && written.layout.slots.count == 11)
        #expect(scratch.files("crops") == written.files.sorted())
        #expect(written.bytes > 0)
        let source = try PNGRaster(contentsOfFile: shot)
        let crop = try PNGRaster(contentsOfFile: scratch.path("crops/small-middle-left.png"))
        #expect(crop.differences(from: try source.cropped(to: PixelRect(x: 87, y: 873, width: 486, height: 486))) == [])
        #expect(
            written.text.hasPrefix("\(shot): 1206x2622 8-bit RGB, iphone-16-pro ios18: wrote and verified 11 of 11 crops in \(scratch.path("crops"))")
        )
        #expect(CropJob.Outcome.written(written).text(json: true) == written.text)
    }

    @Test func aSharedSizeChoosesAPhoneAndNamesTheOthers() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let shot = try scratch.screenshot(PixelSize(width: 1125, height: 2436))
        let (chosen, said) = run(request(shot, out: scratch.path("any")))
        _ = try chosen.get()
        let device = try #require(said.first)
        #expect(device.hasPrefix("\(shot): chose "), "\(said)")
        #expect(device.hasSuffix("whose grid differs: if yours is one, choose it with --device"), "phones sharing the size are named: \(device)")

        let (narrowed, _) = run(request(shot, out: scratch.path("ios18"), layout: .ios18))
        guard case .written(let written) = try narrowed.get() else {
            Issue.record("not a catalog crop")
            return
        }
        #expect(written.device == "iphone-12-mini", "only the 12 mini has an ios18 layout of this size")

        let none = try #require(failure(request(shot, out: scratch.path("none"), layout: .ios14Zoom)))
        #expect(none.problems.first?.reason.hasPrefix("no source gives the ios14-zoom layout") == true, "\(none)")
        #expect(scratch.files("none") == nil)
    }

    @Test func aSizeMismatchIsRefusedWithNothingWritten() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let shot = try scratch.screenshot(PixelSize(width: 960, height: 2079))
        let refused = try #require(failure(request(shot, out: scratch.path("crops"), device: "iphone-12-mini", layout: .ios18)))
        #expect(refused.problems.count == 1)
        #expect(refused.problems[0].file == shot)
        #expect(refused.problems[0].reason.hasPrefix("is 960x2079 pixels, but iphone-12-mini ios18 screenshots are 1125x2436"), "\(refused)")
        #expect(!refused.isArgumentMistake)
        #expect(scratch.files("crops") == nil)
    }

    @Test func aLayoutWithNoKnownSlotIsRefused() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let content = scratch.folder.appendingPathComponent("content")
        try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("content"), to: content)
        try removeAirPositions(content: content)
        let catalog = Catalog.load(content: content.path)
        let layout = try #require(catalog.device("iphone-air")?.layout(.ios26))
        #expect(layout.slots.isEmpty, "the fixture: a layout with published sizes only")
        let shot = try scratch.screenshot(layout.screen.pixels)
        var sizesOnly = request(shot, out: scratch.path("crops"), device: "iphone-air")
        sizesOnly.catalog = catalog
        let refused = try #require(failure(sizesOnly))
        #expect(
            refused.problems.map(\.reason).first?.hasPrefix(
                "iphone-air ios26: no slot position is known yet, so there is nothing to crop (published sizes only); measure the layout") == true,
            "\(refused)")
        #expect(scratch.files("crops") == nil)

        var widgets = sizesOnly
        widgets.widgetsFrom = shot
        let noBackground = try #require(failure(widgets))
        #expect(noBackground.problems.first?.reason.hasPrefix("iphone-air ios26: no slot position is known, so no background was cropped") == true)
    }

    @Test func anUnknownDeviceIsAMistakeInTheArguments() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let refused = try #require(failure(request(scratch.path("absent.png"), out: scratch.path("crops"), device: "iphone-0")))
        #expect(refused.isArgumentMistake)
        #expect(refused.problems.first?.reason.hasPrefix("no device `iphone-0` in the catalog (content); known devices: ") == true)
    }

    @Test func anOutputFolderHoldingTheFilesIsRefusedUnlessForced() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let shot = try scratch.screenshot(PixelSize(width: 1206, height: 2622))
        let out = scratch.path("crops")
        _ = try run(request(shot, out: out, device: "iphone-16-pro", layout: .ios18)).result.get()
        let marker = Array("not a crop".utf8)
        try Data(marker).write(to: URL(fileURLWithPath: out + "/small-top-left.png"))

        let refused = try #require(failure(request(shot, out: out, device: "iphone-16-pro", layout: .ios18)))
        #expect(refused.problems.first?.file == out)
        #expect(refused.problems.first?.reason.hasPrefix("already holds 11 of the files this crop writes (") == true, "\(refused)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/small-top-left.png")) == Data(marker), "nothing was replaced")

        _ = try run(request(shot, out: out, device: "iphone-16-pro", layout: .ios18, force: true)).result.get()
        #expect(try PNGRaster(contentsOfFile: out + "/small-top-left.png").size == PixelSize(width: 486, height: 486))
    }

    @Test func theScreenshotIsNeverReplacedEvenWithForce() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FileManager.default.createDirectory(atPath: scratch.path("crops"), withIntermediateDirectories: true)
        let shot = try scratch.screenshot(PixelSize(width: 1206, height: 2622), name: "crops/small-top-left.png")
        let before = try Data(contentsOf: URL(fileURLWithPath: shot))
        let refused = try #require(failure(request(shot, out: scratch.path("crops"), device: "iphone-16-pro", layout: .ios18, force: true)))
        #expect(refused.problems.first?.reason.hasPrefix("is the screenshot \(shot) being cropped; a crop never replaces its input") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: shot)) == before)
        #expect(scratch.files("crops") == ["small-top-left.png"])
    }
}

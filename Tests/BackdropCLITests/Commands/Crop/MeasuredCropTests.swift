import Foundation
import NativePNG
import SlotGeometry
import TestFolders
import Testing
import WidgetMeasurement

/// `backdrop crop EMPTY --measured-from PLACED` on pairs painted by an independent painter
/// (Tests/CalibrationTests/Pairs/paint_pairs.py) at screen sizes no catalog has, on grids no
/// catalog layout has, in 8- and 16-bit, palette, grey and Display P3: every seen and implied slot
/// within 1 px of the painted grid, every crop equal to the empty page's region.
@Suite struct MeasuredCropTests {
    struct Pair: Decodable {
        var name: String
        var size: [Int]
        var format: String
        var files: [String: String]
        var seen: [String: [Int]]
        var all: [String: [Int]]
    }

    struct Measurement: Decodable {
        struct Slot: Decodable {
            var id: String
            var pixels: [String: Int]
            var kind: String
            var rowNamedByOrder: Bool
        }
        struct Undetermined: Decodable {
            var id: String
            var reason: String
        }
        var slots: [Slot]
        var undetermined: [Undetermined]
        var recordCommand: String
        var profileBlock: [String]
        var stillToSay: [String]
    }

    static let folder = CLIRunner.packageRoot.appendingPathComponent("Tests/CalibrationTests/Pairs")
    static let pairs: [Pair] = {
        struct Document: Decodable { var pairs: [Pair] }
        let data = try! Data(contentsOf: folder.appendingPathComponent("pairs.json"))
        return try! JSONDecoder().decode(Document.self, from: data).pairs
    }()

    static func rect(_ values: [Int]) -> PixelRect { PixelRect(x: values[0], y: values[1], width: values[2], height: values[3]) }

    @Test(arguments: pairs.map(\.name))
    func everySeenAndImpliedSlotIsWithinOnePixelAndEveryCropIsTheEmptyPagesRegion(_ name: String) throws {
        let pair = try #require(Self.pairs.first { $0.name == name })
        try withTemporaryFolder("measured") { folder in
            let out = folder.appendingPathComponent("crops")
            let empty = Self.folder.appendingPathComponent(pair.files["empty"]!).path
            let placed = Self.folder.appendingPathComponent(pair.files["placed"]!).path
            let result = try CLIRunner.run(["crop", empty, "--measured-from", placed, "--out", out.path, "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            let measurement = try JSONDecoder().decode(Measurement.self, from: Data(result.stdout.utf8))
            // The file beside the crops is what --json printed.
            let written = try Data(contentsOf: out.appendingPathComponent("measurement.json"))
            #expect(String(decoding: written, as: UTF8.self) == result.stdout)

            let source = try PNGRaster(contentsOfFile: empty)
            let byOrder = measurement.slots.contains { $0.rowNamedByOrder }
            for slot in measurement.slots {
                let rect = PixelRect(x: slot.pixels["x"]!, y: slot.pixels["y"]!, width: slot.pixels["width"]!, height: slot.pixels["height"]!)
                // Where no catalog layout and too few rows tell which row is which, the rectangle is
                // checked against the painted widget it measured, whatever its row is called.
                let truth =
                    byOrder ? pair.seen.values.map(Self.rect).first { $0.x == rect.x || abs($0.y - rect.y) <= 1 } : pair.all[slot.id].map(Self.rect)
                let painted = try #require(truth, "\(name) \(slot.id): no such slot painted")
                for (a, b) in [(rect.x, painted.x), (rect.y, painted.y), (rect.maxX, painted.maxX), (rect.maxY, painted.maxY)] {
                    #expect(abs(a - b) <= 1, "\(name) \(slot.id) (\(slot.kind)): \(rect) vs painted \(painted)")
                }
                #expect(slot.kind == (pair.seen[slot.id] != nil || byOrder ? "seen" : "implied"), "\(name) \(slot.id)")
                let crop = try PNGRaster(contentsOfFile: out.appendingPathComponent("\(slot.id).png").path)
                #expect(crop.format == source.format && crop.colorChunks == source.colorChunks, "\(name) \(slot.id): format or colour chunks")
                #expect(crop.differences(from: try source.cropped(to: rect)).isEmpty, "\(name) \(slot.id): crop differs from the empty page")
            }
            #expect(measurement.slots.count + measurement.undetermined.count == 11, "every slot is either measured or named as undetermined")
            if !byOrder {
                #expect(Set(measurement.slots.map(\.id)) == Set(pair.all.keys), "\(name): every slot of a grid with 2+ rows and both columns seen")
            } else {
                #expect(measurement.slots.count == pair.seen.count)
                #expect(
                    measurement.undetermined.allSatisfy {
                        $0.reason.contains("grid rules cannot give it") || $0.reason.contains("what lies below the second row seen is not known")
                    })
            }
            #expect(measurement.recordCommand.hasPrefix("backdrop calibrate \(placed) --empty \(empty) --into DEVICE --layout LAYOUT"))
            #expect(measurement.stillToSay.contains("the iOS version"))
            #expect(measurement.profileBlock.first == "  LAYOUT:")
        }
    }

    /// One family has one size on a phone: each small widget of a pair in turn, one edge of it two
    /// pixels in (the strip showing the empty page, as a widget placed off does), and every small
    /// crop still has the family's one size, the painted one, at the painted place.
    @Test(arguments: 0..<4) func aWidgetTwoPixelsOffGivesNoCropASizeOfItsOwn(_ index: Int) throws {
        let pair = try #require(Self.pairs.first { $0.name == "four-small-1000x2100" })
        let empty = Self.folder.appendingPathComponent(pair.files["empty"]!).path
        let (id, painted) = pair.seen.sorted { $0.key < $1.key }[index]
        let widget = Self.rect(painted)
        var placed = try PNGRaster(contentsOfFile: Self.folder.appendingPathComponent(pair.files["placed"]!).path)
        let page = try PNGRaster(contentsOfFile: empty)
        #expect(placed.format == .rgb8)
        // Edge `index` (left, top, right, bottom) moved 2 px into the widget.
        for y in widget.y..<widget.maxY {
            for x in widget.x..<widget.maxX {
                let inStrip = [x < widget.x + 2, y < widget.y + 2, x >= widget.maxX - 2, y >= widget.maxY - 2][index]
                guard inStrip else { continue }
                let offset = (y * placed.width + x) * 3
                placed.pixels.replaceSubrange(offset..<(offset + 3), with: page.pixels[offset..<(offset + 3)])
            }
        }
        try withTemporaryFolder("two-pixels-off") { folder in
            let moved = folder.appendingPathComponent("placed.png")
            try Data(try placed.encoded()).write(to: moved)
            let out = folder.appendingPathComponent("crops")
            let result = try CLIRunner.run(["crop", empty, "--measured-from", moved.path, "--out", out.path, "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            let measurement = try JSONDecoder().decode(Measurement.self, from: Data(result.stdout.utf8))
            let small = measurement.slots.filter { $0.id.hasPrefix("small-") }
            #expect(small.count == 6)
            for slot in small {
                let crop = try PNGRaster.header(of: Array(try Data(contentsOf: out.appendingPathComponent("\(slot.id).png"))))
                #expect(crop.size == PixelSize(width: 400, height: 400), "\(id) moved: \(slot.id) is \(crop.size)")
                if let truth = pair.all[slot.id].map(Self.rect) {
                    #expect([slot.pixels["x"], slot.pixels["y"]] == [truth.x, truth.y], "\(slot.id)")
                }
            }
        }
    }

    /// What an app hands the Swift API: the screenshot drawn into an 8-bit RGBA bitmap.
    static func rgba(_ path: String) throws -> WidgetMeasurement.RGBAImage {
        let image = try PNGRaster(contentsOfFile: path)
        var bytes = [UInt8]()
        bytes.reserveCapacity(image.size.width * image.size.height * 4)
        let rgb = image.normalizedRGB()
        for index in stride(from: 0, to: rgb.count, by: 3) {
            bytes += [UInt8((rgb[index] * 255).rounded()), UInt8((rgb[index + 1] * 255).rounded()), UInt8((rgb[index + 2] * 255).rounded()), 255]
        }
        return try #require(WidgetMeasurement.RGBAImage(width: image.size.width, height: image.size.height, bytes: bytes))
    }

    @Test(arguments: pairs.map(\.name))
    func theSwiftAPIGivesTheCommandLinesRectangles(_ name: String) throws {
        let pair = try #require(Self.pairs.first { $0.name == name })
        let empty = Self.folder.appendingPathComponent(pair.files["empty"]!).path
        let placed = Self.folder.appendingPathComponent(pair.files["placed"]!).path
        try withTemporaryFolder("measured") { folder in
            let out = folder.appendingPathComponent("crops")
            let result = try CLIRunner.run(["crop", empty, "--measured-from", placed, "--out", out.path, "--json"])
            let cli = try JSONDecoder().decode(Measurement.self, from: Data(result.stdout.utf8))
            let api = try WidgetMeasurement.measure(empty: try Self.rgba(empty), placed: try Self.rgba(placed))
            #expect(api.slots.map(\.id.rawValue) == cli.slots.map(\.id))
            for (ours, theirs) in zip(api.slots, cli.slots) {
                let r = ours.rect
                #expect(["x": r.x, "y": r.y, "width": r.width, "height": r.height] == theirs.pixels, "\(name) \(theirs.id)")
                #expect(ours.kind.rawValue == theirs.kind)
            }
            #expect(api.undetermined.map(\.id.rawValue) == cli.undetermined.map(\.id))
        }
    }

    @Test func theSwiftAPIRefusesBuffersOfTheWrongSize() {
        #expect(WidgetMeasurement.RGBAImage(width: 2, height: 2, bytes: [UInt8](repeating: 0, count: 15)) == nil)
        #expect(WidgetMeasurement.RGBAImage(width: 0, height: 2, bytes: []) == nil)
    }

    @Test func screenshotsOfDifferentSizesAreAClearErrorAndWriteNothing() throws {
        try withTemporaryFolder("measured") { folder in
            let out = folder.appendingPathComponent("crops")
            let empty = Self.folder.appendingPathComponent("four-small-1000x2100-empty.png").path
            let placed = Self.folder.appendingPathComponent("glass-16bit-900x1950-placed.png").path
            let result = try CLIRunner.run(["crop", empty, "--measured-from", placed, "--out", out.path])
            #expect(result.status == 1)
            #expect(result.stderr.contains("\(placed): is 900x1950 but the empty screenshot \(empty) is 1000x2100"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }

    @Test func anEmptyScreenshotOfAnotherPageIsAClearErrorAndWritesNothing() throws {
        try withTemporaryFolder("measured") { folder in
            // Another wallpaper: the same size, a different picture everywhere.
            let (width, height) = (1000, 2100)
            var pixels = [UInt8]()
            for y in 0..<height {
                for x in 0..<width { pixels += [UInt8(255 - x * 255 / width), UInt8((x + y) & 0xFF), UInt8(y * 255 / height)] }
            }
            let other = folder.appendingPathComponent("other-page.png").path
            try PNGRaster.write(
                try PNGRaster(width: width, height: height, format: PNGFormat(colorType: .rgb, bitDepth: 8), pixels: pixels).encoded(), to: other)
            let out = folder.appendingPathComponent("crops")
            let placed = Self.folder.appendingPathComponent("four-small-1000x2100-placed.png").path
            let result = try CLIRunner.run(["crop", other, "--measured-from", placed, "--out", out.path])
            #expect(result.status == 1)
            #expect(result.stderr.contains("\(placed): the two screenshots are not of the same page"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }

    /// The empty page again, one sample off by one (a second screenshot of the same empty page,
    /// not the same one twice, which is refused as that: `SameScreenshotTwiceTests`).
    @Test func aPageWithNoWidgetIsAClearErrorAndWritesNothing() throws {
        try withTemporaryFolder("measured") { folder in
            let out = folder.appendingPathComponent("crops")
            let empty = Self.folder.appendingPathComponent("four-small-1000x2100-empty.png").path
            var again = try PNGRaster(contentsOfFile: empty)
            again.pixels[0] ^= 1
            let placed = folder.appendingPathComponent("still-empty.png").path
            try PNGRaster.write(try again.encoded(), to: placed)
            let result = try CLIRunner.run(["crop", empty, "--measured-from", placed, "--out", out.path])
            #expect(result.status == 1)
            #expect(result.stderr.contains("\(placed): no widgets found"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }

    @Test func theOptionsAreChecked() throws {
        let both = try CLIRunner.run(["crop", "a.png", "--measured-from", "b.png", "--device", "iphone-12", "--out", "o"])
        #expect(both.status != 0 && both.stderr.contains("does not go with --device or --layout"))
        let json = try CLIRunner.run(["crop", "a.png", "--json", "--out", "o"])
        #expect(json.status != 0 && json.stderr.contains("--json prints the measurement of --measured-from"))
    }
}

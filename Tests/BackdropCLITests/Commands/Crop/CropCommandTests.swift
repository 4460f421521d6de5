import Foundation
import NativePNG
import SlotGeometry
import TestFolders
import Testing

@Suite struct CropCommandTests {
    /// The test's own folder, removed with the suite's value when the test ends.
    let temporary: TemporaryFolder
    var folder: URL { temporary.url }

    init() throws {
        temporary = try TemporaryFolder("backdrop-crop")
    }

    /// A screenshot-sized RGB gradient with a colour profile chunk, written to the test folder.
    func screenshot(_ width: Int, _ height: Int, name: String = "shot.png", bitDepth: Int = 8) throws -> String {
        let format = PNGFormat(colorType: .rgb, bitDepth: bitDepth)
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * format.bytesPerPixel)
        for y in 0..<height {
            for x in 0..<width {
                let samples = [x * 255 / width, y * 255 / height, (x ^ y) & 0xFF]
                for sample in samples {
                    if bitDepth == 16 { pixels += [UInt8(sample), UInt8((sample * 7) & 0xFF)] } else { pixels.append(UInt8(sample)) }
                }
            }
        }
        let image = PNGRaster(width: width, height: height, format: format, pixels: pixels, colorChunks: [.gamma(45455), .srgb(intent: 0)])
        let path = folder.appendingPathComponent(name).path
        try PNGRaster.write(try image.encoded(), to: path)
        return path
    }

    @Test func writesAndVerifiesEverySlot() throws {
        let shot = try screenshot(1206, 2622, bitDepth: 16)
        let out = folder.appendingPathComponent("crops").path
        let result = try CLIRunner.run(["crop", shot, "--device", "iphone-16-pro", "--layout", "ios18", "--out", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("wrote and verified 11 of 11 crops"))
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        let ios18Slots = SlotID.allCases.filter { LayoutKind.ios18.families.contains($0.family) }
        #expect(files == ios18Slots.map { "\($0.rawValue).png" }.sorted())
        let source = try PNGRaster(contentsOfFile: shot)
        let crop = try PNGRaster(contentsOfFile: out + "/small-middle-left.png")
        #expect(crop.size == PixelSize(width: 486, height: 486))
        #expect(crop.format == PNGFormat(colorType: .rgb, bitDepth: 16), "a 16-bit screenshot gives 16-bit crops")
        #expect(crop.colorChunks == source.colorChunks)
        #expect(crop.differences(from: try source.cropped(to: PixelRect(x: 87, y: 873, width: 486, height: 486))) == [])
    }

    @Test func aSizeMismatchNamesTheMatchingDeviceAndDisplayZoom() throws {
        let shot = try screenshot(960, 2079)
        let out = folder.appendingPathComponent("crops").path
        let result = try CLIRunner.run(["crop", shot, "--device", "iphone-12-mini", "--layout", "ios18", "--out", out])
        #expect(result.status != 0)
        #expect(
            result.stderr.contains(
                "\(shot): is 960x2079 pixels, but iphone-12-mini ios18 screenshots are 1125x2436; 960x2079 is iphone-12-mini with Display Zoom on: use --layout ios18-zoom"
            ))
        #expect(!FileManager.default.fileExists(atPath: out), "nothing is written for a wrong screenshot")
    }

    @Test func theNewestIOSLayoutIsChosenAndTheChoiceSaid() throws {
        let shot = try screenshot(1206, 2622)
        let out = folder.appendingPathComponent("crops").path
        // Three layouts fit: the newest iOS is chosen, and the choice is said.
        let chosen = try CLIRunner.run(["crop", shot, "--device", "iphone-16-pro", "--out", out])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        #expect(
            chosen.stderr.contains(
                "iphone-16-pro: chose ios26 (iOS 26–27, small icons), the newest iOS of its 3 layouts for 1206x2622 screenshots (ios18, ios18-large-icons, ios26); if the phone runs another, choose it with --layout"
            ))
        #expect(chosen.stdout.contains("iphone-16-pro ios26: wrote and verified 12 of 12 crops"))
        try FileManager.default.removeItem(atPath: out)
        let zoomed = try screenshot(960, 2079, name: "zoomed.png")
        let only = try CLIRunner.run(["crop", zoomed, "--device", "iphone-12-mini", "--out", out])
        #expect(only.status == 0, "\(only.stderr)")
        #expect(only.stdout.contains("iphone-12-mini ios18-zoom: wrote and verified 11 of 11 crops"))
    }

    @Test func badFilesGiveAClearErrorNamingTheFile() throws {
        let shot = try screenshot(1206, 2622)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: shot))
        let truncated = folder.appendingPathComponent("truncated.png").path
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
        let jpeg = folder.appendingPathComponent("photo.png").path
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46]).write(to: URL(fileURLWithPath: jpeg))
        let out = folder.appendingPathComponent("crops").path
        let cut = try CLIRunner.run(["crop", truncated, "--device", "iphone-16-pro", "--layout", "ios18", "--out", out])
        #expect(cut.status != 0)
        #expect(cut.stderr.contains("\(truncated): truncated: the file ends before the image is complete"))
        let wrongType = try CLIRunner.run(["crop", jpeg, "--device", "iphone-16-pro", "--layout", "ios18", "--out", out])
        #expect(wrongType.stderr.contains("\(jpeg): not a PNG file: it looks like a JPEG image"))
        let missing = try CLIRunner.run([
            "crop", folder.appendingPathComponent("nope.png").path, "--device", "iphone-16-pro", "--layout", "ios18", "--out", out,
        ])
        #expect(missing.stderr.contains("nope.png: cannot be read: no such file or folder"))
    }

    @Test func layoutsWithUnknownPositionsHaveNothingToCrop() throws {
        try SizesOnlyContent.with { content in
            let shot = try screenshot(1260, 2736)
            let out = folder.appendingPathComponent("crops").path
            let result = try CLIRunner.run(["crop", shot, "--device", "iphone-air", "--out", out, "--content", content.path])
            #expect(result.status != 0)
            #expect(
                result.stderr.contains(
                    "iphone-air ios26: no slot position is known yet, so there is nothing to crop (published sizes only); measure the layout"))
            #expect(!FileManager.default.fileExists(atPath: out), "nothing is written")
        }
    }

    @Test func encoderOptionsAreValidated() throws {
        let result = try CLIRunner.run(["crop", "x.png", "--device", "iphone-16-pro", "--out", "o", "--filters", "paeth,median"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("unknown filter `median`"))
    }
}

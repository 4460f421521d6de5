import Foundation
import NativePNG
import TestFolders
import TestSupport
import Testing

@Suite struct BadInputTests {
    static let valid = TestPNG(
        width: 40, height: 30, colorType: .rgb, bitDepth: 8, samples: testSamples(count: 40 * 30 * 3, maxValue: 255)
    ).bytes

    func error(_ bytes: [UInt8], pixelLimit: Int = PNGLimits.defaultPixelLimit) -> PNGError? {
        do {
            _ = try PNGRaster(decoding: bytes, pixelLimit: pixelLimit)
            return nil
        } catch {
            return error
        }
    }

    @Test func nonPNGInputNamesWhatItIs() {
        #expect(error(Array("hello, not an image".utf8))?.kind == .notPNG(detected: nil))
        #expect(error([])?.kind == .notPNG(detected: "an empty file"))
        #expect(error([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10])?.kind == .notPNG(detected: "a JPEG image"))
        let heic: [UInt8] = [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0]
        let heicError = error(heic)
        #expect(heicError?.kind == .notPNG(detected: "a HEIC image"))
        #expect(
            heicError?.reason
                == "not a PNG file: it looks like a HEIC image; an iPhone saves a screenshot as HEIF instead of PNG when its screen capture "
                + "format is HDR (Settings › General › Screen Capture): set it back and take the screenshot again")
        // A copy (a JPEG, GIF or WebP) says how to get the original; an empty file, to pick the screenshot itself.
        for copy in [[0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10], Array("GIF89a".utf8), Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8)] as [[UInt8]] {
            let reason = error(copy)?.reason ?? ""
            #expect(reason.contains("so this is a copy"), "\(reason)")
            #expect(reason.contains("take the screenshot again on the phone") && reason.contains("AirDrop, or Save to Files"), "\(reason)")
            #expect(!reason.contains("export the screenshot as PNG"), "converting a copy to PNG keeps its changed pixels")
        }
        #expect(
            error([])?.reason.hasSuffix(
                "pick the screenshot itself, a PNG file: take the screenshot again on the phone, "
                    + "or move the original in a way that keeps the file as it is: AirDrop, or Save to Files in the share sheet, not a messaging app or mail"
            ) == true)
    }

    @Test func truncatedFiles() {
        for length in [8, 20, 33, 60, Self.valid.count / 2, Self.valid.count - 13] {
            #expect(error(Array(Self.valid.prefix(length)))?.kind == .truncated, "cut at \(length)")
        }
    }

    @Test func badCRC() throws {
        var bytes = Self.valid
        bytes[bytes.count - 14] ^= 0xFF  // IDAT's CRC
        guard case .badChecksum = error(bytes)?.kind else {
            Issue.record("expected a CRC error, got \(String(describing: error(bytes)))")
            return
        }
        var header = Self.valid
        header[23] ^= 0x01  // the low byte of IHDR's height
        guard case .badChecksum = error(header)?.kind else {
            Issue.record("expected a CRC error in IHDR, got \(String(describing: error(header)))")
            return
        }
    }

    @Test func badIHDR() {
        var badDepth = Self.valid
        badDepth[24] = 3  // bit depth 3 does not exist
        badDepth.replaceSubrange(29..<33, with: bigEndian(TestPNG.crc32(Array(badDepth[12..<29]))))
        guard case .badHeader = error(badDepth)?.kind else {
            Issue.record("bit depth 3: \(String(describing: error(badDepth)))")
            return
        }
        var badType = Self.valid
        badType[25] = 5  // colour type 5 does not exist
        badType.replaceSubrange(29..<33, with: bigEndian(TestPNG.crc32(Array(badType[12..<29]))))
        guard case .badHeader = error(badType)?.kind else {
            Issue.record("colour type 5: \(String(describing: error(badType)))")
            return
        }
    }

    @Test func zeroSizes() {
        let zeroWidth = TestPNG(width: 0, height: 4, colorType: .grey, bitDepth: 8, samples: [])
        guard case .badHeader(let message) = error(zeroWidth.bytes)?.kind else {
            Issue.record("zero width: \(String(describing: error(zeroWidth.bytes)))")
            return
        }
        #expect(message.contains("width"))
        let zeroHeight = TestPNG(width: 4, height: 0, colorType: .grey, bitDepth: 8, samples: [])
        guard case .badHeader = error(zeroHeight.bytes)?.kind else {
            Issue.record("zero height")
            return
        }
    }

    @Test func imagesAboveThePixelLimitAreRefusedFromTheHeader() {
        // A header announcing 100000x100000 pixels with almost no data: refused before allocating 30 GB.
        var huge = Array(Self.valid.prefix(33))
        huge.replaceSubrange(16..<24, with: bigEndian(100_000) + bigEndian(100_000))
        huge.replaceSubrange(29..<33, with: bigEndian(TestPNG.crc32(Array(huge[12..<29]))))
        #expect(error(huge)?.kind == .tooLarge(width: 100_000, height: 100_000, limit: PNGLimits.defaultPixelLimit))
        #expect(error(Self.valid, pixelLimit: 1000)?.kind == .tooLarge(width: 40, height: 30, limit: 1000))
        #expect(error(Self.valid, pixelLimit: 1200) == nil)
    }

    @Test func errorsFromFilesNameTheFile() throws {
        try withTemporaryFolder("png") { folder in
            let path = folder.appendingPathComponent("light.png").path
            try Data(Self.valid.prefix(100)).write(to: URL(fileURLWithPath: path))
            #expect(throws: PNGError(.truncated, file: path)) { try PNGRaster(contentsOfFile: path) }
            let missing = folder.appendingPathComponent("dark.png").path
            do throws(PNGError) {
                _ = try PNGRaster(contentsOfFile: missing)
                Issue.record("a missing file decoded")
            } catch {
                #expect(error.description.hasPrefix("\(missing): cannot be read: no such file or folder"))
            }
        }
    }
}

import Foundation
import NativePNG
import SlotGeometry
import TestFolders
import TestSupport
import Testing

/// Colour chunks are read as the file has them and written back as they were read.
@Suite struct ColorChunkTests {
    static let profile = iccpChunk(name: "Display P3", profile: iccProfile())

    static func image(_ chunks: [(String, [UInt8])]) -> TestPNG {
        var (png, _) = DecodeTests.image(DecodeTests.Format(colorType: .rgba, bitDepth: 8), interlaced: false, width: 64, height: 48)
        png.chunks = chunks
        return png
    }

    /// libpng keeps only the first of iCCP and sRGB when a file has both (it says "too many
    /// profiles" and drops the profile after an sRGB chunk), derives gAMA and cHRM from sRGB, and
    /// writes only the iCCP of the two: every crop of such a screenshot failed its verification.
    @Test(arguments: [[("iCCP", profile), ("sRGB", [0])], [("sRGB", [0]), ("iCCP", profile)]] as [[(String, [UInt8])]])
    func aScreenshotWithBothAProfileAndAnSRGBChunkCropsAndVerifies(_ chunks: [(String, [UInt8])]) throws {
        let image = try PNGRaster(decoding: Self.image(chunks).bytes)
        #expect(image.warnings.isEmpty)
        #expect(image.colorChunks == [RawChunk(name: "iCCP", data: Self.profile), .srgb(intent: 0)])

        try withTemporaryFolder("colour") { folder in
            let rects = [PixelRect(x: 0, y: 0, width: 64, height: 48), PixelRect(x: 5, y: 7, width: 20, height: 11)]
            let jobs = rects.enumerated().map { CropEncoder.Job(rect: $1, path: folder.appendingPathComponent("\($0).png").path) }
            for (job, result) in zip(jobs, CropEncoder.write(image, jobs: jobs)) {
                _ = try result.get()
                let written = try PNGRaster.readBytes(job.path)
                #expect(TestPNG.chunkList(written).map(\.name).filter { $0 != "IDAT" } == ["IHDR", "iCCP", "sRGB", "IEND"])
            }
        }
    }

    @Test func onlyTheChunksInTheFileAreReported() throws {
        let srgb = try PNGRaster(decoding: Self.image([("sRGB", [0])]).bytes)
        #expect(srgb.colorChunks == [.srgb(intent: 0)], "libpng derives gAMA and cHRM from sRGB; the file has neither")
        let all = try PNGRaster(
            decoding: Self.image([
                ("gAMA", bigEndian(45455)), ("cHRM", [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000].flatMap { bigEndian(UInt32($0)) }),
                ("sRGB", [0]), ("iCCP", Self.profile), ("cICP", [1, 13, 0, 1]),
            ]).bytes)
        #expect(RawChunk.displayOrder(all.colorChunks) == ["iCCP", "sRGB", "gAMA", "cHRM", "cICP"])
        #expect(all.colorChunks.map(\.name) == ["iCCP", "gAMA", "sRGB", "cHRM", "cICP"], "in the order a crop writes them")
        #expect(all.warnings.isEmpty)
        let crop = try PNGRaster(decoding: try all.encoded(PixelRect(x: 1, y: 2, width: 3, height: 4)))
        #expect(crop.colorChunks == all.colorChunks)
    }

    @Test func theSampleScreenshotsChunksAreWrittenInLibpngsOrder() throws {
        let image = PNGRaster(width: 2, height: 1, format: .rgb8, pixels: [1, 2, 3, 4, 5, 6], colorChunks: [.gamma(45455), .srgb(intent: 0)])
        #expect(TestPNG.chunkList(try image.encoded()).map(\.name) == ["IHDR", "gAMA", "sRGB", "IDAT", "IEND"])
    }

    @Test func differencesNameThePixelsOrTheChunkThatDiffers() throws {
        let image = try PNGRaster(decoding: Self.image([("iCCP", Self.profile), ("sRGB", [0])]).bytes)
        #expect(image.differences(from: image).isEmpty)

        var noSRGB = image
        noSRGB.colorChunks.removeAll { $0.name == "sRGB" }
        #expect(noSRGB.differences(from: image) == [.colorChunk(name: "sRGB", expected: "rendering intent 0", found: nil)])
        #expect(image.differences(from: noSRGB) == [.colorChunk(name: "sRGB", expected: nil, found: "rendering intent 0")])

        var otherProfile = image
        otherProfile.colorChunks[0].data[200] ^= 1
        #expect(otherProfile.differences(from: image).map(\.description) == ["the iCCP chunk: other contents"])

        var pixels = image
        pixels.pixels[4 * (64 * 3 + 10) + 2] ^= 1
        pixels.pixels[4 * (64 * 9 + 1)] ^= 1
        #expect(pixels.differences(from: image) == [.pixels(count: 2, x: 10, y: 3)])

        var both = pixels
        both.colorChunks.append(.gamma(45455))
        let error = PNGError(
            .cropMismatch(rect: PixelRect(x: 0, y: 0, width: 64, height: 48), differences: both.differences(from: image)),
            file: "crop.png")
        #expect(
            error.description
                == "crop.png: decoded again, the crop differs from the screenshot region 64x48+0+0 in the pixels: 2 differ, the first at (10, 3); the gAMA chunk: not expected (found gamma 45455)"
        )

        let grey = PNGRaster(width: 64, height: 48, format: PNGFormat(colorType: .grey, bitDepth: 8), pixels: [UInt8](repeating: 0, count: 64 * 48))
        #expect(
            grey.differences(from: image).map(\.description) == [
                "the format: 8-bit RGBA expected, 8-bit grey found",
                "the iCCP chunk: missing (expected \"Display P3\", \(Self.profile.count) bytes stored)",
                "the sRGB chunk: missing (expected rendering intent 0)",
            ])
        #expect(
            try image.cropped(to: PixelRect(x: 0, y: 0, width: 4, height: 4)).differences(from: image) == [
                .size(expected: PixelSize(width: 64, height: 48), found: PixelSize(width: 4, height: 4))
            ])
    }
}

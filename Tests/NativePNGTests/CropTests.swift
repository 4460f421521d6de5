import Foundation
import NativePNG
import SlotGeometry
import TestFolders
import TestSupport
import Testing

@Suite struct CropTests {
    static let rect = PixelRect(x: 3, y: 2, width: 7, height: 5)

    @Test(arguments: DecodeTests.formats)
    func cropsKeepDepthChannelsAndPixels(_ format: DecodeTests.Format) throws {
        var (png, samples) = DecodeTests.image(format, interlaced: true)
        if format.colorType == .palette { png.chunks.append(("tRNS", [0, 64, 128])) }
        let image = try PNGRaster(decoding: png.bytes)
        let crop = try image.cropped(to: Self.rect)
        #expect(crop.format == image.format)
        #expect(crop.palette == image.palette)
        #expect(crop.transparency == image.transparency)

        // The crop's pixels, computed independently from the samples written.
        let channels = format.colorType.channels
        var expected: [Int] = []
        for y in Self.rect.y..<Self.rect.maxY {
            let start = (y * png.width + Self.rect.x) * channels
            expected += samples[start..<(start + Self.rect.width * channels)]
        }
        #expect(crop.pixels == decodedLayout(expected, bitDepth: format.bitDepth))

        // Encoded and decoded again, the crop is the same image.
        let reread = try PNGRaster(decoding: try image.encoded(Self.rect))
        #expect(reread.differences(from: crop) == [])
        #expect(reread.wasInterlaced == false)
    }

    @Test func colourChunksAreCarriedOver() throws {
        var (png, _) = DecodeTests.image(DecodeTests.Format(colorType: .rgb, bitDepth: 16), interlaced: false)
        png.chunks = [
            ("iCCP", iccpChunk(name: "Display P3", profile: iccProfile())),
            ("gAMA", bigEndian(45455)),
            ("cHRM", [31270, 32900, 68000, 32000, 26500, 69000, 15000, 6000].flatMap { bigEndian(UInt32($0)) }),
            ("cICP", [12, 13, 0, 1]),
        ]
        let image = try PNGRaster(decoding: png.bytes)
        let crop = try PNGRaster(decoding: try image.encoded(Self.rect))
        #expect(crop.colorChunks == image.colorChunks)
        #expect(crop.colorChunks.map(\.name) == ["iCCP", "gAMA", "cHRM", "cICP"])
        #expect(crop.format.bitDepth == 16)

        var srgb = png
        srgb.chunks = [("sRGB", [1]), ("gAMA", bigEndian(45455))]
        let srgbImage = try PNGRaster(decoding: srgb.bytes)
        let srgbCrop = try PNGRaster(decoding: try srgbImage.encoded(Self.rect))
        #expect(srgbCrop.colorChunks == [.gamma(45455), .srgb(intent: 1)])
    }

    @Test func greyImagesCarryAGreyProfile() throws {
        var (png, _) = DecodeTests.image(DecodeTests.Format(colorType: .grey, bitDepth: 8), interlaced: false)
        png.chunks = [("iCCP", iccpChunk(name: "Grey", profile: iccProfile(colorSpace: "GRAY")))]
        let image = try PNGRaster(decoding: png.bytes)
        #expect(image.colorProfileName == "Grey")
        #expect(try PNGRaster(decoding: try image.encoded(Self.rect)).colorChunks == image.colorChunks)
    }

    @Test func keyColourTransparencyIsCarriedOver() throws {
        var (png, _) = DecodeTests.image(DecodeTests.Format(colorType: .rgb, bitDepth: 8), interlaced: false)
        png.chunks = [("tRNS", [0, 1, 0, 2, 0, 3])]
        let image = try PNGRaster(decoding: png.bytes)
        #expect(try PNGRaster(decoding: try image.encoded(Self.rect)).transparency == .rgb(red: 1, green: 2, blue: 3))
    }

    @Test func rectanglesOutsideTheImageAreErrorsNeverClamped() throws {
        let (png, _) = DecodeTests.image(DecodeTests.Format(colorType: .rgb, bitDepth: 8), interlaced: false)
        let image = try PNGRaster(decoding: png.bytes)
        for rect in [
            PixelRect(x: 10, y: 0, width: 4, height: 4), PixelRect(x: -1, y: 0, width: 4, height: 4),
            PixelRect(x: 0, y: 8, width: 4, height: 4), PixelRect(x: 0, y: 0, width: 0, height: 4),
        ] {
            #expect(throws: PNGError(.rectOutsideImage(rect: rect, width: 13, height: 11))) {
                try image.cropped(to: rect)
            }
            #expect(throws: PNGError.self) { try image.encoded(rect) }
        }
        #expect(
            PNGError(.rectOutsideImage(rect: PixelRect(x: 10, y: 0, width: 4, height: 4), width: 13, height: 11)).reason
                == "crop 4x4+10+0 does not lie inside the 13x11 image")
    }

    @Test func cropEncoderWritesAndVerifiesEveryJobAndReportsBadOnesInPlace() throws {
        try withTemporaryFolder("crops") { folder in
            let (png, _) = DecodeTests.image(DecodeTests.Format(colorType: .rgba, bitDepth: 8), interlaced: false, width: 64, height: 48)
            let image = try PNGRaster(decoding: png.bytes)
            let rects = (0..<12).map { PixelRect(x: $0 * 4, y: $0 * 3, width: 16, height: 12) } + [PixelRect(x: 60, y: 0, width: 8, height: 8)]
            let jobs = rects.enumerated().map { CropEncoder.Job(rect: $1, path: folder.appendingPathComponent("\($0).png").path) }
            let results = CropEncoder.write(image, jobs: jobs)
            #expect(results.count == rects.count)
            for (job, result) in zip(jobs.dropLast(), results) {
                let written = try result.get()
                let decoded = try PNGRaster(contentsOfFile: job.path)
                #expect(decoded.differences(from: try image.cropped(to: job.rect)) == [])
                #expect(written == (try PNGRaster.readBytes(job.path)), "the file's bytes, as read back to verify it")
            }
            guard case .failure(let error) = results.last else {
                Issue.record("a rect outside the image was encoded")
                return
            }
            #expect(error.kind == .rectOutsideImage(rect: PixelRect(x: 60, y: 0, width: 8, height: 8), width: 64, height: 48))
        }
    }

    @Test func aJobThatCannotBeWrittenFailsAlone() throws {
        let (png, _) = DecodeTests.image(DecodeTests.Format(colorType: .rgb, bitDepth: 8), interlaced: false)
        let image = try PNGRaster(decoding: png.bytes)
        let results = CropEncoder.write(image, jobs: [CropEncoder.Job(rect: Self.rect, path: "/nonexistent/folder/crop.png")])
        guard case .failure(let error) = results.first else {
            Issue.record("wrote into a missing folder")
            return
        }
        #expect(error.file == "/nonexistent/folder/crop.png")
    }

    @Test func encodingSettingsChangeSizeNotPixels() throws {
        let (png, _) = DecodeTests.image(DecodeTests.Format(colorType: .rgb, bitDepth: 8), interlaced: false, width: 200, height: 100)
        let image = try PNGRaster(decoding: png.bytes)
        let fast = try image.encoded(settings: PNGEncodeSettings(compressionLevel: 1, filters: PNGEncodeSettings.Filter.none, strategy: 0))
        let stored = try image.encoded(settings: PNGEncodeSettings(compressionLevel: 0, filters: PNGEncodeSettings.Filter.none, strategy: 0))
        #expect(stored.count > 200 * 100 * 3)
        #expect(try PNGRaster(decoding: fast).pixels == image.pixels)
        #expect(try PNGRaster(decoding: stored).pixels == image.pixels)
    }
}

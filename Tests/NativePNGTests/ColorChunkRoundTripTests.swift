import Foundation
import NativePNG
import SlotGeometry
import TestFolders
import TestSupport
import Testing

/// Cases the PNG fuzz target found (Fixtures/fuzz/), each as a plain test: a crop of an image
/// libpng reads must verify, whatever libpng's writer does differently.
@Suite struct ColorChunkRoundTripTests {
    /// Crops `chunks` on a small RGB image with CropEncoder (which verifies the file it writes);
    /// the decoded source and the written crop's bytes.
    func cropVerifies(_ chunks: [(String, [UInt8])]) throws -> (PNGRaster, [UInt8]) {
        var (png, _) = DecodeTests.image(DecodeTests.Format(colorType: .rgb, bitDepth: 8), interlaced: false)
        png.chunks = chunks
        let image = try PNGRaster(decoding: png.bytes)
        return try withTemporaryFolder("crop") { folder in
            let path = folder.appendingPathComponent("crop.png").path
            _ = try #require(CropEncoder.write(image, jobs: [CropEncoder.Job(rect: PixelRect(x: 2, y: 3, width: 7, height: 5), path: path)]).first)
                .get()
            return (image, try PNGRaster.readBytes(path))
        }
    }

    /// A profile's name is read as the file stores it, one Latin-1 character a byte: the crop
    /// carries the chunk as it is stored, whatever libpng's writer would make of the keyword.
    @Test func profileNamesAreReadAsTheFileStoresThem() throws {
        let profile = TestPNG.zlibStored(iccProfile())
        for (name, expected) in [([0x01] + Array("Gey".utf8), "\u{01}Gey"), ([0x43, 0x61, 0x66, 0xE9], "Caf\u{E9}")] as [([UInt8], String)] {
            let chunk = name + [0, 0] + profile
            let (image, crop) = try cropVerifies([("iCCP", chunk)])
            #expect(image.colorProfileName == expected)
            #expect(TestPNG.chunkData(named: "iCCP", in: crop) == chunk)
            #expect(image.warnings == [])
        }
    }

    /// A crop carries the screenshot's iCCP chunk as the file stores it (here a stored, uncompressed
    /// deflate stream, which libpng's writer never makes), not libpng's recompression of the
    /// profile: the browser core copies the chunk too, and the two must write the same bytes.
    @Test func theProfileChunkIsCopiedAsTheFileStoresIt() throws {
        let stored = iccpChunk(name: "Display P3", profile: iccProfile())
        let (image, crop) = try cropVerifies([("iCCP", stored)])
        #expect(image.colorChunks == [RawChunk(name: "iCCP", data: stored)])
        #expect(TestPNG.chunkData(named: "iCCP", in: crop) == stored)
        #expect(try PNGRaster(decoding: crop).colorChunks == image.colorChunks)
    }

    /// A profile whose PCS illuminant is not D50 is kept (libpng only warned of it) and written
    /// as the file stores it.
    @Test func aProfileWhoseIlluminantIsNotD50IsKept() throws {
        var profile = iccProfile()
        profile[70] ^= 0x01
        let chunk = iccpChunk(name: "Display P3", profile: profile)
        let (image, _) = try cropVerifies([("iCCP", chunk)])
        #expect(image.colorChunks == [RawChunk(name: "iCCP", data: chunk)])
        #expect(image.warnings == [])
    }

    /// libpng reads a tRNS key colour no sample can reach but does not write it: it is ignored,
    /// which changes no pixel.
    @Test func aTransparentColourOutOfTheSamplesRangeIsIgnored() throws {
        for (format, key, depth) in [((PNGColorType.grey, 2), bigEndian(128).suffix(2), 2), ((.rgb, 8), [0, 1, 1, 0, 0, 3], 8)] {
            var (png, _) = DecodeTests.image(DecodeTests.Format(colorType: format.0, bitDepth: format.1), interlaced: false)
            png.chunks = [("tRNS", Array(key))]
            let image = try PNGRaster(decoding: png.bytes)
            #expect(image.transparency == nil)
            #expect(image.warnings.last == "tRNS: the transparent colour is out of range for \(depth)-bit samples, so no pixel has it; ignored")
            #expect(try PNGRaster(decoding: try image.encoded(PixelRect(x: 1, y: 1, width: 3, height: 3))).transparency == nil)
        }
    }

    /// After the image data and another chunk, libpng's progressive reader starts the image again
    /// at an IDAT chunk (the sequential reader skipped it with a warning).
    @Test func imageDataSplitByAnotherChunkIsRefused() throws {
        let (png, _) = DecodeTests.image(DecodeTests.Format(colorType: .rgb, bitDepth: 8), interlaced: false)
        var bytes = png.bytes
        bytes.insert(contentsOf: TestPNG.chunk("tEXt", Array("a\0b".utf8)) + TestPNG.chunk("IDAT", [0]), at: bytes.count - 12)
        #expect(throws: PNGError(.corrupt("the image data is split: another chunk comes between two IDAT chunks"))) {
            try PNGRaster(decoding: bytes)
        }
    }
}

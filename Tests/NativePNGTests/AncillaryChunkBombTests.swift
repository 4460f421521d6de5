import NativePNG
import TestSupport
import Testing

@Suite struct AncillaryChunkBombTests {
    static let (png, samples) = DecodeTests.image(DecodeTests.Format(colorType: .rgb, bitDepth: 8), interlaced: false)

    /// The test image with `chunks` before its IDAT, decoded: its pixels must be intact.
    func decode(_ chunks: [(String, [UInt8])]) throws -> PNGRaster {
        var png = Self.png
        png.chunks = chunks
        let image = try PNGRaster(decoding: png.bytes)
        #expect(image.pixels == decodedLayout(Self.samples, bitDepth: 8))
        return image
    }

    static let gigabyte = TestPNG.zlib(zeros: 1 << 30)

    /// Text, suggested palettes, EXIF and unknown chunks are never used: they are CRC-checked and
    /// skipped, whatever their size or number, without being buffered or inflated.
    @Test func chunksTheDecoderDoesNotUseAreSkippedUnread() throws {
        let kinds: [(String, [UInt8])] = [
            ("zTXt", Array("Comment".utf8) + [0, 0] + Self.gigabyte),
            ("iTXt", Array("XML:com.adobe.xmp".utf8) + [0, 1, 0, 0, 0] + Self.gigabyte),
            ("tEXt", Array("Comment".utf8) + [0] + [UInt8](repeating: 0x41, count: 1_000_000)),
            ("sPLT", Array("palette".utf8) + [0, 8] + [UInt8](repeating: 7, count: 6 * 200_000)),
            ("eXIf", Array("MM".utf8) + [UInt8](repeating: 0, count: 1_000_000)),
            // Larger than any limit libpng would hold a chunk to.
            ("biGg", [UInt8](repeating: 1, count: PNGLimits.maxColorProfileSize + 1)),
        ]
        for kind in kinds {
            let image = try decode([kind])
            #expect(image.warnings.isEmpty, "\(kind.0): \(image.warnings)")
            #expect(image.colorChunks.isEmpty)
        }
    }

    @Test func twentyThousandChunksOfEachKindAreSkipped() throws {
        for (name, data) in [
            ("tEXt", Array("Comment\0hello".utf8)), ("zTXt", Array("Comment".utf8) + [0, 0] + TestPNG.zlib(zeros: 100_000)),
            ("iTXt", Array("Comment".utf8) + [0, 0, 0, 0, 0] + Array("hello".utf8)), ("sPLT", Array("p".utf8) + [0, 8, 1, 2, 3, 4, 5, 6]),
            ("quIt", [1, 2, 3]),
        ] {
            let image = try decode(Array(repeating: (name, data), count: 20_000))
            #expect(image.warnings.isEmpty, "\(name): \(image.warnings)")
        }
    }

    @Test func aProfileThatInflatesPastTheLimitIsDroppedWithAWarning() throws {
        // A header declaring a 1 GiB profile, then a gigabyte of zeros: inflating stops one byte
        // past the limit.
        var header = [UInt8](repeating: 0, count: 132)
        header.replaceSubrange(0..<4, with: bigEndian(1 << 30))
        let image = try decode([("iCCP", Array("Bomb".utf8) + [0, 0] + TestPNG.zlib(prefix: header, zeros: 1 << 30))])
        #expect(image.colorProfileName == nil)
        #expect(
            image.warnings == [
                "iCCP: the profile inflates to more than the limit of \(PNGLimits.maxColorProfileSize) bytes; the colour profile was dropped"
            ])
    }

    @Test func aProfileChunkLargerThanTheLimitIsDroppedUnread() throws {
        let profile = iccProfile()
        let huge =
            Array("Display P3".utf8) + [0, 0] + TestPNG.zlib(prefix: profile, zeros: 0)
            + [UInt8](repeating: 0, count: PNGLimits.maxColorProfileSize)
        let image = try decode([("iCCP", huge)])
        #expect(image.colorProfileName == nil)
        #expect(
            image.warnings == [
                "iCCP: the chunk is \(huge.count) bytes, more than the limit of \(PNGLimits.maxColorProfileSize) bytes for a colour profile; it was dropped"
            ])
    }

    @Test func aProfileWithinTheLimitIsKeptWhateverItsCompression() throws {
        let profile = iccProfile()
        let chunk = Array("Display P3".utf8) + [0, 0] + TestPNG.zlib(prefix: profile, zeros: 0)
        let image = try decode([("iCCP", chunk)])
        #expect(image.colorChunks == [RawChunk(name: "iCCP", data: chunk)], "as the file stores it")
        #expect(image.warnings.isEmpty)
    }

    /// Only the first chunk of each colour kind is read; one warning says the others were not.
    @Test func twentyThousandColourChunksOfAKindReadTheFirstAndWarnOnce() throws {
        let profile = iccpChunk(name: "Display P3", profile: iccProfile())
        let kinds: [(String, [UInt8])] = [
            ("iCCP", profile), ("sRGB", [1]), ("gAMA", bigEndian(45455)), ("cHRM", [UInt8](repeating: 1, count: 32)),
            ("cICP", [12, 13, 0, 1]), ("mDCV", [UInt8](repeating: 2, count: 24)), ("cLLI", [UInt8](repeating: 3, count: 8)),
        ]
        for (name, data) in kinds {
            let image = try decode(Array(repeating: (name, data), count: 20_000))
            #expect(image.colorChunks == [RawChunk(name: name, data: data)], "\(name): the first, byte for byte")
            #expect(image.warnings == ["\(name): more than one \(name) chunk; only the first is used"])
        }
    }

    @Test func colourChunksOfTheWrongSizeAreIgnoredWithAWarning() throws {
        for (name, size, valid) in [("sRGB", 2, 1), ("gAMA", 1_000_000, 4), ("cHRM", 8, 32), ("cICP", 5, 4), ("mDCV", 0, 24), ("cLLI", 9, 8)] {
            let image = try decode([(name, [UInt8](repeating: 1, count: size))])
            #expect(image.colorChunks.isEmpty, "\(name)")
            #expect(image.warnings == ["\(name): \(size) bytes instead of \(valid); ignored"])
        }
    }
}

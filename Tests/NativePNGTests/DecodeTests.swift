import NativePNG
import TestSupport
import Testing

@Suite struct DecodeTests {
    struct Format: CustomTestStringConvertible, Sendable {
        var colorType: PNGColorType
        var bitDepth: Int
        var testDescription: String { PNGFormat(colorType: colorType, bitDepth: bitDepth).description }
    }

    /// Every colour type with every bit depth PNG allows for it.
    static let formats: [Format] =
        [1, 2, 4, 8, 16].map { Format(colorType: .grey, bitDepth: $0) }
        + [8, 16].map { Format(colorType: .rgb, bitDepth: $0) }
        + [1, 2, 4, 8].map { Format(colorType: .palette, bitDepth: $0) }
        + [8, 16].map { Format(colorType: .greyAlpha, bitDepth: $0) }
        + [8, 16].map { Format(colorType: .rgba, bitDepth: $0) }

    static func image(_ format: Format, interlaced: Bool, width: Int = 13, height: Int = 11) -> (TestPNG, [Int]) {
        let maxValue = (1 << format.bitDepth) - 1
        let samples = testSamples(count: width * height * format.colorType.channels, maxValue: maxValue, seed: UInt64(format.bitDepth))
        var png = TestPNG(
            width: width, height: height, colorType: format.colorType, bitDepth: format.bitDepth, samples: samples,
            interlaced: interlaced)
        if format.colorType == .palette {
            let entries = 1 << format.bitDepth
            png.chunks = [("PLTE", (0..<(entries * 3)).map { UInt8(($0 * 37) & 0xFF) })]
        }
        return (png, samples)
    }

    @Test(arguments: formats, [false, true])
    func decodesEveryColourTypeAndDepth(_ format: Format, interlaced: Bool) throws {
        let (png, samples) = Self.image(format, interlaced: interlaced)
        let image = try PNGRaster(decoding: png.bytes)
        #expect(image.width == 13 && image.height == 11)
        #expect(image.format == PNGFormat(colorType: format.colorType, bitDepth: format.bitDepth))
        #expect(image.wasInterlaced == interlaced)
        #expect(image.pixels == decodedLayout(samples, bitDepth: format.bitDepth))
        if format.colorType == .palette { #expect(image.palette.count == (1 << format.bitDepth) * 3) }
    }

    /// Every combination of empty Adam7 passes: the decoder knows the image is complete only when
    /// the last pass has reached the last row.
    @Test func interlacedImagesOfEverySmallSizeDecode() throws {
        for width in 1...9 {
            for height in 1...9 {
                let samples = testSamples(count: width * height * 3, maxValue: 255, seed: UInt64(width * 10 + height))
                let png = TestPNG(width: width, height: height, colorType: .rgb, bitDepth: 8, samples: samples, interlaced: true)
                #expect(try PNGRaster(decoding: png.bytes).pixels == decodedLayout(samples, bitDepth: 8), "\(width)x\(height)")
            }
        }
    }

    @Test func paletteTransparencyIsRead() throws {
        var (png, _) = Self.image(Format(colorType: .palette, bitDepth: 8), interlaced: false)
        png.chunks.append(("tRNS", [0, 128, 255]))
        let image = try PNGRaster(decoding: png.bytes)
        #expect(image.transparency == .paletteAlpha([0, 128, 255]))
    }

    @Test func keyColourTransparencyIsRead() throws {
        var (grey, _) = Self.image(Format(colorType: .grey, bitDepth: 16), interlaced: false)
        grey.chunks = [("tRNS", [0x12, 0x34])]
        #expect(try PNGRaster(decoding: grey.bytes).transparency == .grey(0x1234))
        var (rgb, _) = Self.image(Format(colorType: .rgb, bitDepth: 8), interlaced: false)
        rgb.chunks = [("tRNS", [0, 1, 0, 2, 0, 3])]
        #expect(try PNGRaster(decoding: rgb.bytes).transparency == .rgb(red: 1, green: 2, blue: 3))
    }

    @Test func colourChunksAreRead() throws {
        var (png, _) = Self.image(Format(colorType: .rgb, bitDepth: 8), interlaced: false)
        let profile = iccProfile()
        png.chunks = [
            ("iCCP", iccpChunk(name: "Display P3", profile: profile)),
            ("gAMA", bigEndian(45455)),
            ("cHRM", [31270, 32900, 68000, 32000, 26500, 69000, 15000, 6000].flatMap { bigEndian(UInt32($0)) }),
            ("cICP", [12, 13, 0, 1]),
        ]
        let image = try PNGRaster(decoding: png.bytes)
        #expect(
            image.colorChunks == [
                RawChunk(name: "iCCP", data: iccpChunk(name: "Display P3", profile: profile)), .gamma(45455),
                .chromaticities([31270, 32900, 68000, 32000, 26500, 69000, 15000, 6000]), RawChunk(name: "cICP", data: [12, 13, 0, 1]),
            ])
        #expect(image.colorProfileName == "Display P3")
    }

    @Test func sRGBChunkIsRead() throws {
        var (png, _) = Self.image(Format(colorType: .rgba, bitDepth: 8), interlaced: false)
        png.chunks = [("sRGB", [0])]
        #expect(try PNGRaster(decoding: png.bytes).colorChunks == [.srgb(intent: 0)])
    }

    @Test func headerOnlyReadsNoPixels() throws {
        let (png, _) = Self.image(Format(colorType: .rgb, bitDepth: 16), interlaced: true, width: 1206, height: 3)
        let header = try PNGRaster.header(of: png.bytes)
        #expect(header.size.width == 1206)
        #expect(header.format == PNGFormat(colorType: .rgb, bitDepth: 16))
    }
}

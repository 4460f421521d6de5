import Foundation
import NativePNG
import PNGCodec
import SlotGeometry
import TestSupport
import Testing

extension PNGCodecSuites {
    /// PNGCodec's decoding and crops against libpng's (`PNGRaster`), on files neither wrote
    /// (`TestPNG`, an independent writer): every colour type and bit depth, Adam7, palettes with
    /// transparency, key colours and every colour chunk.
    @Suite struct LibpngEqualityTests {
        struct Kind: CustomTestStringConvertible, Sendable {
            var colorType: PNGColorType
            var bitDepth: Int
            var interlaced: Bool
            var testDescription: String { "\(PNGFormat(colorType: colorType, bitDepth: bitDepth))\(interlaced ? " Adam7" : "")" }
        }

        static let kinds: [Kind] = {
            let formats: [(PNGColorType, [Int])] = [
                (.grey, [1, 2, 4, 8, 16]), (.greyAlpha, [8, 16]), (.rgb, [8, 16]), (.rgba, [8, 16]), (.palette, [1, 2, 4, 8]),
            ]
            return formats.flatMap { type, depths in
                depths.flatMap { depth in [false, true].map { Kind(colorType: type, bitDepth: depth, interlaced: $0) } }
            }
        }()

        /// A 37×29 image of `kind` with pseudo-random samples, its transparency chunk and colour chunks.
        static func fixture(_ kind: Kind, width: Int = 37, height: Int = 29) -> TestPNG {
            let maxSample = kind.colorType == .palette ? min(5, (1 << kind.bitDepth) - 1) : (1 << kind.bitDepth) - 1
            let samples = testSamples(count: width * height * kind.colorType.channels, maxValue: maxSample, seed: UInt64(kind.bitDepth))
            var png = TestPNG(
                width: width, height: height, colorType: kind.colorType, bitDepth: kind.bitDepth, samples: samples,
                interlaced: kind.interlaced)
            png.chunks = [
                (
                    "iCCP",
                    iccpChunk(
                        name: "Display P3", profile: iccProfile(colorSpace: kind.colorType == .grey || kind.colorType == .greyAlpha ? "GRAY" : "RGB ")
                    )
                ),
                ("gAMA", bigEndian(45455)), ("cHRM", (0..<8).flatMap { bigEndian(UInt32(10000 * ($0 + 1))) }), ("cICP", [1, 13, 0, 1]),
            ]
            switch kind.colorType {
            case .palette:
                let entries = min(6, 1 << kind.bitDepth)
                png.chunks.append(("PLTE", (0..<(entries * 3)).map { UInt8(($0 * 41) % 256) }))
                png.chunks.append(("tRNS", Array([UInt8(0), 128].prefix(entries))))
            case .grey: png.chunks.append(("tRNS", [UInt8((maxSample / 2) >> 8), UInt8((maxSample / 2) & 0xFF)]))
            case .rgb: png.chunks.append(("tRNS", [0, 1, 0, 2, 0, 3]))
            default: break
            }
            return png
        }

        @Test(arguments: kinds) func decodesAsLibpngDoes(_ kind: Kind) throws {
            let bytes = Self.fixture(kind).bytes
            let libpng = try PNGRaster(decoding: bytes)
            let ours = try Codec.decode(bytes)
            // One image type: the two decoders' images are compared whole, colour chunks byte for byte.
            #expect(ours.differences(from: libpng) == [])
            #expect(ours.colorChunks == libpng.colorChunks)
            #expect(ours.wasInterlaced == libpng.wasInterlaced)
            #expect(ours.normalizedRGB() == libpng.normalizedRGB())
        }

        /// The image data split over many IDAT chunks (libpng writes them 8 KB long, Pillow 64 KB):
        /// joined in order, the same image as libpng's.
        @Test(arguments: kinds) func joinsImageDataSplitOverManyChunks(_ kind: Kind) throws {
            var png = Self.fixture(kind)
            png.idatSize = 29
            let bytes = png.bytes
            #expect(Chunks.of(bytes).filter { $0.name == "IDAT" }.count > 2)
            #expect(try Codec.decode(bytes).differences(from: PNGRaster(decoding: bytes)) == [])
        }

        @Test(arguments: kinds) func cropsAsLibpngCrops(_ kind: Kind) throws {
            let bytes = Self.fixture(kind).bytes
            let libpng = try PNGRaster(decoding: bytes)
            let raster = try Codec.decode(bytes)
            for rect in [
                PixelRect(x: 3, y: 2, width: 29, height: 23), PixelRect(x: 0, y: 0, width: 37, height: 29),
                PixelRect(x: 5, y: 7, width: 1, height: 1),
            ] {
                let theirs = try libpng.encoded(rect)
                let ours = try Codec.crop(raster, rect)
                // Decoded by libpng, our crop is libpng's crop: pixels, format, palette, tRNS, colour chunks.
                let decoded = try PNGRaster(decoding: ours)
                #expect(decoded.differences(from: try PNGRaster(decoding: theirs)).isEmpty, "\(rect)")
                #expect(decoded.warnings.isEmpty)
                // The same chunks in the same order, all but the image data byte for byte: the
                // iCCP chunk too, which both copy from the file as it is stored.
                let ourChunks = Chunks.of(ours).filter { $0.name != "IDAT" }
                let theirChunks = Chunks.of(theirs).filter { $0.name != "IDAT" }
                #expect(ourChunks.map(\.name) == theirChunks.map(\.name))
                for (a, b) in zip(ourChunks, theirChunks) {
                    #expect(a.data == b.data, "\(a.name)")
                }
                // And decoded by PNGCodec, it is the region.
                #expect(try Codec.decode(ours).differences(from: raster.cropped(to: rect)).isEmpty)
            }
        }

        /// Files the fuzzer started from and the inputs it found, each of which once broke one of
        /// the decoders: through either, each is the same image (one type, compared whole: pixels,
        /// palette, transparency, colour chunks byte for byte, interlacing) or the same error.
        @Test func everySeedAndFuzzFixtureIsTheSameImageOrTheSameErrorThroughBoth() throws {
            var files: [String] = []
            for folder in ["Fuzz/corpus/png", "Tests/NativePNGTests/Fixtures/fuzz"] {
                let names = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/" + folder).filter { $0.hasSuffix(".png") }
                files += names.sorted().map { "\(packageRoot)/\(folder)/\($0)" }
            }
            #expect(files.count >= 20)
            var decoded = 0
            for file in files {
                let bytes = try PNGRaster.readBytes(file)
                let name = (file as NSString).lastPathComponent
                switch (Result { try PNGRaster(decoding: bytes) }, Result { try Codec.decode(bytes) }) {
                case (.success(let libpng), .success(let ours)):
                    decoded += 1
                    #expect(ours.differences(from: libpng) == [], "\(name)")
                    #expect(ours.colorChunks == libpng.colorChunks && ours.wasInterlaced == libpng.wasInterlaced, "\(name)")
                case (.failure(let libpng), .failure(let ours)):
                    #expect("\(ours)" == "\(libpng)", "\(name)")
                case (let libpng, let ours):
                    Issue.record("\(name): libpng \(libpng), the portable codec \(ours)")
                }
            }
            #expect(decoded >= 16, "the seeds decode")
        }

        @Test func theBundledCalibrationScreenshotDecodesAndCropsAsLibpng() throws {
            let bytes = try PNGRaster.readBytes(packageRoot + "/content/calibration/iphone-se-2nd-gen-ios18-large-icons-widgets-light.png")
            let libpng = try PNGRaster(decoding: bytes)
            let raster = try Codec.decode(bytes)
            #expect(raster.pixels == libpng.pixels)
            let rect = PixelRect(x: 83, y: 213, width: 480, height: 480)
            let ours = try PNGRaster(decoding: try Codec.crop(raster, rect))
            #expect(ours.differences(from: try PNGRaster(decoding: try libpng.encoded(rect))).isEmpty)
        }
    }
}

/// The repository's root, for bundled content.
let packageRoot: String = {
    var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)
    return parts.joined(separator: "/")
}()

/// The chunks of a PNG file, in order.
enum Chunks {
    static func of(_ file: [UInt8]) -> [(name: String, data: [UInt8])] {
        var list: [(name: String, data: [UInt8])] = []
        var offset = 8
        while offset + 12 <= file.count {
            let size = file[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            list.append((String(decoding: file[(offset + 4)..<(offset + 8)], as: UTF8.self), Array(file[(offset + 8)..<(offset + 8 + size)])))
            offset += 12 + size
        }
        return list
    }
}

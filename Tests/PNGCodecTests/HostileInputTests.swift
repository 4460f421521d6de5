import NativePNG
import PNGBridge
import PNGCodec
import TestSupport
import Testing

extension PNGCodecSuites {
    /// Damaged and hostile files: PNGCodec refuses each with the reason libpng's path (`PNGRaster`)
    /// gives, in the same words, and never crashes.
    @Suite struct HostileInputTests {
        /// The reason PNGCodec gives, or nil when it reads the file.
        static func codecReason(_ bytes: [UInt8], pixelLimit: Int = PNGLimits.defaultPixelLimit) -> String? {
            do {
                _ = try Codec.decode(bytes, pixelLimit: pixelLimit)
                return nil
            } catch let problem as PNGError {
                return problem.reason
            } catch {
                return "\(error)"
            }
        }

        /// The reason libpng's path gives, or nil when it reads the file.
        static func libpngReason(_ bytes: [UInt8], pixelLimit: Int = PNGLimits.defaultPixelLimit) -> String? {
            do {
                _ = try PNGRaster(decoding: bytes, pixelLimit: pixelLimit)
                return nil
            } catch {
                return error.reason
            }
        }

        static let file: [UInt8] = {
            var png = PNGCodecSuites.LibpngEqualityTests.fixture(
                PNGCodecSuites.LibpngEqualityTests.Kind(colorType: .rgb, bitDepth: 8, interlaced: false))
            png.idatSize = 500
            return png.bytes
        }()

        /// Where each chunk starts, and the end of the file.
        static let boundaries: [Int] = {
            var offsets: [Int] = []
            var offset = 8
            while offset < file.count {
                offsets.append(offset)
                offset += 12 + file[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            }
            return offsets
        }()

        @Test func truncatedAtEveryChunkBoundaryAndInsideEveryChunk() {
            for end in Self.boundaries.flatMap({ [$0, $0 + 3, $0 + 9] }) + [0, 5] where end < Self.file.count {
                let bytes = Array(Self.file.prefix(end))
                let reason = Self.codecReason(bytes)
                #expect(reason != nil, "\(end)")
                #expect(reason == Self.libpngReason(bytes), "truncated at \(end)")
            }
        }

        @Test func aBadCRCInAnyChunk() {
            for start in Self.boundaries {
                var bytes = Self.file
                let length = bytes[start..<(start + 4)].reduce(0) { $0 << 8 | Int($1) }
                bytes[start + 8 + length] ^= 0x55
                #expect(Self.codecReason(bytes) != nil)
                #expect(Self.codecReason(bytes) == Self.libpngReason(bytes), "chunk at \(start)")
            }
        }

        @Test(
            arguments: [
                (16, 0 as UInt8), (20, 0), (19, 0), (24, 3), (24, 32), (25, 1), (25, 7), (26, 1), (27, 1), (28, 2),
            ] as [(Int, UInt8)])
        func aBadHeaderField(_ offset: Int, _ value: UInt8) {
            var bytes = Self.file
            if offset == 16 || offset == 20 {
                bytes.replaceSubrange(offset..<(offset + 4), with: [0, 0, 0, 0])
            } else {
                bytes[offset] = value
            }
            bytes = TestPNG.withCorrectCRCs(bytes)
            #expect(Self.codecReason(bytes)?.hasPrefix("invalid PNG header") == true)
            #expect(Self.codecReason(bytes) == Self.libpngReason(bytes), "byte \(offset) = \(value)")
        }

        @Test func imageDataOfTheWrongLength() {
            for rows in [28, 30] {
                var png = TestPNG(width: 37, height: 29, colorType: .rgb, bitDepth: 8, samples: testSamples(count: 37 * 29 * 3, maxValue: 255))
                png.imageData = TestPNG.zlibStored([UInt8](repeating: 0, count: rows * (37 * 3 + 1)))
                let bytes = png.bytes
                #expect(Self.codecReason(bytes) != nil)
                #expect(Self.codecReason(bytes) == Self.libpngReason(bytes), "\(rows) rows")
            }
        }

        @Test func aDecompressionBombIsRefusedAtTheFirstByteTooMany() {
            var png = TestPNG(width: 1000, height: 1000, colorType: .rgb, bitDepth: 8, samples: [Int](repeating: 0, count: 3_000_000))
            png.imageData = TestPNG.zlib(zeros: 1 << 30)
            let bytes = png.bytes
            #expect(bytes.count < 2_000_000)
            #expect(Self.codecReason(bytes) == PNGError(.imageDataTooLong(width: 1000, height: 1000)).reason)
            #expect(Self.codecReason(bytes) == Self.libpngReason(bytes))
        }

        @Test func moreThanThePixelLimitIsRefusedBeforeAnythingElse() {
            var bytes = Self.file
            bytes.replaceSubrange(16..<24, with: bigEndian(100_000) + bigEndian(100_000))
            #expect(Self.codecReason(bytes) == PNGError(.tooLarge(width: 100_000, height: 100_000, limit: PNGLimits.defaultPixelLimit)).reason)
            #expect(Self.codecReason(bytes) == Self.libpngReason(bytes))
        }

        /// Sides and chunk lengths at the unsigned 32-bit extremes (an Int has 32 bits on wasm32,
        /// where scripts/wasm-core-check.sh reads the same kinds of file): refused in libpng's words.
        @Test(
            arguments: [(0x8000_0000, 1), (0xFFFF_FFFF, 0xF7FF_FFFF), (0x7FFF_FFFF, 2), (1_000_001, 1), (1_000_000, 1_000_000)] as [(UInt32, UInt32)])
        func sidesAtTheExtremes(_ width: UInt32, _ height: UInt32) {
            var bytes = Self.file
            bytes.replaceSubrange(16..<24, with: bigEndian(width) + bigEndian(height))
            bytes = TestPNG.withCorrectCRCs(bytes)
            #expect(Self.codecReason(bytes) != nil)
            #expect(Self.codecReason(bytes) == Self.libpngReason(bytes), "\(width)x\(height)")
        }

        @Test(arguments: [0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF] as [UInt32])
        func chunkLengthsAtTheExtremes(_ length: UInt32) {
            let bytes = Array(Self.file.prefix(Self.boundaries[1])) + bigEndian(length) + Array("IDAT".utf8) + [UInt8](repeating: 7, count: 64)
            #expect(Self.codecReason(bytes) != nil)
            #expect(Self.codecReason(bytes) == Self.libpngReason(bytes), "\(length)")
        }

        @Test(
            arguments: [
                [0xFF, 0xD8, 0xFF, 0xDB], Array("GIF89a".utf8), Array("RIFF\0\0\0\0WEBPVP8 ".utf8), [0, 0, 0, 24] + Array("ftypheic".utf8), [],
                Array("hello".utf8),
            ] as [[UInt8]])
        func otherFormatsAreNamed(_ bytes: [UInt8]) {
            #expect(Self.codecReason(bytes)?.hasPrefix("not a PNG file") == true)
            #expect(Self.codecReason(bytes) == Self.libpngReason(bytes))
        }

        @Test func theProfileLimitIsTheBridges() {
            #expect(PNGLimits.maxColorProfileSize == PNGLimits.maxColorProfileSize)
            #expect(PNGLimits.maxSide == Int(PB_MAX_SIDE))
        }
    }
}

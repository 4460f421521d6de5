import CZlib
import PNGCodec
import TestSupport
import Testing

extension PNGCodecSuites {
    /// CRC-32 and Adler-32 against zlib's own, at every length around the eight-byte steps and
    /// the Adler-32 block, from every alignment, continued across pieces.
    @Suite struct ChecksumTests {
        static let bytes: [UInt8] = (0..<12_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }

        static func zlibCRC(_ bytes: ArraySlice<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
            bytes.withUnsafeBufferPointer { UInt32(crc32(UInt(crc), $0.baseAddress, UInt32($0.count))) }
        }

        @Test func crcEqualsZlibsAtEveryLengthAndAlignment() {
            for start in 0..<9 {
                for length in Array(0..<40) + [255, 256, 1023, 5552, 11_000] {
                    let slice = Self.bytes[start..<(start + length)]
                    #expect(CRC32.checksum(slice) == Self.zlibCRC(slice), "start \(start), length \(length)")
                }
            }
        }

        @Test func crcContinuesAcrossPieces() {
            let first = Self.bytes[0..<4_001]
            let second = Self.bytes[4_001..<9_000]
            #expect(CRC32.checksum(second, continuing: CRC32.checksum(first)) == Self.zlibCRC(Self.bytes[0..<9_000]))
        }

        @Test func adlerEqualsZlibsAcrossItsBlocks() {
            let ones = [UInt8](repeating: 0xFF, count: 3 * 5552 + 17)
            for data in [[], [0], Array(Self.bytes), ones] {
                let zlib = data.withUnsafeBufferPointer { UInt32(adler32(1, $0.baseAddress, UInt32($0.count))) }
                #expect(ZlibStream.adler32(data) == zlib, "\(data.count) bytes")
            }
        }

        @Test func aStreamIsRecognisedByItsHeaderAndTrailer() {
            let data = Array(Self.bytes)
            let stream = Zlib.deflate(data)
            #expect(ZlibStream.isStream(stream, of: data))
            #expect(!ZlibStream.isStream(stream, of: Array(data.dropLast())))
            #expect(!ZlibStream.isStream(Array(stream.dropLast()), of: data))
            var header = stream
            header[1] ^= 1
            #expect(!ZlibStream.isStream(header, of: data))
            #expect(!ZlibStream.isStream([], of: []))
        }
    }
}

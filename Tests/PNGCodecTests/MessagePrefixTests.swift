import NativePNG
import PNGCodec
import TestSupport
import Testing

extension PNGCodecSuites {
    /// Every message of a damaged file names each thing once: libpng prefixes a message about a
    /// chunk with the chunk's name also where the message holds it already (its "IDAT: ADLER32
    /// checksum mismatch" came out "IDAT: IDAT: ADLER32 …"), and a message about a file names the
    /// file once. Every colour type, depth and interlacing; every chunk of each file damaged every
    /// way (a data byte, the CRC, the length, cut short; the image data's zlib header, deflate
    /// data and Adler-32); both decoders, their errors and their warnings.
    @Suite struct MessagePrefixTests {
        /// Whether a word is said twice over as a prefix: `IDAT: IDAT:`, `x.png: x.png:`.
        static func doubled(_ message: String) -> Bool {
            message.firstMatch(of: /(?:^|[\s(])([^\s:()]+): \1:/) != nil
        }

        /// Every way one file is damaged, by name.
        static func damaged(_ file: [UInt8]) -> [(String, [UInt8])] {
            var found: [(String, [UInt8])] = []
            var offset = 8
            for (name, size) in TestPNG.chunkList(file) {
                let data = offset + 8
                let end = data + size
                for (place, index) in [("first", data), ("middle", data + size / 2), ("last", end - 1)] where size > 0 {
                    var bytes = file
                    bytes[index] ^= 0x5A
                    found.append(("\(name) \(place) byte", TestPNG.withCorrectCRCs(bytes)))
                }
                var badCRC = file
                badCRC[end] ^= 0xFF
                found.append(("\(name) CRC", badCRC))
                found.append(("\(name) cut short", Array(file[..<(data + size / 2)])))
                var long = file
                long.replaceSubrange(offset..<(offset + 4), with: [0x7F, 0xFF, 0xFF, 0xFF])
                found.append(("\(name) length", long))
                if name == "IDAT" {
                    for (what, index) in [("zlib header", data), ("deflate data", data + 2), ("Adler-32", end - 1)] {
                        var bytes = file
                        bytes[index] ^= 0x01
                        found.append(("IDAT \(what)", TestPNG.withCorrectCRCs(bytes)))
                    }
                }
                offset = end + 4
            }
            return found
        }

        /// What each decoder says of `bytes`: its error, named after a file, or its warnings.
        static func messages(_ bytes: [UInt8]) -> [String] {
            var messages: [String] = []
            do {
                messages += try PNGRaster(decoding: bytes).warnings
            } catch {
                messages.append(error.naming("shot.png").description)
            }
            do {
                let container = try Codec.container(bytes)
                messages += container.warnings
                messages += try Codec.decode(bytes).warnings
            } catch let error as PNGError {
                messages.append(error.naming("shot.png").description)
            } catch {
                messages.append("\(error)")
            }
            return messages
        }

        @Test(arguments: LibpngEqualityTests.kinds) func everyMessageNamesEachThingOnce(_ kind: LibpngEqualityTests.Kind) throws {
            var fixture = LibpngEqualityTests.fixture(kind)
            // Compressed image data, so that damaging it damages a deflate stream (the writer's own is stored blocks).
            let stored = try #require(TestPNG.chunkData(named: "IDAT", in: fixture.bytes))
            fixture.imageData = Zlib.deflate(try Zlib.inflate(stored, limit: 1 << 24))
            var tried = 0
            for (damage, bytes) in Self.damaged(fixture.bytes) {
                for message in Self.messages(bytes) {
                    tried += 1
                    #expect(!Self.doubled(message), "\(damage): \(message)")
                }
            }
            #expect(tried > 20)
        }

        /// The message that came doubled, now once.
        @Test func aDamagedAdlerChecksumIsNamedOnce() throws {
            var fixture = LibpngEqualityTests.fixture(LibpngEqualityTests.Kind(colorType: .rgb, bitDepth: 8, interlaced: false))
            var data = Zlib.deflate(Array(repeating: 0, count: (fixture.width * 3 + 1) * fixture.height))
            data[data.count - 1] ^= 0xFF
            fixture.imageData = data
            let all = Self.messages(fixture.bytes).joined(separator: "\n")
            #expect(all.contains("IDAT: ADLER32 checksum mismatch"), "\(all)")
            #expect(!all.contains("IDAT: IDAT:"), "\(all)")
        }
    }
}

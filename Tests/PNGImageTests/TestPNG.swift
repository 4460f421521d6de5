import PNGImage

/// Writes PNG files without libpng, so that the decoder is tested on files it did not make:
/// any colour type and bit depth, Adam7 interlacing, extra chunks, and broken files.
struct TestPNG {
    var width: Int
    var height: Int
    var colorType: PNGColorType
    var bitDepth: Int
    /// One integer per sample, row by row (palette images: one index per pixel).
    var samples: [Int]
    var interlaced = false
    /// Chunks written between IHDR and IDAT, e.g. ("PLTE", bytes).
    var chunks: [(String, [UInt8])] = []

    var channels: Int { colorType.channels }

    /// The file's bytes.
    var bytes: [UInt8] {
        var ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        ihdr += [UInt8(bitDepth), UInt8(colorType.rawValue), 0, 0, interlaced ? 1 : 0]
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += Self.chunk("IHDR", ihdr)
        for (name, data) in chunks { file += Self.chunk(name, data) }
        file += Self.chunk("IDAT", Self.zlibStored(scanlines()))
        file += Self.chunk("IEND", [])
        return file
    }

    /// The filtered (filter type 0) scanlines of every pass.
    private func scanlines() -> [UInt8] {
        let passes: [(x: Int, y: Int, dx: Int, dy: Int)] =
            interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var data: [UInt8] = []
        for pass in passes {
            let xs = Array(stride(from: pass.x, to: width, by: pass.dx))
            let ys = Array(stride(from: pass.y, to: height, by: pass.dy))
            guard !xs.isEmpty, !ys.isEmpty else { continue }
            for y in ys {
                var row: [Int] = []
                for x in xs { row += samples[((y * width + x) * channels)..<((y * width + x + 1) * channels)] }
                data.append(0)
                data += pack(row)
            }
        }
        return data
    }

    private func pack(_ row: [Int]) -> [UInt8] {
        switch bitDepth {
        case 16: return row.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case 8: return row.map { UInt8($0) }
        default:
            var bytes: [UInt8] = []
            var current = 0
            var used = 0
            for sample in row {
                current = current << bitDepth | sample
                used += bitDepth
                if used == 8 {
                    bytes.append(UInt8(current))
                    current = 0
                    used = 0
                }
            }
            if used > 0 { bytes.append(UInt8(current << (8 - used))) }
            return bytes
        }
    }

    static func chunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(name.utf8) + data
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc32(typeAndData))
    }

    /// A zlib stream of uncompressed (stored) deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65535, data.count - offset)
            let final: UInt8 = offset + length == data.count ? 1 : 0
            out.append(final)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += data[offset..<(offset + length)]
            offset += length
        } while offset < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + bigEndian(b << 16 | a)
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
}

/// Deterministic pseudo-random samples for a test image.
func testSamples(count: Int, maxValue: Int, seed: UInt64 = 1) -> [Int] {
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    return (0..<count).map { _ in
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(maxValue + 1))
    }
}

/// The samples as the decoder lays them out: one byte each up to 8 bits, two big-endian bytes for 16.
func decodedLayout(_ samples: [Int], bitDepth: Int) -> [UInt8] {
    bitDepth == 16 ? samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } : samples.map { UInt8($0) }
}

/// A small ICC profile of the given colour space that libpng accepts: a header and one tag of
/// incompressible bytes (Debian's libpng drops iCCP chunks under about 92 bytes as "too short").
func iccProfile(colorSpace: String = "RGB ") -> [UInt8] {
    let tagData = testSamples(count: 200, maxValue: 255, seed: 42).map { UInt8($0) }
    let size = 132 + 12 + tagData.count
    var profile = [UInt8](repeating: 0, count: 128)
    profile.replaceSubrange(0..<4, with: bigEndian(UInt32(size)))
    profile.replaceSubrange(8..<12, with: [0x02, 0x10, 0, 0])
    profile.replaceSubrange(12..<16, with: Array("mntr".utf8))
    profile.replaceSubrange(16..<20, with: Array(colorSpace.utf8))
    profile.replaceSubrange(20..<24, with: Array("XYZ ".utf8))
    profile.replaceSubrange(36..<40, with: Array("acsp".utf8))
    profile.replaceSubrange(68..<80, with: [0, 0, 0xF6, 0xD6, 0, 1, 0, 0, 0, 0, 0xD3, 0x2D])
    profile += bigEndian(1) + Array("desc".utf8) + bigEndian(144) + bigEndian(UInt32(tagData.count))
    return profile + tagData
}

/// A zlib-compressed copy of data (stored blocks), as iCCP wants it.
func iccpChunk(name: String, profile: [UInt8]) -> [UInt8] {
    Array(name.utf8) + [0, 0] + TestPNG.zlibStored(profile)
}

import NativePNG

/// Writes PNG files without libpng, so that the decoder is tested on files it did not make:
/// any colour type and bit depth, Adam7 interlacing, extra chunks, and broken files. The tests of
/// PNGRaster and PNGCodec share it (the TestSupport target).
public struct TestPNG: Sendable {
    public var width: Int
    public var height: Int
    public var colorType: PNGColorType
    public var bitDepth: Int
    /// One integer per sample, row by row (palette images: one index per pixel).
    public var samples: [Int]
    public var interlaced = false
    /// Chunks written between IHDR and IDAT, e.g. ("PLTE", bytes).
    public var chunks: [(String, [UInt8])] = []
    /// The zlib stream of the image data, when not the samples' own (stored blocks).
    public var imageData: [UInt8]? = nil
    /// The most bytes of image data per IDAT chunk.
    public var idatSize = Int.max

    /// A file of `width`×`height` pixels with the given samples; the other settings as listed above.
    public init(
        width: Int, height: Int, colorType: PNGColorType, bitDepth: Int, samples: [Int], interlaced: Bool = false,
        chunks: [(String, [UInt8])] = [], imageData: [UInt8]? = nil, idatSize: Int = Int.max
    ) {
        self.width = width
        self.height = height
        self.colorType = colorType
        self.bitDepth = bitDepth
        self.samples = samples
        self.interlaced = interlaced
        self.chunks = chunks
        self.imageData = imageData
        self.idatSize = idatSize
    }

    public var channels: Int { colorType.channels }

    /// The file's bytes.
    public var bytes: [UInt8] {
        var ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        ihdr += [UInt8(bitDepth), UInt8(colorType.rawValue), 0, 0, interlaced ? 1 : 0]
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += Self.chunk("IHDR", ihdr)
        for (name, data) in chunks { file += Self.chunk(name, data) }
        let data = imageData ?? Self.zlibStored(scanlines())
        for start in stride(from: 0, to: data.count, by: idatSize) {
            file += Self.chunk("IDAT", Array(data[start..<min(data.count, start + idatSize)]))
        }
        file += Self.chunk("IEND", [])
        return file
    }

    /// The file with the CRC of every whole chunk recomputed, as the fuzz target does
    /// (Fuzz/Sources/FuzzPNG) to get mutated chunks past the CRC check.
    public static func withCorrectCRCs(_ file: [UInt8]) -> [UInt8] {
        var file = file
        var offset = 8
        while offset + 12 <= file.count {
            let end = offset + 8 + file[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard end + 4 <= file.count else { break }
            file.replaceSubrange(end..<(end + 4), with: bigEndian(crc32(Array(file[(offset + 4)..<end]))))
            offset = end + 4
        }
        return file
    }

    /// The (name, data size) of every chunk of a PNG file, in order.
    public static func chunkList(_ file: [UInt8]) -> [(name: String, size: Int)] {
        var list: [(name: String, size: Int)] = []
        var offset = 8
        while offset + 8 <= file.count {
            let size = file[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            list.append((String(decoding: file[(offset + 4)..<(offset + 8)], as: UTF8.self), size))
            offset += 12 + size
        }
        return list
    }

    /// The data of the first chunk named `name`, or nil.
    public static func chunkData(named name: String, in file: [UInt8]) -> [UInt8]? {
        var offset = 8
        while offset + 8 <= file.count {
            let size = file[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            if String(decoding: file[(offset + 4)..<(offset + 8)], as: UTF8.self) == name { return Array(file[(offset + 8)..<(offset + 8 + size)]) }
            offset += 12 + size
        }
        return nil
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

    public static func chunk(_ name: String, _ data: [UInt8]) -> [UInt8] {
        let typeAndData = Array(name.utf8) + data
        return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc32(typeAndData))
    }

    /// A zlib stream of `prefix` (a stored block) followed by `zeros` zero bytes, compressed 1032
    /// to 1 as a decompression bomb is: one dynamic Huffman block whose only codes are the literal
    /// 0, end of block and "copy 258 bytes from distance 1", 2 bits per 258 bytes.
    public static func zlib(prefix: [UInt8] = [], zeros: Int) -> [UInt8] {
        var bits = BitWriter()
        if !prefix.isEmpty {
            precondition(prefix.count <= 65535)
            bits.write(0, count: 3)  // not final, stored
            bits.alignToByte()
            bits.bytes += [UInt8(prefix.count & 0xFF), UInt8(prefix.count >> 8), UInt8(~prefix.count & 0xFF), UInt8((~prefix.count >> 8) & 0xFF)]
            bits.bytes += prefix
        }
        bits.write(1, count: 1)  // final
        bits.write(2, count: 2)  // dynamic Huffman codes
        bits.write(286 - 257, count: 5)  // HLIT: 286 literal/length codes, 0...285
        bits.write(0, count: 5)  // HDIST: one distance code
        bits.write(18 - 4, count: 4)  // HCLEN: 18 code length codes, in the order below
        // Code length code lengths, for 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1:
        // 18 (a run of zeros) gets "0", 1 gets "10" and 2 gets "11".
        for length in [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2] { bits.write(length, count: 3) }
        // Literal/length code lengths: 0 → 2, 1...255 → none, 256 → 2, 257...284 → none, 285 → 1;
        // then the one distance code's length, 1.
        bits.writeCode(0b11, length: 2)  // 2
        bits.writeCode(0, length: 1)
        bits.write(138 - 11, count: 7)  // 138 zeros
        bits.writeCode(0, length: 1)
        bits.write(117 - 11, count: 7)  // 117 zeros
        bits.writeCode(0b11, length: 2)  // 2
        bits.writeCode(0, length: 1)
        bits.write(28 - 11, count: 7)  // 28 zeros
        bits.writeCode(0b10, length: 2)  // 1
        bits.writeCode(0b10, length: 2)  // 1 (the distance code)
        // Codes: 285 → "0", 0 → "10", 256 → "11"; distance 1 → "0".
        if zeros > 0 {
            bits.writeCode(0b10, length: 2)
            bits.writeZeros(2 * ((zeros - 1) / 258))
            for _ in 0..<((zeros - 1) % 258) { bits.writeCode(0b10, length: 2) }
        }
        bits.writeCode(0b11, length: 2)
        bits.alignToByte()

        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in prefix {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        b = UInt32((UInt64(b) + UInt64(a) * UInt64(zeros % 65521)) % 65521)
        return [0x78, 0x01] + bits.bytes + bigEndian(b << 16 | a)
    }

    /// A zlib stream of uncompressed (stored) deflate blocks.
    public static func zlibStored(_ data: [UInt8]) -> [UInt8] {
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

    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        return crc
    }
}

/// Bits packed as deflate packs them: least significant bit of each byte first.
struct BitWriter {
    var bytes: [UInt8] = []
    /// Bits used in the last byte, 0 when it is full.
    private var used = 0

    /// `count` bits of `value`, low bit first (deflate's fixed fields).
    mutating func write(_ value: Int, count: Int) {
        for bit in 0..<count { append((value >> bit) & 1) }
    }

    /// A Huffman code, high bit first.
    mutating func writeCode(_ code: Int, length: Int) {
        for bit in (0..<length).reversed() { append((code >> bit) & 1) }
    }

    /// `count` zero bits, a byte at a time where it can.
    mutating func writeZeros(_ count: Int) {
        var left = count
        while left > 0, used != 0 {
            append(0)
            left -= 1
        }
        bytes += [UInt8](repeating: 0, count: left / 8)
        for _ in 0..<(left % 8) { append(0) }
    }

    mutating func alignToByte() { used = 0 }

    private mutating func append(_ bit: Int) {
        if used == 0 { bytes.append(0) }
        bytes[bytes.count - 1] |= UInt8(bit << used)
        used = (used + 1) % 8
    }
}

public func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
}

/// Deterministic pseudo-random samples for a test image.
public func testSamples(count: Int, maxValue: Int, seed: UInt64 = 1) -> [Int] {
    var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
    return (0..<count).map { _ in
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(maxValue + 1))
    }
}

/// The samples as the decoder lays them out: one byte each up to 8 bits, two big-endian bytes for 16.
public func decodedLayout(_ samples: [Int], bitDepth: Int) -> [UInt8] {
    bitDepth == 16 ? samples.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } : samples.map { UInt8($0) }
}

/// A small ICC profile of the given colour space that libpng accepts: a header and one tag of
/// incompressible bytes (Debian's libpng drops iCCP chunks under about 92 bytes as "too short").
public func iccProfile(colorSpace: String = "RGB ") -> [UInt8] {
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
public func iccpChunk(name: String, profile: [UInt8]) -> [UInt8] {
    Array(name.utf8) + [0, 0] + TestPNG.zlibStored(profile)
}

/// CRC-32 (ISO 3309, as PNG chunks and zip entries use it).
public enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        return crc
    }

    /// The CRC of `bytes`, continuing from `crc` (the CRC of what came before; 0 to start).
    public static func checksum<C: Collection>(_ bytes: C, continuing crc: UInt32 = 0) -> UInt32 where C.Element == UInt8 {
        if let value = bytes.withContiguousStorageIfAvailable({ checksum($0, continuing: crc) }) { return value }
        return checksum(Array(bytes), continuing: crc)
    }

    /// The CRC of the bytes of `buffer`, continuing from `crc`.
    public static func checksum(_ buffer: UnsafeBufferPointer<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
        table.withUnsafeBufferPointer { table in
            var value = ~crc
            for byte in buffer { value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
            return ~value
        }
    }
}

/// Big-endian integers in byte arrays.
enum BigEndian {
    static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    static func uint16(_ bytes: [UInt8], at offset: Int) -> UInt16 {
        UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func append(_ value: UInt16, to bytes: inout [UInt8]) {
        bytes += [UInt8(value >> 8), UInt8(value & 0xFF)]
    }
}

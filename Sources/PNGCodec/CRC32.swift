/// CRC-32 (ISO 3309, as PNG chunks and zip entries use it).
public enum CRC32 {
    /// Eight tables of 256 entries: the first is the bytewise table, table `k` advances a byte's
    /// CRC by `k` more zero bytes, so that eight bytes are folded in a step ("slicing by 8").
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var crc = UInt32(index)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            tables[index] = crc
        }
        for table in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(table - 1) * 256 + index]
                tables[table * 256 + index] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
            }
        }
        return tables
    }()

    /// The CRC of `bytes`, continuing from `crc` (the CRC of what came before; 0 to start).
    public static func checksum<C: Collection>(_ bytes: C, continuing crc: UInt32 = 0) -> UInt32 where C.Element == UInt8 {
        if let value = bytes.withContiguousStorageIfAvailable({ checksum($0, continuing: crc) }) { return value }
        return checksum(Array(bytes), continuing: crc)
    }

    /// The CRC of the bytes of `buffer`, continuing from `crc`.
    public static func checksum(_ buffer: UnsafeBufferPointer<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
        tables.withUnsafeBufferPointer { table in
            var value = ~crc
            var index = 0
            let count = buffer.count
            while index + 8 <= count {
                let low =
                    value
                    ^ (UInt32(buffer[index]) | UInt32(buffer[index + 1]) << 8 | UInt32(buffer[index + 2]) << 16 | UInt32(buffer[index + 3]) << 24)
                let high =
                    UInt32(buffer[index + 4]) | UInt32(buffer[index + 5]) << 8 | UInt32(buffer[index + 6]) << 16 | UInt32(buffer[index + 7]) << 24
                value =
                    table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
                    ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                    ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
                    ^ table[256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
                index += 8
            }
            while index < count {
                value = table[Int((value ^ UInt32(buffer[index])) & 0xFF)] ^ (value >> 8)
                index += 1
            }
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

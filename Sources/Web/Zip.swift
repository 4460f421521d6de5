import PNGCodec

/// A .zip archive of stored (uncompressed) entries: PNG crops are compressed already.
public enum ZipArchive {
    /// One file of the archive.
    public struct Entry: Hashable, Sendable {
        public var name: String
        public var bytes: [UInt8]

        public init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    /// A local date and time as a .zip stores it (MS-DOS format: years 1980 to 2107, even seconds).
    public struct Timestamp: Hashable, Sendable {
        public var year: Int
        public var month: Int
        public var day: Int
        public var hour: Int
        public var minute: Int
        public var second: Int

        public init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) {
            self.year = year
            self.month = month
            self.day = day
            self.hour = hour
            self.minute = minute
            self.second = second
        }

        /// 1980-01-01 00:00, the earliest date a .zip can hold.
        public static let earliest = Timestamp(year: 1980, month: 1, day: 1)

        /// The date field: years since 1980, month and day; a date out of range is clamped to it.
        var dosDate: UInt16 {
            let year = min(max(year, 1980), 2107) - 1980
            return UInt16(year << 9 | min(max(month, 1), 12) << 5 | min(max(day, 1), 31))
        }

        /// The time field: hours, minutes and seconds halved.
        var dosTime: UInt16 {
            UInt16(min(max(hour, 0), 23) << 11 | min(max(minute, 0), 59) << 5 | min(max(second, 0), 59) / 2)
        }
    }

    /// The archive's bytes. Names are stored as UTF-8 (flag bit 11); every entry is dated
    /// `modified` (by default 1980-01-01, so that the same crops make the same archive).
    public static func archive(_ entries: [Entry], modified: Timestamp = .earliest) -> [UInt8] {
        var output: [UInt8] = []
        var directory: [UInt8] = []
        for entry in entries {
            let name = Array(entry.name.utf8)
            let crc = CRC32.checksum(entry.bytes)
            let offset = UInt32(output.count)
            // What the local header and the directory entry share: version needed 2.0, UTF-8
            // names, stored, time, date, CRC-32, both sizes (stored: the same), name length.
            var shared: [UInt8] = []
            for value: UInt16 in [20, 0x0800, 0, modified.dosTime, modified.dosDate] { appendLE(value, to: &shared) }
            appendLE(crc, to: &shared)
            appendLE(UInt32(entry.bytes.count), to: &shared)
            appendLE(UInt32(entry.bytes.count), to: &shared)
            appendLE(UInt16(name.count), to: &shared)

            appendLE(UInt32(0x0403_4B50), to: &output)
            output += shared
            appendLE(UInt16(0), to: &output)  // extra
            output += name
            output += entry.bytes

            appendLE(UInt32(0x0201_4B50), to: &directory)
            appendLE(UInt16(20), to: &directory)  // made by
            directory += shared
            for _ in 0..<4 { appendLE(UInt16(0), to: &directory) }  // extra, comment, disk, internal attributes
            appendLE(UInt32(0), to: &directory)  // external attributes
            appendLE(offset, to: &directory)
            directory += name
        }
        let directoryOffset = UInt32(output.count)
        output += directory
        appendLE(UInt32(0x0605_4B50), to: &output)
        appendLE(UInt16(0), to: &output)
        appendLE(UInt16(0), to: &output)
        appendLE(UInt16(entries.count), to: &output)
        appendLE(UInt16(entries.count), to: &output)
        appendLE(UInt32(directory.count), to: &output)
        appendLE(directoryOffset, to: &output)
        appendLE(UInt16(0), to: &output)
        return output
    }

    private static func appendLE(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)]
    }

    private static func appendLE(_ value: UInt16, to bytes: inout [UInt8]) {
        bytes += [UInt8(value & 0xFF), UInt8(value >> 8)]
    }
}

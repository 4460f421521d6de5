/// What can be known of a zlib stream (RFC 1950) without inflating it: its header and the
/// Adler-32 of its uncompressed data, which it ends with.
public enum ZlibStream {
    /// Whether `stream` has a valid zlib header (deflate, no preset dictionary) and ends with the
    /// Adler-32 of `data`: the stream is of `data`, unless the deflater itself is wrong.
    public static func isStream(_ stream: [UInt8], of data: [UInt8]) -> Bool {
        guard stream.count >= 6 else { return false }
        let method = stream[0]
        let flags = stream[1]
        guard method & 0x0F == 8, method >> 4 <= 7, flags & 0x20 == 0, (Int(method) << 8 | Int(flags)) % 31 == 0 else { return false }
        let end = stream.count - 4
        let trailer = UInt32(stream[end]) << 24 | UInt32(stream[end + 1]) << 16 | UInt32(stream[end + 2]) << 8 | UInt32(stream[end + 3])
        return trailer == adler32(data)
    }

    /// The Adler-32 checksum of `data`, as zlib streams end with it.
    public static func adler32(_ data: [UInt8]) -> UInt32 {
        let modulus: UInt32 = 65521
        // The most bytes whose sums cannot overflow 32 bits before the modulus is taken (zlib's NMAX).
        let block = 5552
        var low: UInt32 = 1
        var high: UInt32 = 0
        data.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < buffer.count {
                let end = min(buffer.count, start + block)
                for index in start..<end {
                    low &+= UInt32(buffer[index])
                    high &+= low
                }
                low %= modulus
                high %= modulus
                start = end
            }
        }
        return high << 16 | low
    }
}

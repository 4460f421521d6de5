import CZlib

/// zlib for the tests of PNGCodec and Web: what the browser's DecompressionStream and
/// CompressionStream("deflate") do for the core there.
public enum Zlib {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Inflates a zlib stream, stopping once more than `limit` bytes come out (as the browser glue
    /// stops a bomb): the result is then `limit + 1` bytes long. `exact`: bytes after the stream
    /// are an error, as DecompressionStream has them.
    public static func inflate(_ data: [UInt8], limit: Int, exact: Bool = false) throws(Failure) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { throw Failure(description: "inflateInit") }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var input = data
        var status: Int32 = Z_OK
        input.withUnsafeMutableBufferPointer { inputBuffer in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = UInt32(inputBuffer.count)
            repeat {
                chunk.withUnsafeMutableBufferPointer { outputBuffer in
                    stream.next_out = outputBuffer.baseAddress
                    stream.avail_out = UInt32(outputBuffer.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    output += outputBuffer[0..<(outputBuffer.count - Int(stream.avail_out))]
                }
            } while status == Z_OK && output.count <= limit && (stream.avail_in > 0 || stream.avail_out == 0)
        }
        if output.count > limit { return Array(output.prefix(limit + 1)) }
        guard status == Z_STREAM_END else { throw Failure(description: "inflate: \(status)") }
        if exact, stream.avail_in > 0 { throw Failure(description: "bytes after the stream") }
        return output
    }

    /// Deflates `data` into a zlib stream.
    public static func deflate(_ data: [UInt8]) -> [UInt8] {
        var length = compressBound(UInt(data.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = compress2(&output, &length, data, UInt(data.count), 6)
        precondition(status == Z_OK)
        return Array(output.prefix(Int(length)))
    }
}

/// Finding and replacing one ancillary chunk of a well-formed PNG file, as it is stored.
///
/// Used to keep an iCCP chunk byte for byte: libpng inflates a colour profile when it reads it and
/// deflates it again, with its own zlib settings, when it writes it, so a crop written through
/// libpng would carry the same profile in different bytes than the screenshot (and than the
/// browser core, which copies the chunk as it is).
public enum ChunkSplice {
    /// The data of the first chunk named `name` before the image data, or nil when there is none
    /// or the file cannot be walked (bad signature, length or CRC).
    public static func firstChunkData(named name: String, in file: [UInt8]) -> [UInt8]? {
        guard let chunk = firstChunk(named: name, in: file) else { return nil }
        return Array(file[chunk.range])
    }

    /// `file` with the data of its first chunk named `name` (before the image data) replaced by
    /// `data`, its length and CRC rewritten; `file` unchanged when it has no such chunk.
    public static func replacingChunkData(named name: String, with data: [UInt8], in file: [UInt8]) -> [UInt8] {
        guard let chunk = firstChunk(named: name, in: file) else { return file }
        var result = Array(file[..<(chunk.range.lowerBound - 8)])
        result.reserveCapacity(file.count - chunk.range.count + data.count)
        PNGRaster.appendChunk(name, data, to: &result)
        result += file[(chunk.range.upperBound + 4)...]
        return result
    }

    private static func firstChunk(named name: String, in file: [UInt8]) -> ChunkReader.Chunk? {
        guard file.count >= 8, file.starts(with: PNGSignature.bytes) else { return nil }
        var reader = ChunkReader(bytes: file)
        while let chunk = try? reader.next() {
            if chunk.name == name { return chunk }
            if chunk.name == "IDAT" || chunk.name == "IEND" { return nil }
        }
        return nil
    }
}

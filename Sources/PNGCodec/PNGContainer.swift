/// A PNG file's chunks, read and checked, before its image data is inflated: the header, the
/// palette and transparency, the colour chunks a crop carries over, and the concatenated IDAT data.
///
/// It keeps what `NativePNG` (libpng, through the bridge) keeps: the first chunk of each colour kind
/// before the image data, of its one valid size (iCCP up to ``PNGLimits/maxColorProfileSize``,
/// before the palette, and only once ``checkColorProfile(inflated:)`` has found its profile good);
/// every other ancillary chunk is CRC-checked and skipped. A bad CRC anywhere is an error.
public struct PNGContainer: Hashable, Sendable {
    public var header: PNGHeader
    /// RGB triplets (PLTE), for palette images and as a suggested palette of RGB ones.
    public var palette: [UInt8]
    public var transparency: Transparency?
    /// The colour chunks in the order a crop is written (``RawChunk/colorOrder(_:)``). Their data
    /// is kept byte for byte (iCCP compressed, as in the file).
    public var colorChunks: [RawChunk]
    /// The IDAT chunks' data, concatenated: a zlib stream.
    public var imageData: [UInt8]
    /// What was ignored, as the bridge would warn.
    public var warnings: [String] = []
    /// The data of an iCCP chunk waiting for ``checkColorProfile(inflated:)``: it joins
    /// ``colorChunks`` only if ``ColorProfilePolicy`` keeps it.
    public private(set) var uncheckedColorProfile: [UInt8]?

    /// The colour chunks' names in the order they are shown (``RawChunk/displayOrder(_:)``).
    public var colorChunkNames: [String] { RawChunk.displayOrder(colorChunks) }

    /// Reads the chunks of `bytes`. The pixel limit is checked on the header's size fields first,
    /// before anything else is read.
    public init(reading bytes: [UInt8], pixelLimit: Int = PNGLimits.defaultPixelLimit) throws(PNGError) {
        guard bytes.count >= 8, bytes.starts(with: PNGSignature.bytes) else {
            throw PNGError(.notPNG(detected: PNGSignature.otherFormat(bytes)))
        }
        if bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) {
            // Unsigned 32-bit sides multiply without overflow in 64 bits (an Int has 32 on wasm32);
            // a side the header refuses anyway is left to it, as libpng checks the header first.
            let width = BigEndian.uint32(bytes, at: 16)
            let height = BigEndian.uint32(bytes, at: 20)
            let side = UInt32(PNGHeader.maxDimension)
            if width <= side, height <= side, UInt64(width) * UInt64(height) > UInt64(max(0, pixelLimit)) {
                throw PNGError(.tooLarge(width: Int(width), height: Int(height), limit: pixelLimit))
            }
        }
        var reader = ChunkReader(bytes: bytes)
        header = PNGHeader(width: 0, height: 0, format: .rgb8, interlaced: false)
        palette = []
        colorChunks = []
        imageData = []
        // The IDAT chunks' places, joined once they are all known.
        var imageParts: [Range<Int>] = []
        var seen: [String] = []
        var idatOver = false
        var ended = false
        while !ended {
            let chunk = try reader.next()
            let name = chunk.name
            if name == "IDAT" { imageParts.append(chunk.range) }
            var data: [UInt8] { Array(bytes[chunk.range]) }
            if seen.isEmpty, name != "IHDR" { throw PNGError(.badHeader("Missing IHDR before \(name)")) }
            let first = !seen.contains(name)
            let afterData = seen.contains("IDAT")
            switch name {
            case "IHDR":
                guard first else { throw PNGError(.corrupt("IHDR: out of place")) }
                header = try PNGHeader(ihdr: data)
            case "PLTE": try readPalette(data, first: first, afterData: afterData)
            case "IDAT":
                if idatOver { throw PNGError(.corrupt("the image data is split: another chunk comes between two IDAT chunks")) }
                if header.format.colorType == .palette, palette.isEmpty { throw PNGError(.corrupt("Missing PLTE before IDAT")) }
            case "IEND": ended = true
            case "tRNS": readTransparency(data, first: first, afterData: afterData)
            default:
                if chunk.isCritical { throw PNGError(.corrupt("\(name): unknown critical chunk")) }
                if !afterData { readColorChunk(name, data, first: first, afterPalette: seen.contains("PLTE")) }
            }
            if afterData, name != "IDAT" { idatOver = true }
            if first { seen.append(name) }
        }
        imageData = ByteCopy.joined(bytes, imageParts)
        if imageData.isEmpty { throw PNGError(.corrupt("Not enough image data")) }
    }

    private mutating func readPalette(_ data: [UInt8], first: Bool, afterData: Bool) throws(PNGError) {
        let type = header.format.colorType
        if afterData { throw PNGError(.corrupt("PLTE: out of place")) }
        guard first else {
            if type == .palette { throw PNGError(.corrupt("PLTE: duplicate")) }
            return
        }
        guard data.count % 3 == 0, data.count <= 3 * 256, !data.isEmpty else {
            if type == .palette { throw PNGError(.corrupt("PLTE: invalid")) }
            return
        }
        // libpng ignores a palette in a grey image and drops entries no index of the depth reaches.
        if type == .grey || type == .greyAlpha { return }
        let limit = type == .palette ? 1 << header.format.bitDepth : 256
        palette = Array(data.prefix(3 * limit))
    }

    private mutating func readTransparency(_ data: [UInt8], first: Bool, afterData: Bool) {
        guard first, !afterData else { return }
        let format = header.format
        switch format.colorType {
        case .palette:
            if !palette.isEmpty, !data.isEmpty, data.count <= palette.count / 3 { transparency = .paletteAlpha(data) }
        case .grey:
            guard data.count == 2 else { return }
            let level = BigEndian.uint16(data, at: 0)
            if Int(level) <= format.maxSample {
                transparency = .grey(level)
            } else {
                warnings.append(Self.keyOutOfRange(format.bitDepth))
            }
        case .rgb:
            guard data.count == 6 else { return }
            let (red, green, blue) = (BigEndian.uint16(data, at: 0), BigEndian.uint16(data, at: 2), BigEndian.uint16(data, at: 4))
            if Int(max(red, green, blue)) <= format.maxSample {
                transparency = .rgb(red: red, green: green, blue: blue)
            } else {
                warnings.append(Self.keyOutOfRange(format.bitDepth))
            }
        case .greyAlpha, .rgba: return
        }
    }

    private static func keyOutOfRange(_ depth: Int) -> String {
        "tRNS: the transparent colour is out of range for \(depth)-bit samples, so no pixel has it; ignored"
    }

    private mutating func readColorChunk(_ name: String, _ data: [UInt8], first: Bool, afterPalette: Bool) {
        guard let kind = RawChunk.colorKinds.first(where: { $0.name == name }), first else { return }
        if let size = kind.size {
            guard data.count == size else { return }
        } else {
            // A profile only before the palette, as libpng reads it; kept once its profile is checked.
            if !afterPalette, data.count <= PNGLimits.maxColorProfileSize { uncheckedColorProfile = data }
            return
        }
        insertColorChunk(RawChunk(name: name, data: data))
    }

    /// Decides on the iCCP chunk read (``uncheckedColorProfile``) with ``ColorProfilePolicy``,
    /// given what its compressed profile inflated to (nil: an invalid stream; at most
    /// ``PNGLimits/maxColorProfileSize`` + 1 bytes): it joins ``colorChunks``, or is dropped with
    /// the policy's warning.
    public mutating func checkColorProfile(inflated: [UInt8]?) {
        guard let chunk = uncheckedColorProfile else { return }
        uncheckedColorProfile = nil
        switch ColorProfilePolicy.verdict(chunk, inflated: inflated, colorType: header.format.colorType) {
        case .success: insertColorChunk(RawChunk(name: "iCCP", data: chunk))
        case .failure(let dropped): warnings.append(dropped.warning)
        }
    }

    /// Puts a colour chunk in the order a crop is written.
    private mutating func insertColorChunk(_ chunk: RawChunk) {
        colorChunks = RawChunk.colorOrder(colorChunks + [chunk])
    }
}

/// Walks a PNG file chunk by chunk, checking lengths and CRCs.
struct ChunkReader {
    struct Chunk {
        var name: String
        /// Where its data is in the file.
        var range: Range<Int>
        /// A critical chunk's name starts with an upper-case letter.
        var isCritical: Bool
    }

    let bytes: [UInt8]
    var offset = 8

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() throws(PNGError) -> Chunk {
        guard offset + 8 <= bytes.count else { throw PNGError(.truncated) }
        let declared = BigEndian.uint32(bytes, at: offset)
        let nameBytes = Array(bytes[(offset + 4)..<(offset + 8)])
        guard nameBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
            throw PNGError(.corrupt("invalid chunk type"))
        }
        let name = String(decoding: nameBytes, as: UTF8.self)
        // libpng reads a chunk's length as a 31-bit number (png_get_uint_31), in these words.
        guard declared <= 0x7FFF_FFFF else { throw PNGError(.corrupt("PNG unsigned integer out of range")) }
        // Compared before it is added, so that a length near 2^31 cannot overflow a 32-bit Int.
        let length = Int(declared)
        guard length <= bytes.count - offset - 12 else { throw PNGError(.truncated) }
        let end = offset + 8 + length
        let stored = BigEndian.uint32(bytes, at: end)
        guard CRC32.checksum(bytes[(offset + 4)..<end]) == stored else { throw PNGError(.badChecksum("\(name): CRC error")) }
        let chunk = Chunk(name: name, range: (offset + 8)..<end, isCritical: nameBytes[0] < 97)
        offset = end + 4
        return chunk
    }
}

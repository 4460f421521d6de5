import SlotGeometry

/// A decoded PNG in its own format, laid out as `PNGImage` lays it out: unpacked samples (one byte
/// per sample up to 8 bits, two bytes big-endian for 16 bits), row by row, with the palette,
/// transparency and colour chunks it came with.
public struct PNGRaster: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var format: PNGFormat
    public var pixels: [UInt8]
    public var palette: [UInt8]
    public var transparency: Transparency?
    /// The colour chunks, raw, in the order they are written (see ``PNGContainer/colorChunks``).
    public var colorChunks: [RawChunk]

    public init(
        width: Int, height: Int, format: PNGFormat, pixels: [UInt8], palette: [UInt8] = [], transparency: Transparency? = nil,
        colorChunks: [RawChunk] = []
    ) {
        self.width = width
        self.height = height
        self.format = format
        self.pixels = pixels
        self.palette = palette
        self.transparency = transparency
        self.colorChunks = colorChunks
    }

    public var rowBytes: Int { width * format.bytesPerPixel }

    /// Decodes the image of `container` from its inflated image data (zlib is the caller's:
    /// libz natively, `DecompressionStream` in a browser): unfilters every row, de-interlaces
    /// Adam7 and unpacks 1, 2 and 4-bit samples. Data of another length than the image needs is
    /// refused (a caller inflating a bomb stops at ``PNGHeader/inflatedLength`` + 1 bytes).
    public init(_ container: PNGContainer, inflated: [UInt8]) throws(PNGProblem) {
        let header = container.header
        let expected = header.inflatedLength
        if inflated.count > expected { throw .imageDataTooLong(width: header.width, height: header.height) }
        if inflated.count < expected { throw PNGProblem.shortImageData(width: header.width, height: header.height) }
        let format = header.format
        let bytesPerPixel = format.bytesPerPixel
        var pixels = [UInt8](repeating: 0, count: header.width * header.height * bytesPerPixel)
        var offset = 0
        let filterStep = max(1, format.channels * format.bitDepth / 8)
        for pass in header.passes where pass.width > 0 && pass.height > 0 {
            let length = header.packedRowBytes(pass.width)
            var previous = [UInt8](repeating: 0, count: length)
            var row = [UInt8](repeating: 0, count: length)
            for passRow in 0..<pass.height {
                let filter = inflated[offset]
                for index in 0..<length { row[index] = inflated[offset + 1 + index] }
                offset += 1 + length
                try RowFilter.unfilter(filter, row: &row, previous: previous, step: filterStep)
                let y = pass.y + passRow * pass.dy
                Self.unpack(row, format: format, count: pass.width) { column, sampleBytes in
                    let x = pass.x + column * pass.dx
                    let base = (y * header.width + x) * bytesPerPixel
                    for (index, byte) in sampleBytes.enumerated() { pixels[base + index] = byte }
                }
                swap(&previous, &row)
            }
        }
        self.init(
            width: header.width, height: header.height, format: format, pixels: pixels, palette: container.palette,
            transparency: container.transparency, colorChunks: container.colorChunks)
    }

    /// Calls `body` with each pixel's unpacked bytes of a packed row of `count` pixels.
    private static func unpack(_ row: [UInt8], format: PNGFormat, count: Int, _ body: (Int, ArraySlice<UInt8>) -> Void) {
        let depth = format.bitDepth
        if depth >= 8 {
            let size = format.bytesPerPixel
            for pixel in 0..<count { body(pixel, row[(pixel * size)..<((pixel + 1) * size)]) }
            return
        }
        // Below 8 bits there is one sample per pixel (grey or palette index).
        let mask = UInt8((1 << depth) - 1)
        var sample: [UInt8] = [0]
        for pixel in 0..<count {
            let bit = pixel * depth
            sample[0] = (row[bit / 8] >> UInt8(8 - depth - bit % 8)) & mask
            body(pixel, sample[0..<1])
        }
    }

    /// The region `rect`, copied, with the same format, palette, transparency and colour chunks.
    public func cropped(to rect: PixelRect) throws(PNGProblem) -> PNGRaster {
        try checkInside(rect)
        let bytesPerPixel = format.bytesPerPixel
        let length = rect.width * bytesPerPixel
        var region: [UInt8] = []
        region.reserveCapacity(length * rect.height)
        for y in rect.y..<rect.maxY {
            let start = y * rowBytes + rect.x * bytesPerPixel
            region += pixels[start..<(start + length)]
        }
        var crop = self
        crop.width = rect.width
        crop.height = rect.height
        crop.pixels = region
        return crop
    }

    func checkInside(_ rect: PixelRect) throws(PNGProblem) {
        guard rect.width > 0, rect.height > 0, rect.isInside(PixelSize(width: width, height: height)) else {
            throw .rectOutsideImage(rect: rect, width: width, height: height)
        }
    }

    /// How this image differs from `other` in pixels, format, palette, transparency or colour
    /// chunks; empty when they are the same image.
    public func differences(from other: PNGRaster) -> [String] {
        var list: [String] = []
        if width != other.width || height != other.height { list.append("size") }
        if format != other.format { list.append("format") }
        if list.isEmpty, pixels != other.pixels { list.append("pixels") }
        if palette != other.palette { list.append("palette") }
        if transparency != other.transparency { list.append("transparency") }
        for chunk in colorChunks where !other.colorChunks.contains(chunk) { list.append(chunk.name) }
        for chunk in other.colorChunks where !colorChunks.contains(where: { $0.name == chunk.name }) { list.append(chunk.name) }
        return list
    }
}

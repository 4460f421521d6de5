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
    public init(_ container: PNGContainer, inflated: [UInt8]) throws(PNGError) {
        let header = container.header
        let expected = header.inflatedLength
        if inflated.count > expected { throw PNGError(.imageDataTooLong(width: header.width, height: header.height)) }
        if inflated.count < expected { throw PNGError.shortImageData(width: header.width, height: header.height) }
        let format = header.format
        var pixels = [UInt8](repeating: 0, count: header.width * header.height * format.bytesPerPixel)
        let complete = inflated.withUnsafeBufferPointer { input in
            pixels.withUnsafeMutableBufferPointer { output in
                Self.unfilterPasses(header, input: input.baseAddress!, output: output.baseAddress!)
            }
        }
        guard complete else { throw PNGError(.corrupt("bad adaptive filter value")) }
        self.init(
            width: header.width, height: header.height, format: format, pixels: pixels, palette: container.palette,
            transparency: container.transparency, colorChunks: container.colorChunks)
    }

    /// Unfilters every row of every pass of `input` (exactly the image's inflated length) into
    /// `output`, unpacked and de-interlaced. False at a filter type PNG does not have.
    private static func unfilterPasses(_ header: PNGHeader, input: UnsafePointer<UInt8>, output: UnsafeMutablePointer<UInt8>) -> Bool {
        let format = header.format
        let bytesPerPixel = format.bytesPerPixel
        let rowBytes = header.width * bytesPerPixel
        let step = max(1, format.channels * format.bitDepth / 8)
        var offset = 0
        // Whole rows of 8 or 16 bits are unfiltered in place in the output.
        if !header.interlaced, format.bitDepth >= 8 {
            for y in 0..<header.height {
                let row = output + y * rowBytes
                row.update(from: input + offset + 1, count: rowBytes)
                guard RowFilter.unfilter(input[offset], row: row, previous: y > 0 ? UnsafePointer(row - rowBytes) : nil, count: rowBytes, step: step)
                else { return false }
                offset += 1 + rowBytes
            }
            return true
        }
        let widest = header.packedRowBytes(header.width)
        let buffers = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * widest)
        defer { buffers.deallocate() }
        for pass in header.passes where pass.width > 0 && pass.height > 0 {
            let length = header.packedRowBytes(pass.width)
            var row = buffers
            var previous = buffers + widest
            for passRow in 0..<pass.height {
                row.update(from: input + offset + 1, count: length)
                guard RowFilter.unfilter(input[offset], row: row, previous: passRow > 0 ? UnsafePointer(previous) : nil, count: length, step: step)
                else { return false }
                offset += 1 + length
                let start = output + (pass.y + passRow * pass.dy) * rowBytes
                if format.bitDepth >= 8 {
                    for column in 0..<pass.width {
                        (start + (pass.x + column * pass.dx) * bytesPerPixel).update(from: row + column * bytesPerPixel, count: bytesPerPixel)
                    }
                } else {
                    // Below 8 bits there is one sample per pixel (grey or palette index).
                    let depth = format.bitDepth
                    let mask = UInt8((1 << depth) - 1)
                    for column in 0..<pass.width {
                        let bit = column * depth
                        start[pass.x + column * pass.dx] = (row[bit / 8] >> UInt8(8 - depth - bit % 8)) & mask
                    }
                }
                swap(&row, &previous)
            }
        }
        return true
    }

    /// The region `rect`, copied, with the same format, palette, transparency and colour chunks.
    public func cropped(to rect: PixelRect) throws(PNGError) -> PNGRaster {
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

    func checkInside(_ rect: PixelRect) throws(PNGError) {
        guard rect.width > 0, rect.height > 0, rect.isInside(PixelSize(width: width, height: height)) else {
            throw PNGError(.rectOutsideImage(rect: rect, width: width, height: height))
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

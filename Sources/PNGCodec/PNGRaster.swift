import SlotGeometry

/// A decoded PNG in its own format: unpacked samples (one byte per sample up to 8 bits, two bytes
/// big-endian for 16 bits), row by row, with the palette, transparency and colour chunks it came
/// with. The one image type of Backdrop: libpng fills it on the command line and in the build
/// (`NativePNG`), the portable decoder here in the browser; crops keep all of it, so a crop is the
/// source region exactly, in the same colours.
public struct PNGRaster: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var format: PNGFormat
    /// Rows of ``rowBytes`` bytes, top to bottom.
    public var pixels: [UInt8]
    /// RGB triplets of a palette image.
    public var palette: [UInt8]
    public var transparency: Transparency?
    /// The colour chunks, raw, in the order a crop writes them (see ``RawChunk/colorOrder(_:)``);
    /// iCCP as its file stores it, compressed.
    public var colorChunks: [RawChunk]
    /// Whether the source file was Adam7-interlaced (crops are written non-interlaced).
    public var wasInterlaced: Bool
    /// What was dropped or refused while reading, e.g. a colour profile that was refused, a
    /// second sRGB chunk, or a profile over ``PNGLimits/maxColorProfileSize``.
    public var warnings: [String] = []

    public init(
        width: Int, height: Int, format: PNGFormat, pixels: [UInt8], palette: [UInt8] = [], transparency: Transparency? = nil,
        colorChunks: [RawChunk] = [], wasInterlaced: Bool = false
    ) {
        precondition(pixels.count == width * height * format.bytesPerPixel, "pixel buffer does not match the size")
        self.width = width
        self.height = height
        self.format = format
        self.pixels = pixels
        self.palette = palette
        self.transparency = transparency
        self.colorChunks = colorChunks
        self.wasInterlaced = wasInterlaced
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }
    public var rowBytes: Int { width * format.bytesPerPixel }

    /// Decodes the image of `container` from its inflated image data (zlib is the caller's:
    /// libz natively, `DecompressionStream` in a browser): unfilters every row, de-interlaces
    /// Adam7 and unpacks 1, 2 and 4-bit samples. Data of another length than the image needs is
    /// refused (a caller inflating a bomb stops at ``PNGHeader/inflatedLength`` + 1 bytes).
    public init(_ container: PNGContainer, inflated: [UInt8]) throws(PNGError) {
        self = try inflated.withUnsafeBufferPointer { (inflated) throws(PNGError) -> PNGRaster in
            try PNGRaster(container, inflatedData: inflated)
        }
    }

    /// ``init(_:inflated:)`` from bytes the caller holds: the browser core decodes the data the
    /// page hands it where it lies, rather than from a copy (a screenshot's worth of memory less).
    public init(_ container: PNGContainer, inflatedData inflated: UnsafeBufferPointer<UInt8>) throws(PNGError) {
        let header = container.header
        let expected = header.inflatedLength
        if inflated.count > expected { throw PNGError(.imageDataTooLong(width: header.width, height: header.height)) }
        if inflated.count < expected { throw PNGError.shortImageData(width: header.width, height: header.height) }
        let format = header.format
        var pixels = [UInt8](repeating: 0, count: header.width * header.height * format.bytesPerPixel)
        let complete = pixels.withUnsafeMutableBufferPointer { output in
            Self.unfilterPasses(header, input: inflated.baseAddress!, output: output.baseAddress!)
        }
        guard complete else { throw PNGError(.corrupt("bad adaptive filter value")) }
        self.init(
            width: header.width, height: header.height, format: format, pixels: pixels, palette: container.palette,
            transparency: container.transparency, colorChunks: container.colorChunks, wasInterlaced: header.interlaced)
        warnings = container.warnings
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
                ByteCopy.copy(rowBytes, from: input + offset + 1, to: row)
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
                ByteCopy.copy(length, from: input + offset + 1, to: row)
                guard RowFilter.unfilter(input[offset], row: row, previous: passRow > 0 ? UnsafePointer(previous) : nil, count: length, step: step)
                else { return false }
                offset += 1 + length
                let start = output + (pass.y + passRow * pass.dy) * rowBytes
                if format.bitDepth >= 8 {
                    for column in 0..<pass.width {
                        ByteCopy.copy(bytesPerPixel, from: row + column * bytesPerPixel, to: start + (pass.x + column * pass.dx) * bytesPerPixel)
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
        let region = ByteCopy.joined(
            pixels,
            (rect.y..<rect.maxY).map { y in
                let start = y * rowBytes + rect.x * bytesPerPixel
                return start..<(start + length)
            })
        var crop = self
        crop.width = rect.width
        crop.height = rect.height
        crop.pixels = region
        crop.wasInterlaced = false
        crop.warnings = []
        return crop
    }

    /// Throws unless `rect` is a non-empty rectangle entirely inside the image: a region is never clamped.
    public func checkInside(_ rect: PixelRect) throws(PNGError) {
        guard rect.width > 0, rect.height > 0, rect.isInside(size) else {
            throw PNGError(.rectOutsideImage(rect: rect, width: width, height: height))
        }
    }
}

import SlotGeometry

/// Writing a region of a ``PNGRaster`` as a PNG in the image's own format: the rows packed and
/// filtered here, deflated by the caller (libz natively, `CompressionStream` in a browser), then
/// the chunks assembled with their CRCs. The chunks come in libpng's order, as `backdrop crop`
/// writes them: IHDR, the colour chunks, PLTE, tRNS, IDAT, IEND.
extension PNGRaster {
    /// The filtered scanlines of `rect` (a filter byte, then the packed row), ready to deflate.
    public func filteredRows(_ rect: PixelRect) throws(PNGError) -> [UInt8] {
        try checkInside(rect)
        let header = PNGHeader(width: rect.width, height: rect.height, format: format, interlaced: false)
        let length = header.packedRowBytes(rect.width)
        let step = max(1, format.channels * format.bitDepth / 8)
        let adaptive = format.bitDepth >= 8 && format.colorType != .palette
        var output = [UInt8](repeating: 0, count: (length + 1) * rect.height)
        let bytesPerPixel = format.bytesPerPixel
        let depth = format.bitDepth
        pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * length)
                defer { rows.deallocate() }
                rows.initialize(repeating: 0, count: 2 * length)
                var row = rows
                var previous = rows + length
                for (index, y) in (rect.y..<rect.maxY).enumerated() {
                    let start = source.baseAddress! + y * rowBytes + rect.x * bytesPerPixel
                    if depth >= 8 {
                        ByteCopy.copy(length, from: start, to: row)
                    } else {
                        row.update(repeating: 0, count: length)
                        for pixel in 0..<rect.width {
                            let bit = pixel * depth
                            row[bit / 8] |= start[pixel] << UInt8(8 - depth - bit % 8)
                        }
                    }
                    let type = RowFilter.choose(row: row, previous: previous, count: length, step: step, allowed: adaptive)
                    RowFilter.filter(type, row: row, previous: previous, count: length, step: step, into: target.baseAddress! + index * (length + 1))
                    swap(&row, &previous)
                }
            }
        }
        return output
    }

    /// A PNG file of `width`×`height` pixels of this image's format, palette, transparency and
    /// colour chunks, whose image data is `compressed` (the zlib stream of ``filteredRows(_:)``).
    public func assemble(width: Int, height: Int, compressed: [UInt8]) -> [UInt8] {
        var file = PNGSignature.bytes
        let header = PNGHeader(width: width, height: height, format: format, interlaced: false)
        Self.appendChunk("IHDR", header.ihdrData(), to: &file)
        for chunk in colorChunks { Self.appendChunk(chunk.name, chunk.data, to: &file) }
        if !palette.isEmpty { Self.appendChunk("PLTE", palette, to: &file) }
        switch transparency {
        case .paletteAlpha(let alpha): Self.appendChunk("tRNS", alpha, to: &file)
        case .grey(let level):
            var data: [UInt8] = []
            BigEndian.append(level, to: &data)
            Self.appendChunk("tRNS", data, to: &file)
        case .rgb(let red, let green, let blue):
            var data: [UInt8] = []
            for value in [red, green, blue] { BigEndian.append(value, to: &data) }
            Self.appendChunk("tRNS", data, to: &file)
        case nil: break
        }
        let idatSize = 1 << 20
        var start = 0
        repeat {
            let end = min(compressed.count, start + idatSize)
            Self.appendChunk("IDAT", Array(compressed[start..<end]), to: &file)
            start = end
        } while start < compressed.count
        Self.appendChunk("IEND", [], to: &file)
        return file
    }

    /// Appends one chunk: length, name, data, CRC of name and data.
    static func appendChunk(_ name: String, _ data: [UInt8], to file: inout [UInt8]) {
        BigEndian.append(UInt32(data.count), to: &file)
        let start = file.count
        file += Array(name.utf8)
        file += data
        BigEndian.append(CRC32.checksum(file[start...]), to: &file)
    }
}

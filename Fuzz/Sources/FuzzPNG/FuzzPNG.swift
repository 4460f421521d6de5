import BackdropTool

/// libFuzzer's entry point for both PNG decoders: libpng's adapter and the browser core's portable
/// codec. The input is decoded as it is, then again with every chunk's CRC made right, so that
/// mutated chunk data gets past the CRC check (both decoders refuse any bad CRC) and into libpng,
/// the bridge and the codec's chunk reader and unfiltering.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    for input in [bytes, withCorrectCRCs(bytes)] {
        check(input)
        checkPortable(input)
    }
    return 0
}

/// The portable codec (what the browser runs) on any input: its container reads or throws a
/// `PNGError`. For an image whose chunks it accepts, the stored image data, cut or padded with
/// zeros to the length the image needs, stands in for zlib's output (zlib is the browser's), so
/// that any bytes reach the unfiltering, Adam7 and sample unpacking, which decode them or refuse
/// a bad filter byte. A small crop of a decoded image is then written as the browser writes it
/// (filtered rows, assembled chunks), read back, decoded from its rows, and must equal its region.
func checkPortable(_ bytes: [UInt8]) {
    guard let container = try? PNGContainer(reading: bytes, pixelLimit: 1 << 20) else { return }
    let length = container.header.inflatedLength
    let inflated = Array(container.imageData.prefix(length)) + [UInt8](repeating: 0, count: max(0, length - container.imageData.count))
    guard let image = try? PNGRaster(container, inflated: inflated) else { return }
    do {
        let rect = PixelRect(
            x: image.width / 3, y: image.height / 3,
            width: min(7, image.width - image.width / 3), height: min(5, image.height - image.height / 3))
        let rows = try image.filteredRows(rect)
        let written = try PNGContainer(reading: image.assemble(width: rect.width, height: rect.height, compressed: rows))
        let differences = try PNGRaster(written, inflated: rows).differences(from: image.cropped(to: rect))
        if !differences.isEmpty { fatalError("the portable codec's crop \(rect), written and read again, differs in \(differences)") }
    } catch {
        fatalError("a \(image.format) image the portable codec decoded fails a crop: \(error)")
    }
}

/// Any input must decode or throw a `PNGError`. An image that decodes must read the same header
/// alone, and a small crop of it must encode, decode again and equal the region it was cut from,
/// as `CropEncoder` checks every crop it writes. Anything else traps, which libFuzzer reports.
func check(_ bytes: [UInt8]) {
    // A lower pixel limit than the default keeps executions fast; the code paths are the same.
    guard let image = try? PNGRaster(decoding: bytes, pixelLimit: 1 << 20) else { return }
    // fatalError, not precondition: an optimized build drops a precondition's message.
    do {
        let header = try PNGRaster.header(of: bytes)
        if header.size != image.size || header.format != image.format || header.colorChunks != image.colorChunks {
            fatalError("the header alone reads \(header), the decoded image \(image.size) \(image.format) \(image.colorChunks.map { $0.name })")
        }

        let rect = PixelRect(
            x: image.width / 3, y: image.height / 3,
            width: min(7, image.width - image.width / 3), height: min(5, image.height - image.height / 3))
        let region = try image.cropped(to: rect)
        let differences = try PNGRaster(decoding: try image.encoded(rect)).differences(from: region)
        if !differences.isEmpty { fatalError("crop \(rect), encoded and decoded again, differs in \(differences)") }
    } catch {
        fatalError("a decoded \(image.format) image with \(image.colorChunks.map { $0.name }) fails a crop: \(error)")
    }
}

/// The bytes with the CRC of every whole chunk after the signature recomputed.
func withCorrectCRCs(_ bytes: [UInt8]) -> [UInt8] {
    var bytes = bytes
    var offset = 8
    while offset + 12 <= bytes.count {
        let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        let end = offset + 8 + length
        guard end + 4 <= bytes.count else { break }
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes[(offset + 4)..<end] { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        crc = ~crc
        for index in 0..<4 { bytes[end + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * index)) }
        offset = end + 4
    }
    return bytes
}

let crcTable: [UInt32] = (0..<256).map { index in
    var crc = UInt32(index)
    for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    return crc
}

import Foundation
import PNGBridge
@_exported import PNGCodec
import SlotGeometry

/// libpng, the native decoder of the command line and the build, filling the one image type.
extension PNGRaster {
    /// Decodes PNG data. The header is checked against `pixelLimit` before any pixel memory is
    /// allocated; image data longer than the image needs is refused before it is inflated; every
    /// libpng error becomes a `PNGError`.
    ///
    /// Memory besides the pixels is bounded: the colour chunks (iCCP, sRGB, gAMA, cHRM, cICP, mDCV,
    /// cLLI) are read as the file has them, the first of each kind (a warning names the others),
    /// and every other ancillary chunk (text, sPLT, eXIf, unknown chunks, ...) is CRC-checked and
    /// skipped, never buffered or inflated.
    public init(decoding data: [UInt8], pixelLimit: Int = PNGLimits.defaultPixelLimit) throws(PNGError) {
        if let detected = PNGSignature.otherFormat(data) { throw PNGError(.notPNG(detected: detected)) }
        var info = pb_image_info()
        var error = pb_error()
        var buffer: UnsafeMutablePointer<UInt8>?
        var bufferSize = 0
        let status = data.withUnsafeBufferPointer {
            pb_decode($0.baseAddress, $0.count, UInt64(max(0, pixelLimit)), &info, &buffer, &bufferSize, &error)
        }
        defer { pb_info_free(&info) }
        guard status == PB_OK, let buffer else {
            throw Self.error(status: status, message: Self.message(&error, &info), info: info, limit: pixelLimit)
        }
        defer { pb_free(buffer) }
        let format = PNGFormat(colorType: PNGColorType(rawValue: Int32(info.color_type)) ?? .rgba, bitDepth: Int(info.bit_depth))
        let (colorChunks, profileWarnings) = try Self.colorChunks(of: &info, format: format)
        self.init(
            width: Int(info.width), height: Int(info.height), format: format,
            pixels: Array(UnsafeBufferPointer(start: buffer, count: bufferSize)),
            palette: Self.palette(of: &info), transparency: Self.transparency(of: &info, format: format),
            colorChunks: colorChunks, wasInterlaced: info.interlaced != 0)
        let warnings = Self.string(of: &info.warnings)
        self.warnings = (warnings.isEmpty ? [] : warnings.components(separatedBy: "\n")) + profileWarnings
    }

    /// Reads only the size, format and colour chunks of PNG data, without decoding pixels.
    public static func header(of data: [UInt8]) throws(PNGError) -> (size: PixelSize, format: PNGFormat, colorChunks: [RawChunk]) {
        if let detected = PNGSignature.otherFormat(data) { throw PNGError(.notPNG(detected: detected)) }
        var info = pb_image_info()
        var error = pb_error()
        let status = data.withUnsafeBufferPointer { pb_read_header($0.baseAddress, $0.count, &info, &error) }
        defer { pb_info_free(&info) }
        guard status == PB_OK else { throw self.error(status: status, message: message(&error, &info), info: info, limit: 0) }
        let format = PNGFormat(colorType: PNGColorType(rawValue: Int32(info.color_type)) ?? .rgba, bitDepth: Int(info.bit_depth))
        return (PixelSize(width: Int(info.width), height: Int(info.height)), format, try colorChunks(of: &info, format: format).chunks)
    }

    private static func error(status: pb_status, message: String, info: pb_image_info, limit: Int) -> PNGError {
        switch status {
        case PB_NOT_PNG: return PNGError(.notPNG(detected: nil))
        case PB_TOO_LARGE: return PNGError(.tooLarge(width: Int(info.width), height: Int(info.height), limit: limit))
        case PB_TOO_MUCH_DATA: return PNGError(.imageDataTooLong(width: Int(info.width), height: Int(info.height)))
        case PB_OUT_OF_MEMORY: return PNGError(.outOfMemory(message))
        default:
            if message.hasPrefix("truncated") { return PNGError(.truncated) }
            if message.contains("CRC") { return PNGError(.badChecksum(message)) }
            if message.contains("IHDR") || message.contains("Image width") || message.contains("Image height")
                || message.contains("bit depth") || message.contains("color type")
            {
                return PNGError(.badHeader(message))
            }
            return PNGError(.corrupt(message))
        }
    }

    /// libpng's error message, with the warnings that explain it ("Invalid IHDR data" comes
    /// after the warning that says which field is wrong).
    private static func message(_ error: inout pb_error, _ info: inout pb_image_info) -> String {
        let message = string(of: &error.message)
        let warnings = string(of: &info.warnings)
        return warnings.isEmpty ? message : "\(message) (\(warnings.replacingOccurrences(of: "\n", with: "; ")))"
    }

    private static func string<T>(of tuple: inout T) -> String {
        withUnsafeBytes(of: &tuple) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    private static func palette(of info: inout pb_image_info) -> [UInt8] {
        let count = Int(info.palette_count) * 3
        return withUnsafeBytes(of: &info.palette) { Array($0.prefix(count)) }
    }

    private static func transparency(of info: inout pb_image_info, format: PNGFormat) -> Transparency? {
        guard info.has_trns != 0 else { return nil }
        switch format.colorType {
        case .palette:
            let count = Int(info.trans_count)
            return .paletteAlpha(withUnsafeBytes(of: &info.trans_alpha) { Array($0.prefix(count)) })
        case .grey: return .grey(info.trans_gray)
        case .rgb: return .rgb(red: info.trans_red, green: info.trans_green, blue: info.trans_blue)
        default: return nil
        }
    }

    /// The colour chunks the bridge read, raw and in the order a crop writes them, the iCCP chunk
    /// kept (as its file stores it) only if ``ColorProfilePolicy`` keeps it, as the browser core
    /// does; the warning when it does not.
    private static func colorChunks(of info: inout pb_image_info, format: PNGFormat) throws(PNGError) -> (chunks: [RawChunk], warnings: [String]) {
        var chunks: [RawChunk] = []
        if info.has_gama != 0 { chunks.append(.gamma(UInt32(bitPattern: info.gama))) }
        if info.has_srgb != 0 { chunks.append(.srgb(intent: UInt8(truncatingIfNeeded: info.srgb_intent))) }
        if info.has_chrm != 0 {
            chunks.append(.chromaticities(withUnsafeBytes(of: &info.chrm) { $0.bindMemory(to: Int32.self).map { UInt32(bitPattern: $0) } }))
        }
        let count = Int(info.extra_chunk_count)
        var extra = withUnsafeBytes(of: &info.extra_chunks) { raw in
            raw.bindMemory(to: pb_chunk.self).prefix(count).map { chunk in
                var name = chunk.name
                return RawChunk(
                    name: string(of: &name),
                    data: chunk.data.map { Array(UnsafeBufferPointer(start: $0, count: Int(chunk.size))) } ?? [])
            }
        }
        var warnings: [String] = []
        if let index = extra.firstIndex(where: { $0.name == "iCCP" }) {
            let stored = extra.remove(at: index)
            var inflated: [UInt8]?
            if case .success(let compressed) = ColorProfilePolicy.compressedProfile(stored.data) {
                inflated = try inflate(Array(compressed), limit: PNGLimits.maxColorProfileSize)
            }
            switch ColorProfilePolicy.verdict(stored.data, inflated: inflated, colorType: format.colorType) {
            case .success: chunks.append(stored)
            case .failure(let dropped): warnings.append(dropped.warning)
            }
        }
        return (RawChunk.colorOrder(chunks + extra), warnings)
    }

    /// A zlib stream inflated, stopping once more than `limit` bytes came (then `limit` + 1
    /// bytes, as the browser glue stops); nil for a stream zlib refuses.
    private static func inflate(_ data: [UInt8], limit: Int) throws(PNGError) -> [UInt8]? {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = data.withUnsafeBufferPointer { pb_inflate($0.baseAddress, $0.count, limit, &output, &size) }
        defer { pb_free(output) }
        if status == PB_OUT_OF_MEMORY { throw PNGError(.outOfMemory("the colour profile")) }
        guard status == PB_OK, let output else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}

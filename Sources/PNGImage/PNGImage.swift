import Foundation
import PNGBridge
@_exported import PNGCodec
import SlotGeometry

/// A decoded PNG in its own format: unpacked samples (one byte per sample up to 8 bits, two bytes
/// big-endian for 16 bits), with its palette, transparency and colour chunks.
///
/// Crops keep all of it, so a crop is the source region exactly, in the same colours.
public struct PNGImage: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var format: PNGFormat
    /// RGB triplets of a palette image.
    public var palette: [UInt8]
    public var transparency: Transparency?
    public var color: ColorInfo
    /// Whether the source file was Adam7-interlaced (crops are written non-interlaced).
    public var wasInterlaced: Bool
    /// Rows of `rowBytes` bytes, top to bottom.
    public var pixels: [UInt8]
    /// What was dropped or refused while reading, e.g. a colour profile libpng rejected, a second
    /// sRGB chunk, or a profile over `maxColorProfileSize`.
    public var warnings: [String] = []

    public init(
        width: Int, height: Int, format: PNGFormat, pixels: [UInt8], palette: [UInt8] = [],
        transparency: Transparency? = nil, color: ColorInfo = ColorInfo(), wasInterlaced: Bool = false
    ) {
        precondition(pixels.count == width * height * format.bytesPerPixel, "pixel buffer does not match the size")
        self.width = width
        self.height = height
        self.format = format
        self.pixels = pixels
        self.palette = palette
        self.transparency = transparency
        self.color = color
        self.wasInterlaced = wasInterlaced
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }
    public var rowBytes: Int { width * format.bytesPerPixel }

    /// Whether two images have the same pixels, format, palette, transparency and colour chunks
    /// (interlacing of the source file aside); `differences(from:)` says how they differ.
    public func isSameImage(as other: PNGImage) -> Bool {
        differences(from: other).isEmpty
    }

    /// The region `rect`, copied, in the same format and with the same palette and colour chunks.
    /// A rectangle that does not lie entirely inside the image is an error, never clamped.
    public func cropped(to rect: PixelRect) throws(PNGError) -> PNGImage {
        try checkInside(rect)
        let bytesPerPixel = format.bytesPerPixel
        let rowLength = rect.width * bytesPerPixel
        var region = [UInt8]()
        region.reserveCapacity(rowLength * rect.height)
        for y in rect.y..<rect.maxY {
            let start = y * rowBytes + rect.x * bytesPerPixel
            region.append(contentsOf: pixels[start..<(start + rowLength)])
        }
        var crop = self
        crop.width = rect.width
        crop.height = rect.height
        crop.pixels = region
        crop.wasInterlaced = false
        crop.warnings = []
        return crop
    }

    func checkInside(_ rect: PixelRect) throws(PNGError) {
        guard rect.width > 0, rect.height > 0, rect.isInside(size) else {
            throw PNGError(.rectOutsideImage(rect: rect, width: width, height: height))
        }
    }
}

extension PNGImage {
    /// The default limit on decoded pixels: four times the largest iPhone screenshot.
    public static let defaultPixelLimit = PNGLimits.defaultPixelLimit

    /// The largest colour profile (iCCP chunk) read, in bytes, compressed or not; a larger one is
    /// dropped with a warning. The Display P3 profile of an iPhone screenshot is a few hundred bytes.
    public static let maxColorProfileSize = Int(PB_MAX_ICC_PROFILE_SIZE)

    /// Decodes PNG data. The header is checked against `pixelLimit` before any pixel memory is
    /// allocated; image data longer than the image needs is refused before it is inflated; every
    /// libpng error becomes a `PNGError`.
    ///
    /// Memory besides the pixels is bounded: the colour chunks (iCCP, sRGB, gAMA, cHRM, cICP, mDCV,
    /// cLLI) are read as the file has them, the first of each kind (a warning names the others),
    /// and every other ancillary chunk (text, sPLT, eXIf, unknown chunks, ...) is CRC-checked and
    /// skipped, never buffered or inflated.
    public init(decoding data: [UInt8], pixelLimit: Int = PNGImage.defaultPixelLimit) throws(PNGError) {
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
        let (color, profileWarnings) = try Self.colorInfo(of: &info, format: format)
        self.init(
            width: Int(info.width), height: Int(info.height), format: format,
            pixels: Array(UnsafeBufferPointer(start: buffer, count: bufferSize)),
            palette: Self.palette(of: &info), transparency: Self.transparency(of: &info, format: format),
            color: color, wasInterlaced: info.interlaced != 0)
        let warnings = Self.string(of: &info.warnings)
        self.warnings = (warnings.isEmpty ? [] : warnings.components(separatedBy: "\n")) + profileWarnings
    }

    /// Reads only the size, format and colour chunks of PNG data, without decoding pixels.
    public static func header(of data: [UInt8]) throws(PNGError) -> (size: PixelSize, format: PNGFormat, color: ColorInfo) {
        if let detected = PNGSignature.otherFormat(data) { throw PNGError(.notPNG(detected: detected)) }
        var info = pb_image_info()
        var error = pb_error()
        let status = data.withUnsafeBufferPointer { pb_read_header($0.baseAddress, $0.count, &info, &error) }
        defer { pb_info_free(&info) }
        guard status == PB_OK else { throw self.error(status: status, message: message(&error, &info), info: info, limit: 0) }
        let format = PNGFormat(colorType: PNGColorType(rawValue: Int32(info.color_type)) ?? .rgba, bitDepth: Int(info.bit_depth))
        return (PixelSize(width: Int(info.width), height: Int(info.height)), format, try colorInfo(of: &info, format: format).color)
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

    /// The colour chunks the bridge read, the iCCP chunk kept (as its file stores it) only if
    /// ``ColorProfilePolicy`` keeps it, as the browser core does; the warning when it does not.
    private static func colorInfo(of info: inout pb_image_info, format: PNGFormat) throws(PNGError) -> (color: ColorInfo, warnings: [String]) {
        var color = ColorInfo()
        if info.has_srgb != 0 { color.srgbIntent = Int32(info.srgb_intent) }
        if info.has_gama != 0 { color.gamma = info.gama }
        if info.has_chrm != 0 { color.chromaticities = withUnsafeBytes(of: &info.chrm) { Array($0.bindMemory(to: Int32.self)) } }
        let count = Int(info.extra_chunk_count)
        var chunks = withUnsafeBytes(of: &info.extra_chunks) { raw in
            raw.bindMemory(to: pb_chunk.self).prefix(count).map { chunk in
                var name = chunk.name
                return RawChunk(
                    name: string(of: &name),
                    data: chunk.data.map { Array(UnsafeBufferPointer(start: $0, count: Int(chunk.size))) } ?? [])
            }
        }
        var warnings: [String] = []
        if let index = chunks.firstIndex(where: { $0.name == "iCCP" }) {
            let stored = chunks.remove(at: index).data
            var inflated: [UInt8]?
            if case .success(let compressed) = ColorProfilePolicy.compressedProfile(stored) {
                inflated = try inflate(Array(compressed), limit: PNGLimits.maxColorProfileSize)
            }
            switch ColorProfilePolicy.verdict(stored, inflated: inflated, colorType: format.colorType) {
            case .success(let profile): color.iccProfile = ColorInfo.ICCProfile(name: profile.name, data: profile.data, storedChunk: stored)
            case .failure(let dropped): warnings.append(dropped.warning)
            }
        }
        color.rawChunks = chunks
        return (color, warnings)
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

import PNGBridge
import SlotGeometry

/// zlib and filter settings for writing PNGs.
public struct PNGEncodeSettings: Hashable, Sendable, Codable, CustomStringConvertible {
    /// zlib compression level, 0 to 9.
    public var compressionLevel: Int
    /// PNG row filters libpng may choose from (bit mask of `Filter`).
    public var filters: Int
    /// zlib strategy: 0 default, 1 filtered, 2 Huffman only, 3 RLE.
    public var strategy: Int

    /// The PNG row filters, as libpng's bit mask.
    public enum Filter {
        public static let none = 0x08
        public static let sub = 0x10
        public static let up = 0x20
        public static let average = 0x40
        public static let paeth = 0x80
        public static let all = 0xF8
    }

    public init(compressionLevel: Int, filters: Int, strategy: Int) {
        self.compressionLevel = compressionLevel
        self.filters = filters
        self.strategy = strategy
    }

    /// The settings chosen by measurement on full-size photo-like screenshots
    /// (`scripts/benchmark.sh`, figures in docs/benchmarks.md): zlib's run-length strategy after libpng's
    /// adaptive choice among all five row filters. On wallpaper crops it is about four times as
    /// fast as zlib level 6 and its files are a few percent smaller than Pillow's defaults; the
    /// compression level does not change what the RLE strategy does.
    public static let `default` = PNGEncodeSettings(compressionLevel: 1, filters: Filter.all, strategy: 3)

    public var description: String { "level \(compressionLevel), filters 0x\(String(filters, radix: 16)), strategy \(strategy)" }
}

extension PNGRaster {
    /// Encodes the image, or only `rect` of it, as a PNG in the image's own format and colours.
    /// A rectangle is encoded straight from the image's rows, without copying.
    public func encoded(_ rect: PixelRect? = nil, settings: PNGEncodeSettings = .default) throws(PNGError) -> [UInt8] {
        let rect = rect ?? PixelRect(x: 0, y: 0, width: width, height: height)
        try checkInside(rect)
        var info = try bridgeInfo(width: rect.width, height: rect.height)
        defer { pb_info_free(&info) }
        var error = pb_error()
        var output: UnsafeMutablePointer<UInt8>?
        var outputSize = 0
        let bridgeSettings = pb_encode_settings(
            compression_level: Int32(settings.compressionLevel), filters: Int32(settings.filters), strategy: Int32(settings.strategy))
        let offset = rect.y * rowBytes + rect.x * format.bytesPerPixel
        let status = pixels.withUnsafeBufferPointer { buffer in
            pb_encode(&info, buffer.baseAddress! + offset, rowBytes, bridgeSettings, &output, &outputSize, &error)
        }
        guard status == PB_OK, let output else {
            let message = withUnsafeBytes(of: &error.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw PNGError(status == PB_OUT_OF_MEMORY ? .outOfMemory(message) : .corrupt(message))
        }
        defer { pb_free(output) }
        return Array(UnsafeBufferPointer(start: output, count: outputSize))
    }

    private func bridgeInfo(width: Int, height: Int) throws(PNGError) -> pb_image_info {
        var info = pb_image_info()
        info.width = UInt32(width)
        info.height = UInt32(height)
        info.bit_depth = Int32(format.bitDepth)
        info.color_type = format.colorType.rawValue
        info.channels = Int32(format.channels)
        palette.withUnsafeBufferPointer { pb_info_set_palette(&info, $0.baseAddress, Int32(palette.count / 3)) }
        switch transparency {
        case .paletteAlpha(let alpha): alpha.withUnsafeBufferPointer { pb_info_set_trans_alpha(&info, $0.baseAddress, Int32(alpha.count)) }
        case .grey(let level):
            info.has_trns = 1
            info.trans_gray = level
        case .rgb(let red, let green, let blue):
            info.has_trns = 1
            (info.trans_red, info.trans_green, info.trans_blue) = (red, green, blue)
        case nil: break
        }
        // Every colour chunk raw, as it was read: the bridge writes them in this order after IHDR.
        var stored = true
        for chunk in colorChunks where stored {
            stored = chunk.data.withUnsafeBufferPointer { pb_info_add_chunk(&info, chunk.name, $0.baseAddress, UInt32($0.count)) } != 0
        }
        guard stored else {
            pb_info_free(&info)
            throw PNGError(.outOfMemory("colour chunks"))
        }
        return info
    }
}

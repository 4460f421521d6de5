/// The PNG colour types.
public enum PNGColorType: Int32, Sendable, Hashable, CaseIterable {
    case grey = 0
    case rgb = 2
    case palette = 3
    case greyAlpha = 4
    case rgba = 6

    /// Samples per pixel in decoded rows (a palette pixel is one index).
    public var channels: Int {
        switch self {
        case .grey, .palette: 1
        case .greyAlpha: 2
        case .rgb: 3
        case .rgba: 4
        }
    }

    public var hasAlpha: Bool { self == .greyAlpha || self == .rgba }
}

/// How a PNG stores its pixels.
public struct PNGFormat: Hashable, Sendable, CustomStringConvertible {
    public var colorType: PNGColorType
    /// 1, 2, 4, 8 or 16.
    public var bitDepth: Int

    public init(colorType: PNGColorType, bitDepth: Int) {
        self.colorType = colorType
        self.bitDepth = bitDepth
    }

    public static let rgb8 = PNGFormat(colorType: .rgb, bitDepth: 8)
    public static let rgba8 = PNGFormat(colorType: .rgba, bitDepth: 8)

    public var channels: Int { colorType.channels }
    /// Bytes per sample in decoded rows: 2 for 16-bit (big-endian), 1 otherwise (unpacked).
    public var bytesPerSample: Int { bitDepth == 16 ? 2 : 1 }
    public var bytesPerPixel: Int { channels * bytesPerSample }
    /// The largest sample value.
    public var maxSample: Int { (1 << bitDepth) - 1 }

    public var description: String {
        let name: String
        switch colorType {
        case .grey: name = "grey"
        case .rgb: name = "RGB"
        case .palette: name = "palette"
        case .greyAlpha: name = "grey+alpha"
        case .rgba: name = "RGBA"
        }
        return "\(bitDepth)-bit \(name)"
    }
}

/// Transparency from a tRNS chunk.
public enum Transparency: Hashable, Sendable {
    /// Palette images: the alpha of the first entries.
    case paletteAlpha([UInt8])
    /// Grey images: pixels of this grey level are transparent.
    case grey(UInt16)
    /// RGB images: pixels of this colour are transparent.
    case rgb(red: UInt16, green: UInt16, blue: UInt16)
}

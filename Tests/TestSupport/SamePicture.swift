import NativePNG

/// One picture stored in every way a PNG can store it without changing a sample at 8 bits, by an
/// independent writer (``TestPNG``): grey, grey with alpha, RGB and RGBA at 8 and 16 bits (a 16-bit
/// sample is the 8-bit one × 257), and a palette, each also Adam7-interlaced. The picture is grey
/// (levels 0…255, opaque), so that every colour type holds it exactly.
public enum SamePicture {
    /// How the picture is stored.
    public struct Encoding: Sendable, Hashable, CustomStringConvertible {
        public var colorType: PNGColorType
        public var bitDepth: Int
        public var interlaced: Bool

        public init(colorType: PNGColorType, bitDepth: Int, interlaced: Bool) {
            self.colorType = colorType
            self.bitDepth = bitDepth
            self.interlaced = interlaced
        }

        public var description: String { "\(PNGFormat(colorType: colorType, bitDepth: bitDepth))\(interlaced ? " Adam7" : "")" }
    }

    /// Every encoding: each colour type at each depth that holds 256 grey levels, interlaced or not.
    public static let encodings: [Encoding] = {
        let kinds: [(PNGColorType, [Int])] = [(.grey, [8, 16]), (.greyAlpha, [8, 16]), (.rgb, [8, 16]), (.rgba, [8, 16]), (.palette, [8])]
        return kinds.flatMap { type, depths in
            depths.flatMap { depth in [false, true].map { Encoding(colorType: type, bitDepth: depth, interlaced: $0) } }
        }
    }()

    /// The PNG file of the picture of `levels` (one grey level per pixel, row by row) stored as `encoding`.
    public static func png(_ levels: [UInt8], width: Int, height: Int, _ encoding: Encoding) -> [UInt8] {
        let scale = encoding.bitDepth == 16 ? 257 : 1
        let opaque = encoding.bitDepth == 16 ? 65535 : 255
        let samples: [Int] =
            switch encoding.colorType {
            case .grey: levels.map { Int($0) * scale }
            case .greyAlpha: levels.flatMap { [Int($0) * scale, opaque] }
            case .rgb: levels.flatMap { Array(repeating: Int($0) * scale, count: 3) }
            case .rgba: levels.flatMap { Array(repeating: Int($0) * scale, count: 3) + [opaque] }
            case .palette: levels.map { Int($0) }
            }
        let palette: [(String, [UInt8])] = encoding.colorType == .palette ? [("PLTE", (0..<256).flatMap { [UInt8($0), UInt8($0), UInt8($0)] })] : []
        return TestPNG(
            width: width, height: height, colorType: encoding.colorType, bitDepth: encoding.bitDepth, samples: samples,
            interlaced: encoding.interlaced, chunks: palette
        ).bytes
    }

    /// The grey levels of a decoded picture: the mean of its red, green and blue at 8 bits.
    public static func levels(of image: PNGRaster) -> [UInt8] {
        let rgb = image.normalizedRGB()
        return (0..<(image.width * image.height)).map { (pixel: Int) -> UInt8 in
            let sum: Float = rgb[pixel * 3] + rgb[pixel * 3 + 1] + rgb[pixel * 3 + 2]
            return UInt8((sum / 3 * 255).rounded())
        }
    }
}

/// The IHDR fields of a PNG, checked as libpng checks them.
public struct PNGHeader: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public var format: PNGFormat
    /// Adam7 interlacing.
    public var interlaced: Bool

    /// The widest and tallest image libpng reads here (its user limits in the bridge).
    static let maxDimension = PNGLimits.maxSide
}

extension PNGHeader {
    /// Reads and checks the 13 bytes of an IHDR chunk. Every problem is named, in libpng's order
    /// and words (png_check_IHDR), so that both paths give the same message.
    init(ihdr data: [UInt8]) throws(PNGError) {
        guard data.count == 13 else { throw PNGError(.badHeader("IHDR: invalid length \(data.count)")) }
        // libpng reads each side as a 31-bit number first (png_get_uint_31) and stops there.
        guard BigEndian.uint32(data, at: 0) <= 0x7FFF_FFFF, BigEndian.uint32(data, at: 4) <= 0x7FFF_FFFF else {
            throw PNGError(.corrupt("PNG unsigned integer out of range"))
        }
        let width = Int(BigEndian.uint32(data, at: 0))
        let height = Int(BigEndian.uint32(data, at: 4))
        let depth = Int(data[8])
        let type = Int(data[9])
        var problems: [String] = []
        for (value, name) in [(width, "width"), (height, "height")] {
            if value == 0 {
                problems.append("Image \(name) is zero in IHDR")
            } else if value > Self.maxDimension {
                problems.append("Image \(name) exceeds user limit in IHDR")
            }
        }
        if ![1, 2, 4, 8, 16].contains(depth) { problems.append("Invalid bit depth in IHDR") }
        let colorType = PNGColorType(rawValue: Int32(type))
        if colorType == nil { problems.append("Invalid color type in IHDR") }
        if (colorType == .palette && depth > 8) || ([.rgb, .greyAlpha, .rgba].contains(colorType) && depth < 8) {
            problems.append("Invalid color type/bit depth combination in IHDR")
        }
        if data[12] > 1 { problems.append("Unknown interlace method in IHDR") }
        if data[10] != 0 { problems.append("Unknown compression method in IHDR") }
        if data[11] != 0 { problems.append("Unknown filter method in IHDR") }
        guard problems.isEmpty, let colorType else {
            throw PNGError(.badHeader("Invalid IHDR data (\(problems.joined(separator: "; ")))"))
        }
        self.init(width: width, height: height, format: PNGFormat(colorType: colorType, bitDepth: depth), interlaced: data[12] == 1)
    }

    /// The IHDR data of a non-interlaced image of this format and size.
    func ihdrData() -> [UInt8] {
        var data: [UInt8] = []
        BigEndian.append(UInt32(width), to: &data)
        BigEndian.append(UInt32(height), to: &data)
        data += [UInt8(format.bitDepth), UInt8(format.colorType.rawValue), 0, 0, interlaced ? 1 : 0]
        return data
    }

    /// One pass of the image: every `dx`-th pixel from `x`, every `dy`-th row from `y`.
    struct Pass {
        var x: Int, y: Int, dx: Int, dy: Int
        var width: Int, height: Int
    }

    /// The passes of the image's data, in order: seven for Adam7 (empty ones included), else one.
    var passes: [Pass] {
        let layout: [(Int, Int, Int, Int)] =
            interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        return layout.map { x, y, dx, dy in
            Pass(
                x: x, y: y, dx: dx, dy: dy, width: width > x ? (width - x + dx - 1) / dx : 0,
                height: height > y ? (height - y + dy - 1) / dy : 0)
        }
    }

    /// Bytes of a packed row of `pixels` pixels, without its filter byte.
    func packedRowBytes(_ pixels: Int) -> Int { (pixels * format.channels * format.bitDepth + 7) / 8 }

    /// The length of the inflated image data: every row of every non-empty pass, with its filter byte.
    public var inflatedLength: Int {
        passes.reduce(0) { total, pass in
            pass.width == 0 || pass.height == 0 ? total : total + pass.height * (1 + packedRowBytes(pass.width))
        }
    }
}

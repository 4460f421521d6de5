import SlotGeometry

/// One way a decoded image differs from the image it should equal, as
/// ``PNGRaster/differences(from:)`` finds them: what a crop's verification reports.
public enum ImageDifference: Hashable, Sendable, CustomStringConvertible {
    /// Other dimensions (nothing else is compared then).
    case size(expected: PixelSize, found: PixelSize)
    /// Another colour type or bit depth (the pixels are not compared then).
    case format(expected: PNGFormat, found: PNGFormat)
    /// Other palette entries (PLTE).
    case palette
    /// Other transparency (tRNS).
    case transparency
    /// `count` pixels differ, the first (in row order) at (`x`, `y`).
    case pixels(count: Int, x: Int, y: Int)
    /// A colour chunk missing, added or with other contents. `expected` and `found` summarise
    /// the chunk in each image (``RawChunk/summary``), nil where the image has none.
    case colorChunk(name: String, expected: String?, found: String?)

    public var description: String {
        switch self {
        case .size(let expected, let found): "the size: \(expected) expected, \(found) found"
        case .format(let expected, let found): "the format: \(expected) expected, \(found) found"
        case .palette: "the palette (PLTE)"
        case .transparency: "the transparency (tRNS)"
        case .pixels(let count, let x, let y): "the pixels: \(count) differ, the first at (\(x), \(y))"
        case .colorChunk(let name, let expected?, nil): "the \(name) chunk: missing (expected \(expected))"
        case .colorChunk(let name, nil, let found?): "the \(name) chunk: not expected (found \(found))"
        case .colorChunk(let name, let expected?, let found?) where expected == found: "the \(name) chunk: other contents"
        case .colorChunk(let name, let expected, let found):
            "the \(name) chunk: \(expected ?? "none") expected, \(found ?? "none") found"
        }
    }
}

extension PNGRaster {
    /// How this image differs from `reference`: size, format, palette, transparency, pixels and
    /// each colour chunk (byte for byte, in ``RawChunk/displayOrder(_:)``), in that order; empty
    /// when they are the same image (interlacing of the source files and warnings aside).
    public func differences(from reference: PNGRaster) -> [ImageDifference] {
        guard size == reference.size else { return [.size(expected: reference.size, found: size)] }
        var differences: [ImageDifference] = []
        if format != reference.format {
            differences.append(.format(expected: reference.format, found: format))
        }
        if palette != reference.palette { differences.append(.palette) }
        if transparency != reference.transparency { differences.append(.transparency) }
        if format == reference.format, pixels != reference.pixels {
            differences.append(pixelDifference(from: reference))
        }
        for name in RawChunk.displayOrder(reference.colorChunks + colorChunks) {
            let mine = colorChunks.first { $0.name == name }
            let theirs = reference.colorChunks.first { $0.name == name }
            if mine != theirs { differences.append(.colorChunk(name: name, expected: theirs?.summary, found: mine?.summary)) }
        }
        return differences
    }

    private func pixelDifference(from reference: PNGRaster) -> ImageDifference {
        let bytesPerPixel = format.bytesPerPixel
        var count = 0
        var first = 0
        for pixel in 0..<(width * height) {
            let range = (pixel * bytesPerPixel)..<((pixel + 1) * bytesPerPixel)
            if pixels[range] != reference.pixels[range] {
                if count == 0 { first = pixel }
                count += 1
            }
        }
        return .pixels(count: count, x: first % width, y: first / width)
    }
}

/// A chunk kept byte for byte: how an image's colour chunks are held, read and written by both
/// decoders and both writers.
public struct RawChunk: Hashable, Sendable {
    public var name: String
    public var data: [UInt8]

    public init(name: String, data: [UInt8]) {
        self.name = name
        self.data = data
    }
}

extension RawChunk {
    /// The colour chunks a crop carries over, with their only valid data size (nil: iCCP, any
    /// size up to ``PNGLimits/maxColorProfileSize``), in the order a crop writes the first four;
    /// the others follow in file order.
    static let colorKinds: [(name: String, size: Int?)] = [
        ("iCCP", nil), ("gAMA", 4), ("sRGB", 1), ("cHRM", 32), ("cICP", 4), ("mDCV", 24), ("cLLI", 8),
    ]

    /// `chunks` in the order a crop writes them, as libpng writes them: iCCP, gAMA, sRGB, cHRM,
    /// then the others (cICP, mDCV, cLLI) in the order given.
    public static func colorOrder(_ chunks: [RawChunk]) -> [RawChunk] {
        let fixed = colorKinds.prefix(4).compactMap { kind in chunks.first { $0.name == kind.name } }
        return fixed + chunks.filter { chunk in !colorKinds.prefix(4).contains { $0.name == chunk.name } }
    }

    /// The names of `chunks`, each once, in the order they are shown: iCCP, sRGB, gAMA, cHRM,
    /// then the others in the order given.
    public static func displayOrder(_ chunks: [RawChunk]) -> [String] {
        var names: [String] = []
        for name in ["iCCP", "sRGB", "gAMA", "cHRM"] where chunks.contains(where: { $0.name == name }) { names.append(name) }
        for chunk in chunks where !names.contains(chunk.name) { names.append(chunk.name) }
        return names
    }

    /// An sRGB chunk of rendering intent `intent`.
    public static func srgb(intent: UInt8) -> RawChunk { RawChunk(name: "sRGB", data: [intent]) }

    /// A gAMA chunk of 100000 × gamma.
    public static func gamma(_ value: UInt32) -> RawChunk {
        var data: [UInt8] = []
        BigEndian.append(value, to: &data)
        return RawChunk(name: "gAMA", data: data)
    }

    /// A cHRM chunk of 100000 × white, red, green and blue x and y.
    public static func chromaticities(_ values: [UInt32]) -> RawChunk {
        var data: [UInt8] = []
        for value in values { BigEndian.append(value, to: &data) }
        return RawChunk(name: "cHRM", data: data)
    }

    /// What the chunk says, in a few words: a colour profile's name and size, a rendering intent,
    /// a gamma, chromaticities; the size of any other.
    public var summary: String {
        switch (name, data.count) {
        case ("iCCP", _): "\"\(ColorProfilePolicy.name(of: data))\", \(data.count) bytes stored"
        case ("sRGB", 1): "rendering intent \(data[0])"
        case ("gAMA", 4): "gamma \(BigEndian.uint32(data, at: 0))"
        case ("cHRM", 32): (0..<8).map { String(BigEndian.uint32(data, at: 4 * $0)) }.joined(separator: " ")
        default: "\(data.count) bytes"
        }
    }
}

extension PNGRaster {
    /// The name of the image's colour profile (its iCCP chunk's keyword), or nil without one.
    public var colorProfileName: String? {
        colorChunks.first { $0.name == "iCCP" }.map { ColorProfilePolicy.name(of: $0.data) }
    }
}

/// The chunks that say how to interpret an image's colours. A crop carries them over, so that it
/// displays in the same colours as the wallpaper around the widget.
///
/// Each field is what the file's own chunk says, or nil when the file has no such chunk: none is
/// derived from another (an sRGB chunk does not fill in `gamma`), and an image may have both an
/// ICC profile and an sRGB chunk.
public struct ColorInfo: Hashable, Sendable {
    public struct ICCProfile: Hashable, Sendable {
        /// The profile's name, a PNG keyword: 1 to 79 Latin-1 characters, as libpng writes it.
        public var name: String
        /// The profile itself, uncompressed.
        public var data: [UInt8]

        public init(name: String, data: [UInt8]) {
            self.name = name
            self.data = data
        }
    }

    /// sRGB rendering intent (sRGB chunk).
    public var srgbIntent: Int32?
    /// 100000 × gamma (gAMA chunk).
    public var gamma: Int32?
    /// 100000 × white, red, green, blue x and y (cHRM chunk).
    public var chromaticities: [Int32]?
    /// An embedded ICC profile (iCCP chunk), e.g. Display P3 on iPhone screenshots.
    public var iccProfile: ICCProfile?
    /// Colour chunks libpng 1.6 does not parse, kept raw: cICP, mDCV, cLLI.
    public var rawChunks: [RawChunk]

    public init(
        srgbIntent: Int32? = nil, gamma: Int32? = nil, chromaticities: [Int32]? = nil, iccProfile: ICCProfile? = nil,
        rawChunks: [RawChunk] = []
    ) {
        self.srgbIntent = srgbIntent
        self.gamma = gamma
        self.chromaticities = chromaticities
        self.iccProfile = iccProfile
        self.rawChunks = rawChunks
    }

    /// Whether the image says nothing about its colours.
    public var isEmpty: Bool { self == ColorInfo() }

    /// The chunk names present, in file order of significance.
    public var chunkNames: [String] {
        var names: [String] = []
        if iccProfile != nil { names.append("iCCP") }
        if srgbIntent != nil { names.append("sRGB") }
        if gamma != nil { names.append("gAMA") }
        if chromaticities != nil { names.append("cHRM") }
        names += rawChunks.map(\.name)
        return names
    }
}

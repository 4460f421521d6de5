import CheckCodes

/// Whether a screenshot's colour profile (its iCCP chunk) goes into its crops: one rule for the
/// command-line tool (`NativePNG`, inflating with libz) and the browser core (``PNGContainer``,
/// inflating with the browser's DecompressionStream), so that both keep or drop the same chunks
/// and say the same of a dropped one.
///
/// A kept chunk is copied into every crop as the screenshot stores it. The profile is inflated only
/// to be checked, and never past ``PNGLimits/maxColorProfileSize``: a small chunk that inflates to
/// hundreds of megabytes is dropped, not carried into every crop.
public enum ColorProfilePolicy {
    /// A profile that passed: its name (the chunk's keyword, one Latin-1 character a byte) and its
    /// inflated bytes.
    public struct Profile: Hashable, Sendable {
        public var name: String
        public var data: [UInt8]
    }

    /// Why a chunk was dropped, as both tools warn of it.
    public struct Dropped: Problem, Hashable, Sendable {
        public var reason: String

        public var problems: [ProblemText] { [ProblemText(reason: warning)] }

        /// The warning: "iCCP: REASON; the colour profile was dropped".
        public var warning: String { "iCCP: \(reason); the colour profile was dropped" }
    }

    /// The compressed profile of an iCCP chunk's data (after its keyword and compression method),
    /// for the caller to inflate, stopping once more than ``PNGLimits/maxColorProfileSize`` bytes
    /// came; or why the chunk is dropped without inflating anything.
    public static func compressedProfile(_ chunk: [UInt8]) -> Result<ArraySlice<UInt8>, Dropped> {
        guard let end = chunk.firstIndex(of: 0), end >= 1, end <= 79 else {
            return .failure(Dropped(reason: "the profile's name is not a PNG keyword of 1 to 79 bytes"))
        }
        guard end + 1 < chunk.count, chunk[end + 1] == 0 else {
            return .failure(Dropped(reason: "the compression method is not 0 (zlib)"))
        }
        guard end + 2 < chunk.count else { return .failure(Dropped(reason: "the chunk holds no profile")) }
        return .success(chunk[(end + 2)...])
    }

    /// The verdict on an iCCP chunk of an image of `colorType`, given what its compressed profile
    /// inflated to: nil when the stream is invalid, else at most
    /// ``PNGLimits/maxColorProfileSize`` + 1 bytes (the caller stops there).
    ///
    /// The profile must be an ICC profile this image can use, as libpng checks it: its header's
    /// length is the inflated length, it has the `acsp` signature, a colour space of the image's
    /// kind (`RGB ` for colour and palette images, `GRAY` for grey ones), an XYZ or Lab connection
    /// space, a class that may be embedded, and a tag table that lies inside it.
    public static func verdict(_ chunk: [UInt8], inflated: [UInt8]?, colorType: PNGColorType) -> Result<Profile, Dropped> {
        if case .failure(let dropped) = compressedProfile(chunk) { return .failure(dropped) }
        guard let profile = inflated else { return .failure(Dropped(reason: "the compressed profile is not a valid zlib stream")) }
        if let reason = problem(profile, colorType: colorType) { return .failure(Dropped(reason: reason)) }
        return .success(Profile(name: name(of: chunk), data: profile))
    }

    /// The profile's name in an iCCP chunk's data: its keyword, one Latin-1 character a byte.
    public static func name(of chunk: [UInt8]) -> String {
        var name = ""
        for byte in chunk[..<(chunk.firstIndex(of: 0) ?? chunk.count)] { name.unicodeScalars.append(Unicode.Scalar(byte)) }
        return name
    }

    /// What is wrong with an inflated profile, or nil.
    private static func problem(_ profile: [UInt8], colorType: PNGColorType) -> String? {
        let limit = PNGLimits.maxColorProfileSize
        if profile.count > limit { return "the profile inflates to more than the limit of \(limit) bytes" }
        if profile.count < 132 { return "the profile is \(profile.count) bytes, shorter than an ICC profile's 132-byte header" }
        // Header fields are read as the unsigned 32-bit numbers they are: on wasm32 an Int has 32
        // bits, and a field over 2^31 must be refused, not trap.
        let declared = BigEndian.uint32(profile, at: 0)
        if declared != UInt32(profile.count) { return "the profile's header says \(declared) bytes but it inflates to \(profile.count)" }
        if !profile[36..<40].elementsEqual("acsp".utf8) { return "the profile has no ICC signature (acsp)" }
        let space = String(decoding: profile[16..<20], as: UTF8.self)
        let grey = colorType == .grey || colorType == .greyAlpha
        if grey, space != "GRAY" { return "the profile's colour space '\(space)' cannot describe a grey image" }
        if !grey, space != "RGB " { return "the profile's colour space '\(space)' cannot describe a colour image" }
        let connection = String(decoding: profile[20..<24], as: UTF8.self)
        if connection != "XYZ ", connection != "Lab " { return "the profile's connection space is neither XYZ nor Lab" }
        let deviceClass = String(decoding: profile[12..<16], as: UTF8.self)
        if deviceClass == "abst" || deviceClass == "link" { return "a profile of class \(deviceClass) cannot be embedded in an image" }
        if BigEndian.uint32(profile, at: 64) >= 0xFFFF { return "the profile's rendering intent is invalid" }
        let tags = BigEndian.uint32(profile, at: 128)
        if tags > UInt32((profile.count - 132) / 12) { return "the profile's tag table is longer than the profile" }
        let size = UInt32(profile.count)
        for index in 0..<Int(tags) {
            let entry = 132 + 12 * index
            let offset = BigEndian.uint32(profile, at: entry + 4)
            let length = BigEndian.uint32(profile, at: entry + 8)
            if offset > size || length > size - offset { return "a tag of the profile lies outside it" }
        }
        return nil
    }
}

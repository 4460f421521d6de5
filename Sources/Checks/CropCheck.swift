import SlotGeometry

/// The checks the build and `backdrop crop` run on crops and previews. Codes are stable.
public enum CropCheck: String, CaseIterable, Check {
    case exactCrop = "C001"
    case preview = "C003"
    case cacheIntact = "C004"

    public static var family: String { "Crops" }

    public var severity: Severity { self == .cacheIntact ? .warning : .error }

    public var title: String {
        switch self {
        case .exactCrop:
            "every crop has the slot's exact pixel size, the screenshot's bit depth, channels and colour chunks, and, decoded again, equals the screenshot region pixel for pixel"
        case .preview: "every screenshot gets a preview"
        case .cacheIntact:
            "every cache entry a build uses is intact (the size and fingerprint it was written with); a damaged one is made again from the screenshot"
        }
    }

    public var explanation: String {
        switch self {
        case .exactCrop:
            "Every crop is written, read back with libpng and compared with the screenshot's region; a crop that differs in any pixel, in size, depth, channels or colour chunks is not published."
        case .preview:
            "The gallery shows every screenshot scaled down with its slot overlay; a screenshot that cannot be scaled (for example one that fails to decode fully) is reported here."
        case .cacheIntact:
            "Crops and calibration measurements are cached by content; an entry that was truncated, edited or replaced no longer matches its record, so it is made again and this warning says which."
        }
    }
}

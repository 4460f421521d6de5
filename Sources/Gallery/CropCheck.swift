/// The checks the build runs on crops, previews and calibration screenshots. Codes are stable.
public enum CropCheck: String, CaseIterable, Sendable {
    case exactCrop = "C001"
    case preview = "C003"
    case cacheIntact = "C004"
    case calibrationAgrees = "C010"
    case calibrationReadable = "C011"
    case calibrationSlotKnown = "C012"

    public var code: String { rawValue }

    public var summary: String {
        switch self {
        case .exactCrop:
            "every crop has the slot's exact pixel size, the screenshot's bit depth, channels and colour chunks, and, decoded again, equals the screenshot region pixel for pixel"
        case .preview: "every screenshot gets a preview"
        case .cacheIntact:
            "every cache entry a build uses is intact (the size and fingerprint it was written with); a damaged one is made again from the screenshot"
        case .calibrationAgrees: "every widget measured on a layout's calibration screenshots is within 1 px of the layout's slot, on every edge"
        case .calibrationReadable: "every calibration screenshot can be read, has the layout's size and shows widgets on a grid"
        case .calibrationSlotKnown: "every slot a calibration screenshot shows is one the layout knows"
        }
    }
}

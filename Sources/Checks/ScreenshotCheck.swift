import SlotGeometry

/// The checks on the screenshots a profile names. Codes are stable.
public enum ScreenshotCheck: String, CaseIterable, Check {
    case present = "S001"
    case decodable = "S002"
    case exactSize = "S003"
    case sameSizeLightAndDark = "S004"
    case bothAppearances = "S005"

    public static var family: String { "Screenshots" }

    public var severity: Severity { self == .bothAppearances ? .warning : .error }

    public var title: String {
        switch self {
        case .present: "every screenshot a profile names exists in the content folder"
        case .decodable: "every screenshot is a PNG libpng can read"
        case .exactSize: "every screenshot has its screen's exact pixel size"
        case .sameSizeLightAndDark: "the light and dark screenshots of a screen have the same size"
        case .bothAppearances: "a screen with screenshots has both a light and a dark one"
        }
    }

    public var explanation: String {
        switch self {
        case .present:
            "A profile's `screenshots` paths are relative to the content folder; a missing file is usually a misspelt name or a file not yet added."
        case .decodable:
            "Screenshots must be PNG files (any bit depth, palette, grey, alpha, interlaced); a JPEG or HEIC renamed to .png, a truncated file or a bad checksum is named with the reason."
        case .exactSize:
            "Crops are only right when the screenshot is exactly the screen's pixel size; the message names the device whose size it does have and mentions Display Zoom when that explains it."
        case .sameSizeLightAndDark:
            "The light and dark screenshots are cropped with the same slots, so they must come from the same screen and setting."
        case .bothAppearances:
            "Widgets show in light and dark mode; without one of the two screenshots the gallery has no crops for that appearance."
        }
    }
}

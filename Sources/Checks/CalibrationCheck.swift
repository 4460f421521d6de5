import SlotGeometry

/// The checks the build runs on a layout's calibration screenshots (screenshots with widgets
/// placed). Codes are stable.
public enum CalibrationCheck: String, CaseIterable, Check {
    case agrees = "C010"
    case readable = "C011"
    case slotKnown = "C012"

    public static var family: String { "Calibration" }

    public var title: String {
        switch self {
        case .agrees: "every widget measured on a layout's calibration screenshots is within 1 px of the layout's slot, on every edge"
        case .readable: "every calibration screenshot can be read, has the layout's size and shows widgets on a grid"
        case .slotKnown: "every slot a calibration screenshot shows is one the layout knows"
        }
    }

    public var explanation: String {
        switch self {
        case .agrees:
            "A layout that lists calibration screenshots is measured again by every build; a widget edge more than 1 px from the layout's slot means the numbers or the screenshot are wrong, and the message gives each edge's offset."
        case .readable:
            "A calibration screenshot must be a readable PNG of the layout's exact size, with widgets the finder can place on a grid."
        case .slotKnown:
            "A widget measured where the layout has no position (an unknown number) cannot be compared; record the measurement in the layout with `backdrop calibrate --into`."
        }
    }
}

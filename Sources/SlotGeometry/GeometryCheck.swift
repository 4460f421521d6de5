/// How bad a finding is.
public enum Severity: String, CaseOrdered, Sendable {
    /// Fails the build.
    case error
    /// Reported; does not fail the build.
    case warning
    /// Reported for information, e.g. a check a layout is known and documented to break.
    case note
}

/// The checks on a layout's geometry. Codes are stable: they appear in reports and in profiles'
/// `exceptions`.
public enum GeometryCheck: String, CaseOrdered, Sendable {
    case slotInsideScreen = "G001"
    case sameFamilyNoOverlap = "G002"
    case smallHeightIsMediumHeight = "G003"
    case mediumWidthIsLargeWidth = "G004"
    case smallColumnsSpanMediumWidth = "G005"
    case columnsSymmetric = "G006"
    case rowsEvenlySpaced = "G007"
    case largeBottomOnMiddleRow = "G008"
    case wholePixels = "G009"
    case largeHeightSpansTwoRows = "G010"
    case slotOnGrid = "G011"
    case noZeroPlaceholders = "G012"
    case smallIsSquare = "G013"
    case derivable = "G014"
    case exceptionStillNeeded = "G015"

    /// The stable code, e.g. `G005`.
    public var code: String { rawValue }

    /// What the check asserts, in a few words.
    public var summary: String {
        switch self {
        case .slotInsideScreen: "every slot lies inside the screen"
        case .sameFamilyNoOverlap: "slots of the same family do not overlap"
        case .smallHeightIsMediumHeight: "small height = medium height"
        case .mediumWidthIsLargeWidth: "medium width = large width"
        case .smallColumnsSpanMediumWidth: "the small columns span the medium width (right + small − left = medium)"
        case .columnsSymmetric: "left and right margins differ by at most 1 px"
        case .rowsEvenlySpaced: "rows are evenly spaced (within 1 px)"
        case .largeBottomOnMiddleRow: "a large widget at the bottom starts on the middle row"
        case .wholePixels: "every number lands on a whole pixel"
        case .largeHeightSpansTwoRows: "large height = middle − top + small height"
        case .slotOnGrid: "a slot stated on its own sits on its grid column and row"
        case .noZeroPlaceholders: "no number is a 0 placeholder (leave unknown numbers out)"
        case .smallIsSquare: "small widgets are square"
        case .derivable: "a number marked derived can be derived from the others"
        case .exceptionStillNeeded: "every exception a layout declares is still needed"
        }
    }

    /// The severity of a finding when the layout declares no exception for it.
    public var severity: Severity {
        self == .exceptionStillNeeded ? .warning : .error
    }
}

/// One problem a check found in a layout.
public struct GeometryFinding: Hashable, Sendable {
    public var check: GeometryCheck
    public var severity: Severity
    public var layout: LayoutKind
    public var slot: SlotID?
    /// The numbers involved, first the one to point at in the profile.
    public var fields: [GridField]
    public var message: String

    public init(
        check: GeometryCheck, severity: Severity? = nil, layout: LayoutKind, slot: SlotID? = nil,
        fields: [GridField], message: String
    ) {
        self.check = check
        self.severity = severity ?? check.severity
        self.layout = layout
        self.slot = slot
        self.fields = fields
        self.message = message
    }
}

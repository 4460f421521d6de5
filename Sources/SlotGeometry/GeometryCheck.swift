/// The checks on a layout's geometry. Codes are stable: they appear in reports and in profiles'
/// `exceptions`.
public enum GeometryCheck: String, CaseOrdered, Check {
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
    case extraLargePortraitWidthIsMediumWidth = "G016"
    case extraLargePortraitSpansThreeRows = "G017"

    public static var family: String { "Geometry" }

    public var title: String {
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
        case .extraLargePortraitWidthIsMediumWidth: "extra-large portrait width = medium width"
        case .extraLargePortraitSpansThreeRows: "extra-large portrait height = 2 × large height − small height"
        }
    }

    public var explanation: String {
        switch self {
        case .slotInsideScreen:
            "A slot that reaches past the screenshot's edge cannot be cropped; the usual cause is a number in points written as pixels or the other way round."
        case .sameFamilyNoOverlap:
            "Two widgets of one family never overlap on a home-screen page, so overlapping slots mean a row or column number is wrong."
        case .smallHeightIsMediumHeight:
            "Small and medium widgets are one icon row pair tall; different heights mean one of the two sizes was copied from another device."
        case .mediumWidthIsLargeWidth:
            "Medium and large widgets span the full grid width; different widths mean one size is from another device or iOS version."
        case .smallColumnsSpanMediumWidth:
            "The left small column starts where the medium widget starts and the right one ends where it ends, so right + small − left must equal the medium width."
        case .columnsSymmetric:
            "The home-screen grid is centred: the margin left of the left column and right of the right column differ by at most a pixel of rounding."
        case .rowsEvenlySpaced:
            "Widget rows sit on the icon grid, whose rows are evenly spaced; a row off by more than 1 px is usually a typo or a number from another layout."
        case .largeBottomOnMiddleRow:
            "A large widget placed at the bottom covers the middle and bottom rows, so its top is the middle row's y."
        case .wholePixels:
            "Screenshots have whole pixels, so every number must land on one: pixel numbers are whole, point numbers times the scale are whole (two decimals of rounding allowed)."
        case .largeHeightSpansTwoRows:
            "A large widget covers two rows of small widgets and the gap between them: its height is middle − top + small height."
        case .slotOnGrid:
            "A slot stated on its own (not from the grid) must still start on its family's column and row; otherwise the grid or the slot is wrong."
        case .noZeroPlaceholders:
            "Some sources write 0 for a number they did not know. Backdrop treats unknown as unknown: leave the number out instead of writing 0."
        case .smallIsSquare:
            "Small widgets are square on every iPhone; a non-square small size is a typo or a swapped number."
        case .derivable:
            "A number whose source is `derived` must follow from the others by the grid rules; when it does not, it was not derived."
        case .exceptionStillNeeded:
            "A layout may declare a measured exception to a grid rule; when the rule no longer fails, the exception is stale and should be removed."
        case .extraLargePortraitWidthIsMediumWidth:
            "iOS 27's extra-large portrait widget spans the full grid width, like medium and large widgets; FrameUp's measurements of every iPhone screen agree to the pixel."
        case .extraLargePortraitSpansThreeRows:
            "The extra-large portrait widget reaches from the top row to the bottom of the bottom row: its height is bottom − top + small, which on evenly spaced rows is 2 × large − small. FrameUp's measurements of every iPhone screen follow this to the pixel."
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

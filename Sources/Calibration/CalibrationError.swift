import CheckCodes
import SlotGeometry

/// Why a screenshot could not be calibrated.
public enum CalibrationError: Problem, Hashable, Sendable {
    /// The empty-page screenshot is not the size of the screenshot with widgets.
    case differentSizes(shot: PixelSize, empty: PixelSize)
    /// The empty-page screenshot is the screenshot with widgets again: the same file given twice,
    /// or a copy (every pixel equal).
    case identicalImages
    /// A candidate layout is drawn on a screen of another size than the screenshot's.
    case notTheLayoutsScreen(shot: PixelSize, device: String, layout: LayoutKind, screen: PixelSize)
    case noWidgets
    /// Regions that may be widgets (``RejectionReason/mayBeAWidget``) were found, but none was
    /// taken for one: all the rejected regions, with why.
    case everyRegionRejected([RejectedRegion])
    case notOnGrid(String)
    /// The empty-page screenshot does not show the same page (another wallpaper, appearance or
    /// scale): the words of ``DifferenceThreshold``'s finding.
    case notTheSamePage(String)
    /// The two screenshots were given the wrong way round: the widgets' outlines show on the one
    /// given as the empty page, and the wallpaper runs on across them on the other.
    case swappedPair
    /// The measured widgets break a grid rule no home screen breaks (a widget off the grid's
    /// columns, say): the findings, each with its check code.
    case offGrid([GeometryFinding])
    /// Checking widgets: no widget on the home screen shows a piece of this wallpaper within
    /// `reach` pixels of a slot of the layout, and none is a solid widget; `farther` names the
    /// slots whose widget shows its piece from farther off.
    case noTransparentWidget(layout: String, reach: Int, farther: [String])
    /// Checking widgets: the widgets seen (these slots) show blurred pieces of the wallpaper.
    case widgetsLookBlurred([String])
    /// Checking widgets: widgets were seen but none could be measured: each slot with why.
    case noWidgetMeasured([String])
    /// Checking widgets: widgets iOS puts in one column or row were measured more than 2 px
    /// apart: each column or row, with its widgets' offsets.
    case widgetsDisagree([String])
    /// Checking widgets: the two screenshots were given the wrong way round: the widgets' edges
    /// show on the one given as the empty page.
    case swappedCheckPair
    /// Checking widgets: the page given as empty shows widgets itself (an opaque one, or
    /// transparent ones at other places than the home screen's): where, in words.
    case emptyPageShowsWidgets(String)
    /// Checking widgets: a widget shows a piece of this wallpaper from farther than any widget is
    /// off, so its background was cropped with another layout: where it comes from, in words.
    case cropsFromAnotherLayout(String)

    public var problems: [ProblemText] { [ProblemText(reason: reason)] }

    /// Why, in words: the screenshot is named by whoever reports it.
    public var reason: String {
        switch self {
        case .differentSizes(let shot, let empty):
            "the screenshot is \(shot) but the empty-page screenshot is \(empty); both must come from the same device and setting"
        case .identicalImages:
            "the screenshot with widgets and the empty-page screenshot are identical images (every pixel the same, compared at 8 bits whatever each file's depth or colour type): "
                + "the same screenshot was given twice; give the page without widgets and the same page with widgets placed"
        case .notTheLayoutsScreen(let shot, let device, let layout, let screen):
            "the screenshot is \(shot) but the \(device) \(layout.rawValue) layout's screen is \(screen)"
        case .noWidgets:
            "no widgets found: place solid, single-colour widgets (six small ones measure the whole grid) and take the screenshot again"
        case .everyRegionRejected(let rejected):
            "no widgets found: \(rejected.count == 1 ? "the one candidate region was" : "all \(rejected.count) candidate regions were") rejected: "
                + rejected.map { $0.description }.joined(separator: "; ")
        case .notOnGrid(let detail): "the widgets are not on one grid: \(detail)"
        case .notTheSamePage(let detail): "the two screenshots are not of the same page: \(detail)"
        case .swappedPair:
            "the two screenshots are the wrong way round: the widgets' edges show on the one given as the empty page, and the wallpaper runs on "
                + "across them on the one given as the page with widgets; give the empty page first and the page with widgets to --measured-from"
        case .noTransparentWidget(let layout, let reach, let farther):
            "no widget within \(reach) px of a slot of \(layout) shows a piece of this wallpaper, and none is a solid widget"
                + (farther.isEmpty
                    ? ""
                    : " (\(farther.joined(separator: ", ")) \(farther.count == 1 ? "shows its piece" : "show their pieces") from farther off)")
                + ": take the screenshot of the home screen with your widgets in place, of the same page as the empty screenshot, "
                + "and give the layout (the phone and iOS) their backgrounds were cropped with"
        case .widgetsLookBlurred(let slots):
            "these widgets look blurred (\(slots.joined(separator: ", "))): their backgrounds were made with a blurring style; "
                + "give the style you cropped with (--style blur, light, dark or glass; on the page, the style you chose), "
                + "so that they are compared with the empty page blurred the same way"
        case .noWidgetMeasured(let seen):
            "widgets were seen but none could be measured: \(seen.joined(separator: "; "))"
        case .widgetsDisagree(let lines):
            "widgets that iOS puts in one column or row were measured more than 2 px apart (\(lines.joined(separator: "; "))): "
                + "one of them was dragged to another place, or its background was cropped from another screenshot or layout; "
                + "nothing was written: put each widget back in its place (or crop its background again) and take the screenshot again"
        case .swappedCheckPair:
            "the two screenshots are the wrong way round: the widgets' edges show on the one given as the empty page, and the one given as "
                + "the home screen shows the wallpaper without them; give the empty page first and the home screen with your widgets to --widgets-from"
        case .emptyPageShowsWidgets(let detail):
            "the page given as empty shows widgets (\(detail)): its backgrounds would show them too; "
                + "take a new screenshot of an empty page of the same wallpaper (touch and hold the home screen until the icons jiggle, swipe left past your last page) and give that"
        case .cropsFromAnotherLayout(let detail):
            "the widgets' backgrounds were not cropped with this layout: \(detail); give the layout (or the phone) you cropped them with"
        case .offGrid(let findings):
            "the widgets are not on a home-screen grid ("
                + findings.map { "\($0.check.code): \($0.message)" }.joined(separator: "; ")
                + "): a widget may have been dragged off its place, or this is not a home-screen page; place the widgets in the grid and take the screenshot again"
        }
    }
}

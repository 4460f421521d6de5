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
    /// `reach` pixels of a slot of the layout, and none is a solid widget.
    case noTransparentWidget(layout: String, reach: Int)
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
        case .noTransparentWidget(let layout, let reach):
            "no widget on the home screen shows a piece of this wallpaper within \(reach) px of a slot of \(layout), and none is a solid widget: "
                + "take the screenshot of the home screen with your widgets in place, of the same page as the empty screenshot, "
                + "and give the layout their backgrounds were cropped with"
        case .cropsFromAnotherLayout(let detail):
            "the widgets' backgrounds were not cropped with this layout: \(detail); give the layout (or the phone) you cropped them with"
        case .offGrid(let findings):
            "the widgets are not on a home-screen grid ("
                + findings.map { "\($0.check.code): \($0.message)" }.joined(separator: "; ")
                + "): a widget may have been dragged off its place, or this is not a home-screen page; place the widgets in the grid and take the screenshot again"
        }
    }
}

/// How a widget's background is drawn from its crop: the crop itself (``none``), or the whole
/// screenshot blurred, tinted, and (``glass``) given a lighter rim, then cropped.
///
/// Every number here is the one definition of the styles: `backdrop crop --style`, the make page
/// (the browser core) and `WidgetGeometry.Style` (written from these by `backdrop export
/// widget-geometry`) all read them. How they are applied, exactly (the arithmetic a second
/// implementation must repeat to get the same bytes), is ``StyledScreen``'s documentation and
/// `content/docs/styles.md`.
public enum CropStyle: String, CaseIterable, Hashable, Sendable {
    /// Today's crops, byte for byte.
    case none
    /// The screenshot blurred.
    case blur
    /// Blurred, under a white tint.
    case light
    /// Blurred, under a black tint.
    case dark
    /// Blurred lightly, under a faint white tint, with a thin lighter rim along the widget's
    /// rounded outline.
    case glass

    /// A colour mixed over the blurred screenshot: white or black, at an opacity in thousandths.
    public struct Tint: Hashable, Sendable {
        /// White (`true`) or black (`false`).
        public var white: Bool
        /// 0…1000: the share of the tint colour in the result.
        public var opacity: Int
    }

    /// The lighter rim of ``glass``: a band of `width` points along the widget's outline (a
    /// rounded rectangle of the widget family's corner radius), white at `opacity` thousandths.
    public struct Rim: Hashable, Sendable {
        public var widthPoints: Int
        public var opacity: Int
    }

    /// The blur's standard deviation, in points (so a style looks the same at @2x and @3x); 0 for
    /// ``none``.
    public var blurPoints: Int {
        switch self {
        case .none: 0
        case .blur, .light, .dark: 10
        case .glass: 4
        }
    }

    /// The tint, or nil.
    public var tint: Tint? {
        switch self {
        case .none, .blur: nil
        case .light: Tint(white: true, opacity: 300)
        case .dark: Tint(white: false, opacity: 400)
        case .glass: Tint(white: true, opacity: 120)
        }
    }

    /// The rim, or nil (only ``glass`` has one).
    public var rim: Rim? { self == .glass ? Rim(widthPoints: 1, opacity: 400) : nil }

    /// The style's name for people, saying what the picture looks like (not an appearance of the
    /// phone): "Exact wallpaper", "Blurred", "Blurred, lighter", "Blurred, darker", "Frosted glass".
    /// The command line's `--style` takes ``rawValue``.
    public var title: String {
        switch self {
        case .none: "Exact wallpaper"
        case .blur: "Blurred"
        case .light: "Blurred, lighter"
        case .dark: "Blurred, darker"
        case .glass: "Frosted glass"
        }
    }

    /// What the picture looks like, in one plain line (the make page, the device pages); the
    /// numbers are ``specification``'s.
    public var summary: String {
        switch self {
        case .none: "your wallpaper exactly as it is behind the widget"
        case .blur: "your wallpaper softly blurred; widgets side by side still meet"
        case .light: "blurred under a white veil, so that dark text stands out"
        case .dark: "blurred under a dark veil, so that light text stands out"
        case .glass:
            "lightly blurred, with a thin bright rim of its own along the widget's rounded edge, on top of the glass edge iOS 26 draws around every widget"
        }
    }

    /// The style's numbers in a few words: the blur, the tint, the rim and its corners (the Styles
    /// page, the API's documentation, and the build's cache, whose key changes with them).
    public var specification: String {
        switch self {
        case .none: "the screenshot's pixels, unchanged"
        case .blur: "blurred (\(blurPoints) pt)"
        case .light: "blurred (\(blurPoints) pt) under white at \(Self.percent(tint!.opacity))"
        case .dark: "blurred (\(blurPoints) pt) under black at \(Self.percent(tint!.opacity))"
        case .glass:
            "blurred (\(blurPoints) pt) under white at \(Self.percent(tint!.opacity)), with a \(rim!.widthPoints) pt rim of white at "
                + "\(Self.percent(rim!.opacity)) along the widget's outline, its corners \(Self.cornerRadiusPoints(.small)) pt (\(Self.cornerRadiusSource))"
        }
    }

    /// The widget's corner radius in points, for ``glass``'s rim: estimated, the same for every
    /// family (iOS rounds every home-screen widget of a phone alike). From the edges of six small
    /// widgets on an iOS 18 iPhone 16 Pro screenshot (`mzeryck/Widget-Blur` `measurements.png`,
    /// `../shared/research/geometry-anchors.md` section 2): 39.5 px below the top edge the widget
    /// is inset 6 px, which a circular corner of about 67 px gives, rounded to 22 pt (66 px at
    /// @3x); iOS's corners are continuous-curvature, so this is an estimate, not a measurement.
    public static func cornerRadiusPoints(_ family: WidgetFamily) -> Int { 22 }

    /// How the corner radius is known, wherever it is shown.
    public static let cornerRadiusSource = "estimated"

    /// The blur's standard deviation in pixels at `scale`.
    public func blurPixels(scale: Int) -> Int { blurPoints * scale }

    /// The half-width `r` of each of the three box passes that make the blur (boxes of 2r + 1
    /// pixels): the odd width nearest √(4σ² + 1), σ in pixels, three boxes of it having σ's
    /// variance, (w² − 1) / 4.
    public func boxRadius(scale: Int) -> Int {
        let sigma = Double(blurPixels(scale: scale))
        let width = (4 * sigma * sigma + 1).squareRoot()
        return Int((width - 1) / 2 + 0.5)
    }

    /// The file of a crop of `slot` in this style: `SLOT.png` for ``none`` (today's name),
    /// `SLOT-STYLE.png` otherwise, so that a file saved to Photos or shared still says its style.
    /// With `inFolder`, the file is in a folder named after the style (several styles at once).
    public func fileName(slot: String, inFolder: Bool = false) -> String {
        let file = self == .none ? "\(slot).png" : "\(slot)-\(rawValue).png"
        return inFolder ? "\(rawValue)/\(file)" : file
    }

    /// The file of a crop of `slot` in this style when a command writes `styles`: in a folder of its
    /// style when there are several (``fileName(slot:inFolder:)``).
    public func fileName(slot: String, among styles: [CropStyle]) -> String {
        fileName(slot: slot, inFolder: styles.count > 1)
    }

    /// The styles a command line's `--style` names: one style, several separated by commas
    /// (`blur,glass`, in the order of ``allCases``), or `all`; nil for a name that is no style.
    public static func list(_ text: String) -> [CropStyle]? {
        if text == "all" { return allCases }
        var chosen: [CropStyle] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let style = CropStyle(rawValue: String(name)) else { return nil }
            chosen.append(style)
        }
        return allCases.filter { chosen.contains($0) }
    }

    /// The styles' names as a sentence lists them: `none, blur, light, dark or glass`.
    public static var namesInWords: String {
        let names = allCases.map { $0.rawValue }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    private static func percent(_ thousandths: Int) -> String {
        thousandths % 10 == 0 ? "\(thousandths / 10) %" : "\(thousandths / 10).\(thousandths % 10) %"
    }
}

/// How a number in the catalog is known, from most to least trustworthy.
public enum SourceKind: String, CaseOrdered, Sendable {
    /// Read off a real screenshot or Simulator capture whose pixels can be found again (the
    /// reference cites the image); carries the reference it was taken from.
    case measured
    /// Taken from a published table: a widget script's or an article's table of positions, or the
    /// sizes WidgetKit reports (Apple's table, FrameUp's frames). Its authors may have measured it;
    /// nobody can check it against the screenshot it came from.
    case published
    /// Computed from other numbers: by one of the grid rules, or by a model of the grid fitted on
    /// measured screens (then with the model's leave-one-out error, ``Provenance/errorPixels``).
    case derived
    /// A best guess; carries the reasoning.
    case estimated
}

extension SourceKind {
    /// How a person reads the kind of a layout's positions: "measured on screenshots", "from
    /// published tables", "derived", "estimated".
    public var positionWords: String {
        switch self {
        case .measured: "measured on screenshots"
        case .published: "from published tables"
        case .derived, .estimated: rawValue
        }
    }
}

extension SourceKind {
    /// What a person will see from a layout whose positions are known this way, in a sentence or
    /// two (the make page, the device pages): measured positions say why they can be trusted, the
    /// others that the widget may sit off, with a seam at its edge (the pages add the link to the
    /// fixer). `errorPixels` and `errorPhones` are the error of positions derived from a fitted
    /// model and how many phones it rests on.
    public func whatYouSee(errorPixels: Int?, errorPhones: Int?) -> String {
        let seam = "your widget may sit a few pixels off, and a thin seam would show at its edge."
        switch self {
        case .measured:
            return "Measured on real screenshots of this phone with widgets in place, each cited so that anyone can check it: "
                + "the background meets the wallpaper around the widget."
        case .published:
            return "Taken from the tables other widget apps use, never checked here against a screenshot: " + seam
        case .derived:
            guard let errorPixels else { return "Worked out from the grid's rules, not measured: " + seam }
            let phones = errorPhones.map { "\($0) measured phones" } ?? "measured phones"
            return "Estimated by a model of the grid fitted on \(phones), not measured on a phone like yours: "
                + "your widget may sit up to \(errorPixels) px off, and a thin seam would show at its edge."
        case .estimated:
            return "A best guess, not measured: " + seam
        }
    }

    /// ``whatYouSee(errorPixels:errorPhones:)`` in a few words, for a menu or a line: "positions
    /// measured", "positions estimated: may be up to 8 px off".
    public func inAFewWords(errorPixels: Int?) -> String {
        switch self {
        case .measured: "positions measured"
        case .published: "positions from published tables: may be a few px off"
        case .derived:
            errorPixels.map { "positions estimated: may be up to \($0) px off" } ?? "positions worked out from the grid: may be a few px off"
        case .estimated: "positions guessed: may be off"
        }
    }
}

/// Where one number came from.
public struct Provenance: Hashable, Sendable {
    public var kind: SourceKind
    /// The key of the reference in the profile's `references`, for measured and published numbers.
    public var reference: String?
    /// The citation the reference key stands for.
    public var citation: String?
    /// Free text: the reasoning of an estimate, the rule of a derivation, or a remark.
    public var note: String?
    /// How far off the number may be, in whole pixels: for a number derived from a fitted model,
    /// the model's largest leave-one-out error; `nil` where no error is stated.
    public var errorPixels: Int?
    /// How many phones the model behind ``errorPixels`` was fitted on, and so how many points the
    /// error rests on; `nil` where no error is stated.
    public var errorPhones: Int?

    public init(
        kind: SourceKind, reference: String? = nil, citation: String? = nil, note: String? = nil, errorPixels: Int? = nil,
        errorPhones: Int? = nil
    ) {
        self.kind = kind
        self.reference = reference
        self.citation = citation
        self.note = note
        self.errorPixels = errorPixels
        self.errorPhones = errorPhones
    }

    /// A number computed by a grid rule.
    public static func derived(_ rule: String) -> Provenance {
        Provenance(kind: .derived, note: rule)
    }
}

/// A length as written in a profile: in points or in pixels.
public enum Length: Hashable, Sendable {
    case points(Double)
    case pixels(Double)

    /// The length in pixels, possibly fractional when points do not land on whole pixels.
    public func pixels(scale: Int) -> Double {
        switch self {
        case .points(let value): value * Double(scale)
        case .pixels(let value): value
        }
    }

    /// Whether the length lands on a whole pixel: a length in pixels must be a whole number; one
    /// in points may miss by what writing the points with two decimals can miss by
    /// (`164.33` pt is 492.99 px at @3x).
    public func isWholePixel(scale: Int) -> Bool {
        let exact = pixels(scale: scale)
        switch self {
        case .pixels: return exact == exact.rounded()
        case .points: return abs(exact - exact.rounded()) <= 0.005 * Double(scale) + 1e-9
        }
    }

    /// The largest whole-pixel magnitude a length resolves to: 2^40, or 2^26 where `Int` has 32
    /// bits (wasm32). Readers refuse numbers beyond the screen long before this; the bound only
    /// guarantees that no sum or difference of a few grid numbers can overflow, whatever a caller
    /// states.
    public static let pixelLimit = 1 << min(40, Int.bitWidth - 6)

    /// The length in whole pixels: rounded, held within ±``pixelLimit``, and 0 for a NaN.
    public func wholePixels(scale: Int) -> Int {
        let exact = pixels(scale: scale)
        guard !exact.isNaN else { return 0 }
        let limit = Double(Self.pixelLimit)
        return Int(min(max(exact.rounded(), -limit), limit))
    }

    /// The length as written, with its unit.
    public var written: String {
        switch self {
        case .points(let value): "\(formatNumber(value)) pt"
        case .pixels(let value): "\(formatNumber(value)) px"
        }
    }
}

/// Formats a number without a trailing `.0`, and with at most two decimals.
public func formatNumber(_ value: Double) -> String {
    // Whole numbers print as integers while an Int holds them (below 9.2e18, or Int.max where Int
    // has 32 bits).
    if value == value.rounded(), abs(value) < min(9.2e18, Double(Int.max)) { return String(Int(value)) }
    guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
    let hundredths = roundedToHundredths(value)
    var text = String(hundredths)
    while text.hasSuffix("0") { text.removeLast() }
    // A value a hair under a whole number rounds to it (50.999 → "51.0"): no point left alone.
    if text.hasSuffix(".") { text.removeLast() }
    return text
}

/// How a number in the catalog is known, from most to least trustworthy.
public enum SourceKind: String, CaseOrdered, Sendable, Codable {
    /// Read off a real device or screenshot; carries the reference it was taken from.
    case measured
    /// Apple's published size table. WidgetKit's size, not always the size on screen.
    case published
    /// Computed from other numbers by one of the grid rules.
    case derived
    /// A best guess; carries the reasoning.
    case estimated
}

/// Where one number came from.
public struct Provenance: Hashable, Sendable, Codable {
    public var kind: SourceKind
    /// The key of the reference in the profile's `references`, for measured and published numbers.
    public var reference: String?
    /// The citation the reference key stands for.
    public var citation: String?
    /// Free text: the reasoning of an estimate, the rule of a derivation, or a remark.
    public var note: String?

    public init(kind: SourceKind, reference: String? = nil, citation: String? = nil, note: String? = nil) {
        self.kind = kind
        self.reference = reference
        self.citation = citation
        self.note = note
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
    if value == value.rounded() { return String(Int(value)) }
    let hundredths = (value * 100).rounded() / 100
    var text = String(hundredths)
    while text.hasSuffix("0") { text.removeLast() }
    return text
}

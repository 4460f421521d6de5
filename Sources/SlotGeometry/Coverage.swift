/// How well a layout is known, for the coverage matrix.
public enum Coverage: Hashable, Sendable, CustomStringConvertible {
    /// Every slot's rectangle is known; the kind is the least trustworthy source among them.
    case complete(SourceKind)
    /// Widget sizes are known, some or all positions are not; the kind is that of the sizes.
    case sizesOnly(SourceKind)
    /// Nothing is known.
    case unknown

    /// A coverage's words with the error of its derived numbers and how many phones that error
    /// was estimated from: "derived ±8 px, estimated from 4 phones".
    public static func label(_ coverage: String, errorPixels: Int?, phones: Int?) -> String {
        guard let errorPixels else { return coverage }
        return "\(coverage) ±\(errorPixels) px" + (phones.map { ", estimated from \($0) phone\($0 == 1 ? "" : "s")" } ?? "")
    }

    public var description: String {
        switch self {
        case .complete(let kind): kind.rawValue
        case .sizesOnly(let kind): "\(kind.rawValue) sizes only"
        case .unknown: "unknown"
        }
    }
}

extension ResolvedLayout {
    /// The coverage in words, with the error of derived positions: "derived ±8 px, estimated from 4
    /// phones"; where the positions are better known than the sizes, both: "positions measured,
    /// sizes published".
    public var coverageLabel: String {
        if case .complete(let kind) = coverage, let positions = weakestPositionSource, positions < kind {
            return "positions \(positions.rawValue), sizes \(kind.rawValue)"
        }
        return Coverage.label(coverage.description, errorPixels: errorPixels, phones: errorPhones)
    }

    /// How well this layout is known.
    public var coverage: Coverage {
        if unknownSlots.isEmpty, let kind = weakestSource { return .complete(kind) }
        let sizeFields = kind.families.flatMap { family -> [GridField] in
            let size = GridField.size(of: family)
            return [size.width, size.height]
        }
        let sizeKinds = sizeFields.compactMap { values[$0]?.provenance.kind }
        guard sizeKinds.count == sizeFields.count, let kind = sizeKinds.max() else { return .unknown }
        return .sizesOnly(kind)
    }
}

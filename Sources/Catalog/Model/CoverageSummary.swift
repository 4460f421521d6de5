import SlotGeometry

/// How many layouts of each iOS generation have positions, and how their positions are known:
/// the front page's and the README's sentence.
public struct CoverageSummary: Hashable, Sendable {
    /// One iOS generation's counts.
    public struct Generation: Hashable, Sendable {
        /// "iOS 26–27".
        public var title: String
        public var layouts: Int
        /// Layouts whose every slot has a known rectangle.
        public var withPositions: Int
        /// Of those, the layouts whose every position was read off a real screenshot or capture.
        public var measured: Int
        /// Of those, the layouts with a position taken from a published table (and none weaker).
        public var published: Int
        /// Of those, the layouts with a position derived from a model, the range of their errors,
        /// and how many phones the model was fitted on.
        public var derived: Int
        public var errors: ClosedRange<Int>?
        public var phones: Int?

        /// "iOS 26–27: 12 layouts, 12 with positions (4 measured on screenshots, 8 derived from a
        /// model fitted on 4 phones, ±8 to ±43 px)".
        public var sentence: String {
            var text = "\(title): \(layouts) layouts, \(withPositions) with positions"
            var parts = ["\(measured) measured on screenshots"]
            if published > 0 { parts.append("\(published) from published tables") }
            if derived > 0 {
                let range =
                    errors.map { $0.lowerBound == $0.upperBound ? ", ±\($0.lowerBound) px" : ", ±\($0.lowerBound) to ±\($0.upperBound) px" } ?? ""
                let fitted = phones.map { " fitted on \($0) phone\($0 == 1 ? "" : "s")" } ?? ""
                parts.append("\(derived) derived from a model\(fitted)\(range)")
            }
            let others = withPositions - measured - published - derived
            if others > 0 { parts.append("\(others) with positions derived by the grid rules or estimated") }
            text += " (" + parts.joined(separator: ", ") + ")"
            return text
        }
    }

    public var generations: [Generation]

    /// Counts the layouts of the catalog's devices, newest iOS first (Display Zoom layouts count
    /// with their iOS). A layout counts by the least trustworthy source of its slots' positions;
    /// sizes, which WidgetKit publishes for every screen, do not move it.
    public init(_ devices: [DeviceDocument]) {
        let layouts = devices.flatMap(\.layouts)
        let ranges = Array(Set(LayoutKind.allCases.map(\.iosMajorVersions))).sorted { $0.lowerBound > $1.lowerBound }
        generations = ranges.map { range in
            let these = layouts.filter { $0.kind.iosMajorVersions == range }
            let positioned = these.filter { $0.unknownSlots.isEmpty && !$0.slots.isEmpty }
            let derived = positioned.filter { $0.errorPixels != nil }
            let errors = derived.compactMap(\.errorPixels)
            let title = LayoutKind.allCases.first { $0.iosMajorVersions == range }!.title.split(separator: ",")[0]
            return Generation(
                title: String(title), layouts: these.count, withPositions: positioned.count,
                measured: positioned.filter { $0.weakestPositionSource == .measured }.count,
                published: positioned.filter { $0.errorPixels == nil && $0.weakestPositionSource == .published }.count,
                derived: derived.count, errors: errors.min().flatMap { low in errors.max().map { low...$0 } },
                phones: derived.compactMap(\.errorPhones).min())
        }
    }
}

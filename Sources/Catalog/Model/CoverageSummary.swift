import SlotGeometry

/// How many layouts of each iOS generation have positions, and how many of those are measured:
/// the front page's and the README's sentence.
public struct CoverageSummary: Hashable, Sendable {
    /// One iOS generation's counts.
    public struct Generation: Hashable, Sendable {
        /// "iOS 26–27".
        public var title: String
        public var layouts: Int
        /// Layouts whose every slot has a known rectangle.
        public var withPositions: Int
        /// Of those, the layouts whose every number is measured.
        public var measured: Int
        /// Of those, the layouts with a number derived from a model, and the range of their errors.
        public var derived: Int
        public var errors: ClosedRange<Int>?

        /// "iOS 26–27: 12 layouts, 12 with positions (1 measured, 11 derived ±3 to ±44 px)".
        public var sentence: String {
            var text = "\(title): \(layouts) layouts, \(withPositions) with positions"
            var parts = ["\(measured) measured"]
            if derived > 0 {
                let range =
                    errors.map { $0.lowerBound == $0.upperBound ? " ±\($0.lowerBound) px" : " ±\($0.lowerBound) to ±\($0.upperBound) px" } ?? ""
                parts.append("\(derived) derived from a model\(range)")
            }
            let others = withPositions - measured - derived
            if others > 0 { parts.append("\(others) with numbers derived by the grid rules, published or estimated") }
            text += " (" + parts.joined(separator: ", ") + ")"
            return text
        }
    }

    public var generations: [Generation]

    /// Counts the layouts of the catalog's devices, newest iOS first (Display Zoom layouts count
    /// with their iOS).
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
                measured: positioned.filter { $0.weakestSource == .measured }.count, derived: derived.count,
                errors: errors.min().flatMap { low in errors.max().map { low...$0 } })
        }
    }
}

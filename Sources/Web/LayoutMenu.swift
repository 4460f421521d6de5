import GeometryFormat
import SlotGeometry

/// The make page's menu of the layouts a screenshot of a given size can be (the choice itself is
/// `LayoutMatch.mostLikely`, shared with the command line).
public enum LayoutMenu {
    /// `{ layouts: [...], problem }` for a screenshot of `size`: every catalog layout of that size,
    /// the default marked, or the command-line tool's words for a size no layout has.
    ///
    /// The default is the layout the phone most likely runs (``defaultLayout(_:)``), whether or not
    /// its positions are known: each layout says what is known of it, so that the page can explain
    /// instead of cropping nothing.
    public static func choices(_ size: PixelSize, in catalog: GeometryCatalog) -> JSONValue {
        let layouts = catalog.layouts(matching: size)
        let chosen = defaultLayout(layouts)
        let list = layouts.map { layout in
            JSONValue.object([
                ("value", .string(layout.key)), ("device", .string(layout.device)), ("deviceName", .string(layout.deviceName)),
                ("layout", .string(layout.layout.rawValue)), ("title", .string(layout.layout.titleWithSettings)),
                ("ios", layout.ios.map { .string($0) } ?? .null),
                ("icons", layout.layout.iconSize.map { .string($0.rawValue) } ?? .null), ("displayZoom", .bool(layout.layout.isDisplayZoom)),
                ("coverage", .string(layout.coverage)), ("positions", .string(positions(layout))),
                ("hasPositions", .bool(!layout.slots.isEmpty)), ("sizes", .string(sizes(layout))),
                ("error", layout.error.map { .number(Double($0)) } ?? .null),
                ("label", .string(label(layout))), ("isDefault", .bool(layout == chosen)),
            ])
        }
        let problem: JSONValue = layouts.isEmpty ? .string(ScreenshotSizeMessage.noLayout(size)) : .null
        return .object([("layouts", .array(list)), ("problem", problem)])
    }

    /// The layout a phone with a screenshot of this size most likely runs (``LayoutMatch/mostLikely(_:)``,
    /// as `backdrop crop` chooses it).
    public static func defaultLayout(_ layouts: [GeometryLayout]) -> GeometryLayout? {
        guard let best = LayoutMatch.mostLikely(layouts.map { $0.match }) else { return layouts.first }
        return layouts.first { $0.match == best }
    }

    /// The family sizes of a layout without positions, in words: "small 518×518 px, medium 1100×518 px".
    private static func sizes(_ layout: GeometryLayout) -> String {
        var seen: [WidgetFamily] = []
        var parts: [String] = []
        for id in layout.unknown {
            guard let size = layout.unknownSizes[id], !seen.contains(id.family) else { continue }
            seen.append(id.family)
            let family = id.family == .extraLargePortrait ? "extra-large portrait" : id.family.rawValue
            parts.append("\(family) \(size.width)×\(size.height) px")
        }
        return parts.joined(separator: ", ")
    }

    /// What is known of the layout's positions, in words: "measured", "derived (up to ±3 px)",
    /// "sizes only".
    private static func positions(_ layout: GeometryLayout) -> String {
        if layout.slots.isEmpty { return "sizes only, no positions" }
        let kind = layout.coverage.split(separator: " ").first.map(String.init) ?? layout.coverage
        guard let error = layout.error else { return kind }
        return "\(kind), up to ±\(error) px"
    }

    /// "iPhone 16 Pro, 17, 17 Pro — iOS 26–27 · positions measured".
    private static func label(_ layout: GeometryLayout) -> String {
        var text = "\(layout.deviceName) — \(layout.layout.titleWithSettings)"
        if let ios = layout.ios { text += " (\(ios))" }
        return text + " · positions \(positions(layout))"
    }
}

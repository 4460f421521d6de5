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
                ("positionsKind", kind(layout).map { .string($0.rawValue) } ?? .null),
                ("sure", kind(layout).map { .string($0.inAFewWords(errorPixels: layout.error)) } ?? .null),
                ("whatYouSee", kind(layout).map { .string($0.whatYouSee(errorPixels: layout.error, errorPhones: layout.errorPhones)) } ?? .null),
                ("origin", origin(layout)),
                ("hasPositions", .bool(!layout.slots.isEmpty)), ("sizes", .string(sizes(layout))),
                ("error", layout.error.map { .number(Double($0)) } ?? .null),
                ("errorPhones", layout.errorPhones.map { .number(Double($0)) } ?? .null),
                ("label", .string(label(layout))), ("isDefault", .bool(layout == chosen)),
            ])
        }
        let problem: JSONValue = layouts.isEmpty ? .string(ScreenshotSizeMessage.noLayout(size, fits: catalog.matches(of:))) : .null
        return .object([("layouts", .array(list + unknownSettings(layouts).map(unknownChoice))), ("problem", problem)])
    }

    /// The icon settings of an iOS version a phone of this size runs that no layout of the catalog
    /// describes (iOS 26 with large icons, say): listed as choices whose positions are unknown, so
    /// that a phone set that way is sent to measure its page instead of picking a near layout.
    static func unknownSettings(_ layouts: [GeometryLayout]) -> [(device: GeometryLayout, kind: LayoutKind)] {
        var missing: [(device: GeometryLayout, kind: LayoutKind)] = []
        for layout in layouts where !layout.layout.isDisplayZoom {
            let listed = layouts.filter { $0.device == layout.device }.map { $0.layout }
            for kind in LayoutKind.allCases
            where kind.iosMajorVersions == layout.layout.iosMajorVersions && !kind.isDisplayZoom && !listed.contains(kind)
                && !missing.contains(where: { $0.device.device == layout.device && $0.kind == kind })
            {
                missing.append((layout, kind))
            }
        }
        return missing
    }

    /// A menu choice for a setting no layout describes.
    private static func unknownChoice(_ missing: (device: GeometryLayout, kind: LayoutKind)) -> JSONValue {
        let (device, kind) = missing
        return .object([
            ("value", .string("\(device.device)/\(kind.rawValue)")), ("device", .string(device.device)),
            ("deviceName", .string(device.deviceName)), ("layout", .string(kind.rawValue)), ("title", .string(kind.titleWithSettings)),
            ("ios", .null), ("icons", kind.iconSize.map { .string($0.rawValue) } ?? .null), ("displayZoom", .bool(false)),
            ("coverage", .string("unknown")), ("positions", .string(unknownPositions)), ("positionsKind", .null), ("sure", .null),
            ("whatYouSee", .null), ("origin", .null),
            ("hasPositions", .bool(false)),
            ("sizes", .string("")), ("error", .null), ("errorPhones", .null),
            ("label", .string("\(device.deviceName) — \(kind.titleWithSettings) · positions \(unknownPositions)")), ("isDefault", .bool(false)),
        ])
    }

    /// What a choice with nothing known says of its positions.
    private static let unknownPositions = "unknown: measure your own"

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

    /// What is known of the layout's positions, in words: "measured", "derived, may be up to 8 px
    /// off (estimated from 4 phones)", "sizes only".
    private static func positions(_ layout: GeometryLayout) -> String {
        if layout.slots.isEmpty { return "sizes only, no positions" }
        let word = layout.coverage.split(separator: " ").first.map(String.init) ?? layout.coverage
        let kind = kind(layout)?.positionWords ?? word
        guard let error = layout.error else { return kind }
        return "\(kind), may be up to \(error) px off" + (layout.errorPhones.map { " (estimated from \($0) phones)" } ?? "")
    }

    /// How the layout's positions are known, where any is known: what a person will see from it
    /// (a seam or none) is worded from it.
    private static func kind(_ layout: GeometryLayout) -> SourceKind? {
        guard !layout.slots.isEmpty else { return nil }
        return layout.positions ?? layout.coverage.split(separator: " ").first.flatMap { SourceKind(rawValue: String($0)) }
    }

    /// The top-left corner of the layout's slots (the leftmost x, the topmost y), or null without
    /// positions: the page says how far another phone of the same screenshot size puts its widgets
    /// from the chosen one's.
    private static func origin(_ layout: GeometryLayout) -> JSONValue {
        guard let x = layout.slots.map({ $0.rect.x }).min(), let y = layout.slots.map({ $0.rect.y }).min() else { return .null }
        return .object([("x", .number(Double(x))), ("y", .number(Double(y)))])
    }

    /// "iPhone 16 Pro, 17, 17 Pro — iOS 26–27 · positions measured", how sure in the words of
    /// ``SourceKind/inAFewWords(errorPixels:)``.
    private static func label(_ layout: GeometryLayout) -> String {
        var text = "\(layout.deviceName) — \(layout.layout.titleWithSettings)"
        if let ios = layout.ios { text += " (\(ios))" }
        return text + " · " + (kind(layout)?.inAFewWords(errorPixels: layout.error) ?? "positions \(positions(layout))")
    }
}

import SlotGeometry

/// The layouts a screenshot of a given size can be, for the make page's choice.
public enum LayoutChoice {
    /// `{ layouts: [...], problem }` for a screenshot of `size`: every catalog layout of that size,
    /// the default marked (the most recent layout with measured positions), or the command-line
    /// tool's words for a size no layout has.
    public static func choices(_ size: PixelSize, in catalog: GeometryCatalog) -> JSONValue {
        let layouts = catalog.layouts.filter { $0.screenshot == size }
        let measured = layouts.filter { $0.coverage == "measured" && !$0.slots.isEmpty }
        let chosen = (measured.isEmpty ? layouts.filter { !$0.slots.isEmpty } : measured).max { rank($0) < rank($1) }
        let list = layouts.map { layout in
            JSONValue.object([
                ("value", .string(layout.key)), ("device", .string(layout.device)), ("deviceName", .string(layout.deviceName)),
                ("layout", .string(layout.layout)), ("title", .string(layout.title)), ("ios", layout.ios.map { .string($0) } ?? .null),
                ("icons", icons(layout).map { .string($0) } ?? .null), ("displayZoom", .bool(kind(layout)?.isDisplayZoom ?? false)),
                ("coverage", .string(layout.coverage)), ("label", .string(label(layout))), ("isDefault", .bool(layout == chosen)),
            ])
        }
        let problem: JSONValue = layouts.isEmpty ? .string(ScreenshotSizeMessage.noLayout(size)) : .null
        return .object([("layouts", .array(list)), ("problem", problem)])
    }

    private static func kind(_ layout: GeometryLayout) -> LayoutKind? { LayoutKind(rawValue: layout.layout) }

    /// Newer iOS versions rank higher (by the first version the layout describes); layouts of one
    /// version rank the same, so that the first in the catalog (small icons, no Display Zoom: iOS's
    /// own defaults) is chosen among them.
    private static func rank(_ layout: GeometryLayout) -> Int {
        kind(layout)?.iosMajorVersions.lowerBound ?? -1
    }

    /// The icon-size setting the layout is drawn with (iOS 18 and later), as SlotGeometry states it.
    private static func icons(_ layout: GeometryLayout) -> String? {
        kind(layout)?.iconSize?.rawValue
    }

    /// "iPhone 16 Pro, 17 Pro — iOS 18, small icons (iOS 18) · numbers measured".
    private static func label(_ layout: GeometryLayout) -> String {
        var text = "\(layout.deviceName) — \(layout.title)"
        if let ios = layout.ios { text += " (\(ios))" }
        return text + " · numbers \(layout.coverage)"
    }
}

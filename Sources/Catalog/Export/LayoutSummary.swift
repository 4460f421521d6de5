import SlotGeometry

/// A layout without its slots: an item of a device's `layouts` in `backdrop devices --json`.
public struct LayoutSummary: Encodable, Sendable {
    public var id: LayoutKind
    public var title: String
    /// The iOS versions, when narrower than the layout kind says.
    public var ios: String?
    /// The screen in points (the zoomed screen for a Display Zoom layout).
    public var screen: PointSize
    /// The screenshot size in pixels.
    public var screenshot: PixelSize
    public var coverage: String
    /// The largest error of the layout's slots in pixels, where its numbers state one.
    public var error: Int?
    /// How many phones that error was estimated from.
    public var errorPhones: Int?
    /// The keys of the references the layout's numbers name, sorted.
    public var references: [String]

    public init(_ layout: LayoutExport) {
        id = layout.layout
        title = layout.title
        ios = layout.ios
        screen = layout.screen
        screenshot = layout.screenshot
        coverage = layout.coverage
        error = layout.error
        errorPhones = layout.errorPhones
        references = layout.references.keys.sorted()
    }

    /// The coverage with the error: "derived ±8 px, estimated from 4 phones".
    public var coverageLabel: String { Coverage.label(coverage, errorPixels: error, phones: errorPhones) }
}

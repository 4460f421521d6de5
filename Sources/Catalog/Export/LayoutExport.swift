import SlotGeometry

/// The geometry of one layout of one device: an item of `backdrop slots --json`, and of a
/// device's `layouts` in `geometry.json`.
public struct LayoutExport: Encodable, Sendable {
    public var device: String
    public var layout: LayoutKind
    public var title: String
    /// The iOS versions, when narrower than the layout kind says.
    public var ios: String?
    public var scale: Int
    /// The screen in points (the zoomed screen for a Display Zoom layout).
    public var screen: PointSize
    /// The screenshot size in pixels.
    public var screenshot: PixelSize
    public var coverage: String
    /// The least trustworthy source of the known slots' positions (their x and y), where any slot
    /// is known: positions read off captures may sit beside sizes from a published table.
    public var positions: SourceKind?
    /// The largest error among the slots' numbers, in pixels, where any states one.
    public var error: Int?
    /// How many phones that error was estimated from (the model's known screens).
    public var errorPhones: Int?
    /// The profile's remark on the layout.
    public var note: String?
    /// The citations of the references the layout's numbers name, by key.
    public var references: [String: String]
    public var slots: [SlotExport]
    /// Slots the page has whose rectangles no source gives yet.
    public var unknown: [UnknownSlotExport]
    /// Slots the page does not have (the 4-inch screen's bottom row).
    public var unavailable: [SlotID]

    public init(device: DeviceProfile, layout: ResolvedLayout) {
        self.device = device.id
        self.layout = layout.kind
        title = layout.kind.title
        ios = layout.spec.iosVersions
        scale = layout.screen.scale
        screen = layout.screen.points
        screenshot = layout.screen.pixels
        coverage = layout.coverage.description
        positions = layout.weakestPositionSource
        error = layout.errorPixels
        errorPhones = layout.errorPhones
        note = layout.spec.note
        references = Self.references(of: layout)
        slots = layout.slots.map { SlotExport($0, scale: layout.screen.scale) }
        unknown = layout.unknownSlots.map(UnknownSlotExport.init)
        unavailable = layout.unavailableSlots
    }

    /// The citation of every reference the layout's grid numbers and slot origins name, by key.
    private static func references(of layout: ResolvedLayout) -> [String: String] {
        let provenances = layout.values.values.map(\.provenance) + layout.spec.slotOrigins.values.map(\.provenance)
        var references: [String: String] = [:]
        for provenance in provenances {
            if let key = provenance.reference { references[key] = provenance.citation }
        }
        return references
    }
}

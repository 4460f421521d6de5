import SlotGeometry

/// The machine-readable geometry of one layout of one device, as printed by `backdrop slots
/// --json` and written to `geometry.json`.
public struct LayoutGeometry: Encodable, Sendable {
    /// A size in points.
    public struct Size: Encodable, Sendable {
        public var width: Double
        public var height: Double

        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    /// Where one number came from; the reference's citation is in the layout's `references`.
    public struct Source: Encodable, Sendable {
        public var kind: SourceKind
        public var reference: String?
        public var note: String?

        init(_ provenance: Provenance) {
            kind = provenance.kind
            reference = provenance.reference
            note = provenance.note
        }
    }

    public struct SlotSources: Encodable, Sendable {
        public var x: Source
        public var y: Source
        public var width: Source
        public var height: Source
    }

    public struct SlotGeometry: Encodable, Sendable {
        public var id: SlotID
        public var family: WidgetFamily
        public var pixels: PixelRect
        public var points: PointRect
        /// The least trustworthy source kind among the slot's four numbers.
        public var source: SourceKind
        public var sources: SlotSources
    }

    public struct UnknownSlotGeometry: Encodable, Sendable {
        public var id: SlotID
        public var family: WidgetFamily
        /// The slot's size in pixels, when known.
        public var size: PixelSize?
        /// The grid numbers no source gives.
        public var missing: [GridField]
    }

    public var device: String
    public var layout: LayoutKind
    public var title: String
    /// The iOS versions, when narrower than the layout kind says.
    public var ios: String?
    public var scale: Int
    /// The screen in points (the zoomed screen for a Display Zoom layout).
    public var screen: Size
    /// The screenshot size in pixels.
    public var screenshot: PixelSize
    public var coverage: String
    /// The profile's remark on the layout.
    public var note: String?
    /// The citations of the references the slots name, by key.
    public var references: [String: String]
    public var slots: [SlotGeometry]
    /// Slots the page has whose rectangles no source gives yet.
    public var unknown: [UnknownSlotGeometry]
    /// Slots the page does not have (the 4-inch screen's bottom row).
    public var unavailable: [SlotID]

    public init(device: DeviceProfile, layout: ResolvedLayout) {
        let scale = layout.screen.scale
        self.device = device.id
        self.layout = layout.kind
        self.title = layout.kind.title
        self.ios = layout.spec.iosVersions
        self.scale = scale
        self.screen = Size(width: Double(layout.screen.width), height: Double(layout.screen.height))
        self.screenshot = layout.screen.pixels
        self.coverage = layout.coverage.description
        self.note = layout.spec.note
        var references: [String: String] = [:]
        for value in layout.values.values {
            if let key = value.provenance.reference { references[key] = value.provenance.citation }
        }
        for origin in layout.spec.slotOrigins.values {
            if let key = origin.provenance.reference { references[key] = origin.provenance.citation }
        }
        self.references = references
        self.slots = layout.slots.map { slot in
            let points = slot.rect.points(scale: scale)
            return SlotGeometry(
                id: slot.id, family: slot.family, pixels: slot.rect,
                points: PointRect(
                    x: roundedPoints(points.x), y: roundedPoints(points.y), width: roundedPoints(points.width),
                    height: roundedPoints(points.height)),
                source: slot.sources.kind,
                sources: SlotSources(
                    x: Source(slot.sources.x), y: Source(slot.sources.y), width: Source(slot.sources.width),
                    height: Source(slot.sources.height)))
        }
        self.unknown = layout.unknownSlots.map {
            UnknownSlotGeometry(id: $0.id, family: $0.id.family, size: $0.size, missing: $0.missing)
        }
        self.unavailable = layout.unavailableSlots
    }
}

/// Points rounded to two decimals (164.333… pt is written 164.33); pixels are exact.
func roundedPoints(_ value: Double) -> Double {
    (value * 100).rounded() / 100
}

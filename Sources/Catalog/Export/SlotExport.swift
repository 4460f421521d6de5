import SlotGeometry

/// A slot whose rectangle is known, in pixels and points, with where each of its numbers came from.
public struct SlotExport: Encodable, Sendable {
    /// Where one number came from; the reference's citation is in the layout's `references`.
    public struct Source: Encodable, Sendable {
        public var kind: SourceKind
        public var reference: String?
        public var note: String?
        /// How far off the number may be, in pixels (a model-derived number's leave-one-out error).
        public var error: Int?
        /// How many phones that error was estimated from.
        public var errorPhones: Int?

        init(_ provenance: Provenance) {
            kind = provenance.kind
            reference = provenance.reference
            note = provenance.note
            error = provenance.errorPixels
            errorPhones = provenance.errorPhones
        }
    }

    /// Where each of the slot's four numbers came from.
    public struct Sources: Encodable, Sendable {
        public var x: Source
        public var y: Source
        public var width: Source
        public var height: Source

        init(_ sources: SlotSources) {
            x = Source(sources.x)
            y = Source(sources.y)
            width = Source(sources.width)
            height = Source(sources.height)
        }
    }

    public var id: SlotID
    public var family: WidgetFamily
    /// The rectangle in screenshot pixels, exact.
    public var pixels: PixelRect
    /// The rectangle in points, rounded to two decimals.
    public var points: PointRect
    /// The least trustworthy source kind among the slot's four numbers.
    public var source: SourceKind
    /// The largest error among the slot's four numbers, in pixels, where any states one.
    public var error: Int?
    /// How many phones that error was estimated from.
    public var errorPhones: Int?
    public var sources: Sources

    init(_ slot: Slot, scale: Int) {
        id = slot.id
        family = slot.family
        pixels = slot.rect
        points = slot.rect.points(scale: scale)
        points.x = roundedToHundredths(points.x)
        points.y = roundedToHundredths(points.y)
        points.width = roundedToHundredths(points.width)
        points.height = roundedToHundredths(points.height)
        source = slot.sources.kind
        error = slot.sources.errorPixels
        errorPhones = slot.sources.errorPhones
        sources = Sources(slot.sources)
    }
}

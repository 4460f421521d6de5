import SlotGeometry

/// A slot the layout's page has, whose rectangle no source gives yet.
public struct UnknownSlotExport: Encodable, Sendable {
    public var id: SlotID
    public var family: WidgetFamily
    /// The slot's size in pixels, when known.
    public var size: PixelSize?
    /// The grid numbers no source gives.
    public var missing: [GridField]

    init(_ slot: UnknownSlot) {
        id = slot.id
        family = slot.id.family
        size = slot.size
        missing = slot.missing
    }
}

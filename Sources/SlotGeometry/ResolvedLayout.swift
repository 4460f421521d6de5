/// A number of a layout after resolution: in whole pixels, with where it came from.
public struct ResolvedValue: Hashable, Sendable {
    /// The value in whole pixels (rounded when the stated value was not whole).
    public var pixels: Int
    /// The value in pixels as stated or computed, before rounding.
    public var exactPixels: Double
    public var provenance: Provenance
    /// Whether the profile stated this number (as opposed to it being derived).
    public var isStated: Bool
    /// Whether the value lands on a whole pixel (see ``Length/isWholePixel(scale:)``).
    public var isWholePixel: Bool

    /// A measured whole-pixel value.
    public static func measured(_ pixels: Int) -> ResolvedValue {
        ResolvedValue(pixels: pixels, exactPixels: Double(pixels), provenance: Provenance(kind: .measured), isStated: true, isWholePixel: true)
    }
}

/// Where each edge of a slot came from.
public struct SlotSources: Hashable, Sendable {
    public var x: Provenance
    public var y: Provenance
    public var width: Provenance
    public var height: Provenance

    /// The least trustworthy kind among the four: what the slot as a whole can claim.
    public var kind: SourceKind { [x.kind, y.kind, width.kind, height.kind].max()! }

    /// The largest stated error among the four, in pixels, or `nil` when none states one.
    public var errorPixels: Int? { [x, y, width, height].compactMap { $0.errorPixels }.max() }

    /// How many phones the largest stated error was estimated from, or `nil` when none states one.
    public var errorPhones: Int? { [x, y, width, height].filter { $0.errorPixels == errorPixels }.compactMap { $0.errorPhones }.min() }

    /// The less trustworthy kind of the slot's position (its x and y), whatever its size's source.
    public var positionKind: SourceKind { max(x.kind, y.kind) }
}

/// A slot whose rectangle is known.
public struct Slot: Hashable, Sendable {
    public var id: SlotID
    public var rect: PixelRect
    public var sources: SlotSources
    public var family: WidgetFamily { id.family }
}

/// A slot the layout has, but whose rectangle is not (fully) known.
public struct UnknownSlot: Hashable, Sendable {
    public var id: SlotID
    /// The slot's size, when the family sizes are known.
    public var size: PixelSize?
    /// The grid numbers no source gives.
    public var missing: [GridField]
}

/// A layout with every number in whole pixels, derived numbers filled in, and its slots.
public struct ResolvedLayout: Hashable, Sendable {
    public var spec: LayoutSpec
    public var screen: Screen
    public var values: [GridField: ResolvedValue]
    /// Slots with known rectangles, in canonical order.
    public var slots: [Slot]
    /// Slots the page has whose rectangles are unknown.
    public var unknownSlots: [UnknownSlot]
    /// Slots of the layout's families that this page does not have (the bottom row of the 4-inch
    /// screen); a family the layout's iOS does not offer is not listed.
    public var unavailableSlots: [SlotID]

    public var kind: LayoutKind { spec.kind }

    /// The pixel value of a grid number, if known.
    public subscript(field: GridField) -> Int? { values[field]?.pixels }

    /// The least trustworthy source kind among the layout's known slots, or `nil` if none is known.
    public var weakestSource: SourceKind? { slots.map { $0.sources.kind }.max() }

    /// The least trustworthy source kind among the positions (x and y) of the layout's known slots.
    public var weakestPositionSource: SourceKind? { slots.map { $0.sources.positionKind }.max() }

    /// The largest error stated for any known slot's numbers, in pixels, or `nil` when none states one.
    public var errorPixels: Int? { slots.compactMap { $0.sources.errorPixels }.max() }

    /// How many phones the largest stated error was estimated from, or `nil` when none states one.
    public var errorPhones: Int? { slots.filter { $0.sources.errorPixels == errorPixels }.compactMap { $0.sources.errorPhones }.min() }

    /// The slot with the given id, if its rectangle is known.
    public func slot(_ id: SlotID) -> Slot? { slots.first { $0.id == id } }

    /// Resolves a layout of a device: converts to pixels, applies the grid rules, places slots.
    public init(_ spec: LayoutSpec, of device: DeviceProfile) {
        self.spec = spec
        self.screen = device.screen(for: spec)
        let scale = screen.scale

        var values: [GridField: ResolvedValue] = [:]
        for (field, stated) in spec.values {
            guard let length = stated.length else { continue }
            values[field] = ResolvedValue(
                pixels: length.wholePixels(scale: scale), exactPixels: length.pixels(scale: scale), provenance: stated.provenance,
                isStated: true, isWholePixel: length.isWholePixel(scale: scale))
        }
        GridRules.derive(into: &values, rows: spec.rows, families: spec.kind.families)
        // A number the profile marks as derived keeps the profile's remark beside the rule.
        for (field, stated) in spec.values where stated.length == nil {
            guard var value = values[field], let remark = stated.provenance.note else { continue }
            value.provenance.note = [value.provenance.note, remark].compactMap { $0 }.joined(separator: ". ")
            values[field] = value
        }
        self.values = values

        var slots: [Slot] = []
        var unknown: [UnknownSlot] = []
        for id in spec.availableSlots {
            let placement = Self.place(id, values: values, origin: spec.slotOrigins[id], scale: scale)
            switch placement {
            case .known(let slot): slots.append(slot)
            case .unknown(let slot): unknown.append(slot)
            }
        }
        self.slots = slots
        self.unknownSlots = unknown
        self.unavailableSlots = spec.unavailableSlots
    }

    private enum Placement {
        case known(Slot)
        case unknown(UnknownSlot)
    }

    private static func place(
        _ id: SlotID, values: [GridField: ResolvedValue], origin: SlotOrigin?, scale: Int
    ) -> Placement {
        let sizeFields = GridField.size(of: id.family)
        let xField = GridField.column(id.column)
        let yField = GridField.row(id.row)

        func coordinate(_ stated: Length?, grid field: GridField) -> (Int, Provenance)? {
            if let stated, let origin {
                return (stated.wholePixels(scale: scale), origin.provenance)
            }
            return values[field].map { ($0.pixels, $0.provenance) }
        }
        let x = coordinate(origin?.x, grid: xField)
        let y = coordinate(origin?.y, grid: yField)
        let width = values[sizeFields.width]
        let height = values[sizeFields.height]

        guard let x, let y, let width, let height else {
            var missing: [GridField] = []
            if x == nil { missing.append(xField) }
            if y == nil { missing.append(yField) }
            if width == nil { missing.append(sizeFields.width) }
            if height == nil { missing.append(sizeFields.height) }
            let size = width.flatMap { w in height.map { PixelSize(width: w.pixels, height: $0.pixels) } }
            return .unknown(UnknownSlot(id: id, size: size, missing: missing))
        }
        let rect = PixelRect(x: x.0, y: y.0, width: width.pixels, height: height.pixels)
        let sources = SlotSources(
            x: x.1, y: y.1, width: width.provenance, height: height.provenance)
        return .known(Slot(id: id, rect: rect, sources: sources))
    }
}

extension DeviceProfile {
    /// Every layout of the device, resolved.
    public var resolvedLayouts: [ResolvedLayout] {
        layouts.map { ResolvedLayout($0, of: self) }
    }
}

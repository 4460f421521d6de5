extension WidgetGeometry {
    /// One place a widget can sit, with its rectangle.
    public struct Slot: Hashable, Sendable {
        /// Which place: e.g. ``SlotID/smallTopLeft``.
        public let id: SlotID
        /// The rectangle in screenshot pixels, exact: what to crop.
        public let pixels: PixelRect
        /// The rectangle in points: ``pixels`` divided by the layout's scale.
        public let points: PointRect
        /// The weakest source among the slot's four numbers: anything but ``Source/measured`` is
        /// worth a warning in an app.
        public let source: Source
        /// How far off the rectangle's edges may be, in pixels: for positions derived from a model
        /// of the grid (the ``Source/derived`` iOS 26 positions of most screens), the model's
        /// largest leave-one-out error; `nil` when no number of the slot states an error.
        public let errorPixels: Int?
        /// How many measured phones ``errorPixels`` was estimated from: the screens the model was
        /// fitted on. An error estimated from a handful of phones is itself rough; say so beside it.
        public let errorPhones: Int?

        /// The widget family that fits the slot.
        public var family: Family { id.family }

        /// A slot of a layout drawn at `scale`.
        public init(id: SlotID, pixels: PixelRect, scale: Int, source: Source, errorPixels: Int? = nil, errorPhones: Int? = nil) {
            self.id = id
            self.pixels = pixels
            self.points = PointRect(pixels, scale: scale)
            self.source = source
            self.errorPixels = errorPixels
            self.errorPhones = errorPhones
        }
    }
}

extension WidgetGeometry.Source: Comparable {
    /// Sources compare from most to least trustworthy: `measured < published < derived < estimated`.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        let order = allCases
        return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
    }
}

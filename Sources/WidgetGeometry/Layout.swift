extension WidgetGeometry {
    /// One home-screen layout of one device: the slots of a generation of iOS, with an icon size
    /// and Display Zoom setting (see ``LayoutID``).
    public struct Layout: Hashable, Sendable {
        /// The device's id, e.g. `iphone-16-pro`.
        public let device: String
        /// The device's display name, e.g. "iPhone 16 Pro".
        public let deviceName: String
        /// Which layout: iOS generation, icon size, Display Zoom.
        public let id: LayoutID
        /// The iOS versions, when the profile says they are narrower than ``LayoutID/iosMajorVersions``
        /// for this device (e.g. "iOS 16–17"); `nil` otherwise.
        public let iosVersions: String?
        /// The screen the layout is drawn on: the zoomed screen for a Display Zoom layout.
        public let screen: Screen
        /// The sizes of the layout's widget families in screenshot pixels, where they are known,
        /// whether or not the slots' positions are.
        public let familySizes: [FamilySize]
        /// The slots whose rectangles are known, in canonical order. May be empty: a layout whose
        /// sizes are known but not its positions lists every slot in ``unknownSlots``.
        public let slots: [Slot]
        /// Slots the page has whose rectangles no source gives yet.
        public let unknownSlots: [SlotID]
        /// Slots the page does not have at all (the bottom row of the 4-inch screen).
        public let unavailableSlots: [SlotID]

        /// A layout; the generated catalog makes them.
        public init(
            device: String, deviceName: String, id: LayoutID, iosVersions: String?, screen: Screen, familySizes: [FamilySize],
            slots: [Slot], unknownSlots: [SlotID], unavailableSlots: [SlotID]
        ) {
            self.device = device
            self.deviceName = deviceName
            self.id = id
            self.iosVersions = iosVersions
            self.screen = screen
            self.familySizes = familySizes
            self.slots = slots
            self.unknownSlots = unknownSlots
            self.unavailableSlots = unavailableSlots
        }

        /// Pixels per point of the layout's screenshots.
        public var scale: Int { screen.scale }

        /// The slot with this id, if its rectangle is known.
        public func slot(_ id: SlotID) -> Slot? {
            slots.first { $0.id == id }
        }

        /// The known slots whose family this iOS version offers: the extra-large portrait slot of
        /// an ``LayoutID/ios26`` layout only from iOS 27 on.
        public func slots(on version: OSVersion) -> [Slot] {
            slots.filter { $0.family.firstIOSMajorVersion <= version.major }
        }

        /// The weakest source among the known slots, or `nil` when none is known.
        public var weakestSource: Source? {
            slots.map(\.source).max()
        }

        /// The largest error stated for any known slot, in pixels (see ``Slot/errorPixels``).
        public var errorPixels: Int? {
            slots.compactMap(\.errorPixels).max()
        }

        /// How many measured phones that largest error was estimated from (see ``Slot/errorPhones``).
        public var errorPhones: Int? {
            slots.filter { $0.errorPixels == errorPixels }.compactMap(\.errorPhones).min()
        }

        /// Whether every slot the page has is known, so that every background can be cropped.
        public var hasAllPositions: Bool { !slots.isEmpty && unknownSlots.isEmpty }
    }

    /// The size of one widget family in screenshot pixels.
    public struct FamilySize: Hashable, Sendable {
        public let family: Family
        public let width: Int
        public let height: Int

        /// The size of `family`'s widgets.
        public init(family: Family, width: Int, height: Int) {
            self.family = family
            self.width = width
            self.height = height
        }
    }

    /// One screen class of the catalog: the iPhone models that share a screen, and their layouts.
    public struct Device: Hashable, Sendable {
        /// The id used in file names and URLs, e.g. `iphone-x`.
        public let id: String
        /// A display name, e.g. "iPhone X, XS, 11 Pro".
        public let name: String
        /// The models that share this screen.
        public let models: [String]
        /// The models' identifiers as the phone reports them (`utsname.machine`, e.g. `iPhone18,1`).
        public let identifiers: [String]
        /// The screen without Display Zoom.
        public let screen: Screen
        /// Every layout the catalog has for the device, including those whose slots are not known yet.
        public let layouts: [Layout]

        /// A device; the generated catalog makes them.
        public init(id: String, name: String, models: [String], identifiers: [String], screen: Screen, layouts: [Layout]) {
            self.id = id
            self.name = name
            self.models = models
            self.identifiers = identifiers
            self.screen = screen
            self.layouts = layouts
        }

        /// The layout with this id, if the catalog has it for the device.
        public func layout(_ id: LayoutID) -> Layout? {
            layouts.first { $0.id == id }
        }
    }
}

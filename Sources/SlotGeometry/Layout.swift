import CheckCodes

/// The home-screen generations whose widget grids differ.
///
/// The grid moved between iOS versions (rows went up 10 pt with iOS 18, widgets grew with
/// iOS 26) and with the icon-size setting and Display Zoom, so one screen class can carry
/// several layouts.
public enum LayoutKind: String, CaseOrdered, Sendable {
    /// iOS 14 to 17.
    case ios14
    /// iOS 14 to 17 with Display Zoom ("Larger Text"): its own point and screenshot size.
    case ios14Zoom = "ios14-zoom"
    /// iOS 18 with the "Small" icon setting (icons with labels), the default.
    case ios18
    /// iOS 18 with the "Large" icon setting (bigger icons, no labels).
    case ios18LargeIcons = "ios18-large-icons"
    /// iOS 18 with Display Zoom.
    case ios18Zoom = "ios18-zoom"
    /// iOS 26 with the "Small" icon setting (icons with labels), the default.
    case ios26
    /// iOS 26 with the "Large" icon setting. No source gives its sizes or positions yet: it is
    /// named so that a phone set to large icons is never handed the iOS 18 large-icon layout or
    /// iOS 26's small-icon one, but sent to measure its own page.
    case ios26LargeIcons = "ios26-large-icons"

    /// A short human title.
    public var title: String {
        switch self {
        case .ios14: "iOS 14–17"
        case .ios14Zoom: "iOS 14–17, Display Zoom"
        case .ios18: "iOS 18, small icons"
        case .ios18LargeIcons: "iOS 18, large icons"
        case .ios18Zoom: "iOS 18, Display Zoom"
        case .ios26: "iOS 26–27"
        case .ios26LargeIcons: "iOS 26–27, large icons"
        }
    }

    /// The title with the icon setting where the title leaves it out: "iOS 26–27, small icons".
    /// Sources do not say which setting iOS 26 was measured with; the layout is taken as iOS's own.
    public var titleWithSettings: String {
        self == .ios26 ? "\(title), small icons" : title
    }

    /// Whether this layout is a Display Zoom layout, with its own screen size.
    public var isDisplayZoom: Bool { self == .ios14Zoom || self == .ios18Zoom }

    /// The widget families the layout's home screen offers: the extra-large portrait family
    /// only from iOS 27 on, which the `ios26` layout serves (iOS 26.5 and 27 have the same
    /// small, medium and large sizes).
    public var families: [WidgetFamily] {
        iosMajorVersions.lowerBound >= 26 ? WidgetFamily.allCases : [.small, .medium, .large]
    }
}

/// The numbers that define a layout's grid.
///
/// Sizes: small `S×S`, medium `Mw×S`, large `Mw×L`. Grid: the x of the left and right column,
/// the y of the top, middle and bottom row. Each is stated separately so that the checks can
/// catch tables whose numbers disagree with each other.
public enum GridField: String, CaseOrdered, Sendable {
    case smallWidth = "small width"
    case smallHeight = "small height"
    case mediumWidth = "medium width"
    case mediumHeight = "medium height"
    case largeWidth = "large width"
    case largeHeight = "large height"
    case extraLargePortraitWidth = "extra-large portrait width"
    case extraLargePortraitHeight = "extra-large portrait height"
    case left, right, top, middle, bottom

    /// Whether the number runs along the screen's width (widths and columns) rather than its height.
    public var isHorizontal: Bool {
        switch self {
        case .smallWidth, .mediumWidth, .largeWidth, .extraLargePortraitWidth, .left, .right: true
        case .smallHeight, .mediumHeight, .largeHeight, .extraLargePortraitHeight, .top, .middle, .bottom: false
        }
    }

    /// The grid field holding the x of a column.
    public static func column(_ column: GridColumn) -> GridField {
        column == .left ? .left : .right
    }

    /// The grid field holding the y of a row.
    public static func row(_ row: GridRow) -> GridField {
        switch row {
        case .top: .top
        case .middle: .middle
        case .bottom: .bottom
        }
    }

    /// The fields holding a family's width and height.
    public static func size(of family: WidgetFamily) -> (width: GridField, height: GridField) {
        switch family {
        case .small: (.smallWidth, .smallHeight)
        case .medium: (.mediumWidth, .mediumHeight)
        case .large: (.largeWidth, .largeHeight)
        case .extraLargePortrait: (.extraLargePortraitWidth, .extraLargePortraitHeight)
        }
    }

    /// Whether the field is a position (as opposed to a size).
    public var isPosition: Bool { [.left, .right, .top, .middle, .bottom].contains(self) }
}

/// One number of a layout as stated in a profile, with where it came from.
public struct StatedValue: Hashable, Sendable {
    /// The length, or `nil` when the profile asks for it to be derived by the grid rules.
    public var length: Length?
    public var provenance: Provenance

    public init(_ length: Length?, _ provenance: Provenance) {
        self.length = length
        self.provenance = provenance
    }
}

/// A slot whose origin a profile states on its own, instead of taking it from the grid.
public struct SlotOrigin: Hashable, Sendable {
    public var x: Length?
    public var y: Length?
    public var provenance: Provenance

    public init(x: Length?, y: Length?, provenance: Provenance) {
        self.x = x
        self.y = y
        self.provenance = provenance
    }
}

/// One layout of a screen class, as the profile states it.
public struct LayoutSpec: Hashable, Sendable {
    public var kind: LayoutKind
    /// The iOS versions this layout holds for, when narrower than the kind says (e.g. "iOS 16–17").
    public var iosVersions: String?
    /// The screen of a Display Zoom layout; `nil` for the device's own screen.
    public var zoomedScreen: Screen?
    /// How many widget rows the page has: 3, or 2 on the 4-inch screen.
    public var rows: Int
    public var values: [GridField: StatedValue]
    public var slotOrigins: [SlotID: SlotOrigin]
    /// Checks this layout is known to break, with the reason; their findings become notes.
    public var exceptions: [GeometryCheck: String]
    /// The profile's remark on the layout as a whole: the choices made and why.
    public var note: String?
    /// The app-icon grid of the layout's home screen, where a source gives it (``IconGridRule``'s evidence).
    public var icons: StatedIconGrid?

    public init(
        kind: LayoutKind,
        iosVersions: String? = nil,
        zoomedScreen: Screen? = nil,
        rows: Int = 3,
        values: [GridField: StatedValue],
        slotOrigins: [SlotID: SlotOrigin] = [:],
        exceptions: [GeometryCheck: String] = [:],
        note: String? = nil,
        icons: StatedIconGrid? = nil
    ) {
        self.kind = kind
        self.iosVersions = iosVersions
        self.zoomedScreen = zoomedScreen
        self.rows = rows
        self.values = values
        self.slotOrigins = slotOrigins
        self.exceptions = exceptions
        self.note = note
        self.icons = icons
    }

    /// The slots of this layout's families that its page lacks (the bottom row of the 4-inch
    /// screen); a family the layout's iOS does not offer is not listed.
    public var unavailableSlots: [SlotID] {
        SlotID.allCases.filter { kind.families.contains($0.family) && !availableSlots.contains($0) }
    }

    /// The slots this layout's page has at all: those of its families (see
    /// ``LayoutKind/families``), without the bottom row on the 4-inch screen.
    public var availableSlots: [SlotID] {
        SlotID.allCases.filter { slot in
            kind.families.contains(slot.family) && (rows == 3 || !slot.rowsCovered.contains(.bottom))
        }
    }
}

/// One screen class: the devices that share a screen, and the layouts of their home screen.
public struct DeviceProfile: Hashable, Sendable {
    /// The id used in file names and URLs, e.g. `iphone-16-pro`.
    public var id: String
    /// A display name, e.g. "iPhone 16 Pro".
    public var name: String
    /// The models that share this screen class.
    public var models: [String]
    /// The models' identifiers as the phone reports them (`utsname.machine`, e.g. `iPhone18,1`),
    /// which tell apart devices that share a screen size.
    public var identifiers: [String]
    public var screen: Screen
    public var layouts: [LayoutSpec]

    public init(id: String, name: String, models: [String], identifiers: [String] = [], screen: Screen, layouts: [LayoutSpec]) {
        self.id = id
        self.name = name
        self.models = models
        self.identifiers = identifiers
        self.screen = screen
        self.layouts = layouts
    }

    /// The screen a layout is drawn on: its zoomed screen, or the device's.
    public func screen(for layout: LayoutSpec) -> Screen {
        layout.zoomedScreen ?? screen
    }
}

/// The home screen's icon-size setting (Settings › Home Screen & App Library, iOS 18 on).
public enum IconSize: String, CaseOrdered, Sendable {
    /// "Small": icons with their labels, the default.
    case small
    /// "Large": bigger icons without labels.
    case large
}

extension LayoutKind {
    /// The iOS major versions whose home screen the layout describes. A profile may narrow them
    /// for one device (`ios: iOS 16–17`), never widen them.
    public var iosMajorVersions: ClosedRange<Int> {
        switch self {
        case .ios14, .ios14Zoom: 14...17
        case .ios18, .ios18LargeIcons, .ios18Zoom: 18...25
        case .ios26, .ios26LargeIcons: 26...27
        }
    }

    /// The icon-size setting the layout is drawn with, or `nil` when its iOS versions had no such
    /// setting (iOS 14 to 17). A setting no layout names (large icons with Display Zoom) has no
    /// known layout.
    public var iconSize: IconSize? {
        switch self {
        case .ios14, .ios14Zoom: nil
        case .ios18, .ios18Zoom, .ios26: .small
        case .ios18LargeIcons, .ios26LargeIcons: .large
        }
    }
}

extension WidgetFamily {
    /// The first iOS major version whose iPhone home screen offers the family.
    public var firstIOSMajorVersion: Int {
        self == .extraLargePortrait ? 27 : 14
    }
}

extension LayoutKind {
    /// How likely a phone whose screenshot fits this layout is to run it, for choosing a default
    /// among the layouts of one screenshot size: the newer iOS ranks higher, and among layouts of
    /// one iOS generation the settings people most often keep (small icons, Display Zoom off).
    public var defaultRank: Int {
        iosMajorVersions.lowerBound * 2 + (!isDisplayZoom && iconSize != .large ? 1 : 0)
    }

    /// The layout a phone most likely runs, of `kinds`: the highest ``defaultRank``, the first on a tie.
    public static func mostLikely(_ kinds: [LayoutKind]) -> LayoutKind? {
        kinds.enumerated().max { ($0.element.defaultRank, -$0.offset) < ($1.element.defaultRank, -$1.offset) }?.element
    }
}

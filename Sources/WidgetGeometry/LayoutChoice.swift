extension WidgetGeometry {
    /// What ``chooseLayout(pointWidth:pointHeight:scale:iOS:iconSize:displayZoom:)`` found: one
    /// layout, several candidates the facts cannot tell apart, or none, always with the reason.
    public enum LayoutChoice: Hashable, Sendable, CustomStringConvertible {
        /// Exactly one layout applies. Its ``Layout/slots`` may still be incomplete: check
        /// ``Layout/unknownSlots`` and each slot's ``Slot/source``.
        case layout(Layout)
        /// Several devices share the screen, so the facts leave more than one answer: ask the user
        /// which iPhone this is. Each candidate says the layout it would have, or why it has none.
        case ambiguous([Candidate])
        /// No layout is known for these facts.
        case unknown(NoLayout)

        /// The layout, when exactly one applies.
        public var layout: Layout? {
            if case .layout(let layout) = self { return layout }
            return nil
        }

        /// The answer in a sentence, for logs and for the user.
        public var description: String {
            switch self {
            case .layout(let layout):
                "\(layout.deviceName), \(layout.id.title): \(layout.slots.count) slots known"
            case .ambiguous(let candidates):
                "\(candidates[0].device.screen) is the screen of "
                    + candidates.map(\.device.name).joined(separator: " and ")
                    + ", which the screen size cannot tell apart: ask which iPhone this is. "
                    + candidates.map(\.reason).joined(separator: "; ")
            case .unknown(let reason):
                reason.description
            }
        }
    }

    /// One device a screen may be, with the layout it would have.
    public struct Candidate: Hashable, Sendable {
        /// The device.
        public let device: Device
        /// The layout that applies if the phone is this device, or `nil` when none is known.
        public let layout: Layout?
        /// Which layout, or why there is none.
        public let reason: String
    }

    /// Why no layout is known.
    public enum NoLayout: Hashable, Sendable, CustomStringConvertible {
        /// Home-screen widgets arrived with iOS 14.
        case noWidgets(OSVersion)
        /// No device of the catalog has this screen (with Display Zoom on or off, as given).
        case unknownScreen(Screen, displayZoom: Bool)
        /// The devices with this screen have no layout for this iOS version, icon size and Display Zoom setting.
        case noLayout([Device], OSVersion, IconSize, displayZoom: Bool)

        /// The reason in a sentence.
        public var description: String {
            switch self {
            case .noWidgets(let version):
                "\(version) has no home-screen widgets; they arrived with \(OSVersion.firstWithWidgets)"
            case .unknownScreen(let screen, let displayZoom):
                "no iPhone of the catalog has a \(screen) screen with Display Zoom \(displayZoom ? "on" : "off")"
            case .noLayout(let devices, let version, let iconSize, let displayZoom):
                devices.map { device in
                    "\(device.name) has no layout known for "
                        + WidgetGeometry.facts(version, iconSize, displayZoom: displayZoom)
                        + " (the catalog has \(device.layouts.map(\.id.rawValue).joined(separator: ", ")))"
                }.joined(separator: "; ")
            }
        }
    }

    /// "iOS 18.2 with small icons, Display Zoom off".
    static func facts(_ version: OSVersion, _ iconSize: IconSize, displayZoom: Bool) -> String {
        "\(version) with \(iconSize.rawValue) icons, Display Zoom \(displayZoom ? "on" : "off")"
    }
}

extension WidgetGeometry {
    /// What ``chooseLayout(pointWidth:pointHeight:scale:iOS:iconSize:displayZoom:modelIdentifier:)``
    /// found: a layout whose positions are known, a layout whose widget sizes alone are known,
    /// several candidates the facts cannot tell apart, or none, always with the reason.
    public enum LayoutChoice: Hashable, Sendable, CustomStringConvertible {
        /// Exactly one layout applies and every slot its page has is known: crop them all. Each
        /// slot says how its numbers are known (``Slot/source``) and, for positions derived from a
        /// model, how far off they may be (``Slot/errorPixels``).
        case positions(Layout)
        /// Exactly one layout applies, but where its widgets sit is not known, or not for every
        /// slot: ``Layout/familySizes`` gives the sizes, ``Layout/unknownSlots`` the slots without a
        /// rectangle (``Layout/slots`` lists any that are known). Do not crop a guess: have the
        /// user measure the page from two screenshots (the `WidgetMeasurement` product, or the
        /// site's make page), or send them to the site's Help measure page.
        case sizesOnly(Layout)
        /// Several devices share the screen, so the facts leave more than one answer: ask the user
        /// which iPhone this is, or pass the model identifier. Each candidate says the layout it
        /// would have, or why it has none.
        case ambiguous([Candidate])
        /// No layout is known for these facts.
        case unknown(NoLayout)

        /// The layout, when exactly one applies and its positions are known.
        public var layout: Layout? {
            if case .positions(let layout) = self { return layout }
            return nil
        }

        /// The answer in a sentence, for logs and for the user.
        public var description: String {
            switch self {
            case .positions(let layout):
                "\(layout.deviceName), \(layout.id.title): \(layout.slots.count) slots known"
                    + (layout.errorPixels.map { ", derived positions within ±\($0) px" } ?? "")
                    + (layout.errorPhones.map { " (estimated from \($0) measured phone\($0 == 1 ? "" : "s"))" } ?? "")
            case .sizesOnly(let layout):
                "\(layout.deviceName), \(layout.id.title): only the widget sizes are known"
                    + (layout.slots.isEmpty ? "" : " and \(layout.slots.count) of the slots")
                    + "; measure the page from two screenshots to crop it"
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
        /// The model identifier names a device of the catalog whose screen is not the one the
        /// phone reports: one of the two is wrong, so neither is trusted.
        case identifierDisagrees(String, Device, Screen, displayZoom: Bool)

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
                    + ": another layout's slots would be wrong, so measure the page from two screenshots (WidgetMeasurement) to crop it"
            case .identifierDisagrees(let identifier, let device, let screen, let displayZoom):
                "\(identifier) is the \(device.name), whose screen is \(device.screen), but the phone reports \(screen) "
                    + "with Display Zoom \(displayZoom ? "on" : "off"): check the screen size and scale passed in"
            }
        }
    }

    /// "iOS 18.2 with small icons, Display Zoom off".
    static func facts(_ version: OSVersion, _ iconSize: IconSize, displayZoom: Bool) -> String {
        "\(version) with \(iconSize.rawValue) icons, Display Zoom \(displayZoom ? "on" : "off")"
    }
}

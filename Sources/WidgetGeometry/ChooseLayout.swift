extension WidgetGeometry {
    /// The layout of the phone in the user's hand, from what the running app can read.
    ///
    /// - Parameters:
    ///   - pointWidth: The screen's width in points, `UIScreen.main.bounds.width` (either
    ///     orientation: the shorter side is taken as the width).
    ///   - pointHeight: The screen's height in points, `UIScreen.main.bounds.height`.
    ///   - scale: `UIScreen.main.scale`, the pixels per point of a screenshot. Not `nativeScale`,
    ///     which differs from it on the Plus phones and under Display Zoom.
    ///   - iOS: The running iOS, from `ProcessInfo.processInfo.operatingSystemVersion`.
    ///   - iconSize: The home screen's icon-size setting (iOS 18 on; ignored before).
    ///   - displayZoom: Whether Display Zoom ("Larger Text") is on; the bounds are then the zoomed
    ///     screen's, which can equal another device's own screen.
    ///   - modelIdentifier: The model identifier, `utsname.machine` (e.g. `iPhone18,1`), which
    ///     settles devices that share a screen (the iPhone 11 Pro and the 12 mini). An identifier
    ///     the catalog does not know is ignored; one of a device with another screen is reported.
    /// - Returns: The one layout that applies (with its positions, or its sizes only), every
    ///   candidate with its reason when several devices share the screen, or why none is known.
    ///   It never guesses.
    public static func chooseLayout(
        pointWidth: Double, pointHeight: Double, scale: Double, iOS: OSVersion, iconSize: IconSize, displayZoom: Bool,
        modelIdentifier: String? = nil
    ) -> LayoutChoice {
        choose(
            among: devices, pointWidth: pointWidth, pointHeight: pointHeight, scale: scale, iOS: iOS, iconSize: iconSize,
            displayZoom: displayZoom, modelIdentifier: modelIdentifier)
    }

    /// The choice among `devices`, as ``chooseLayout(pointWidth:pointHeight:scale:iOS:iconSize:displayZoom:modelIdentifier:)``
    /// makes it among the catalog's: for an app that keeps its own list (a newer catalog, or a
    /// device of its own added to this one's ``devices``).
    public static func choose(
        among devices: [Device], pointWidth: Double, pointHeight: Double, scale: Double, iOS: OSVersion, iconSize: IconSize,
        displayZoom: Bool, modelIdentifier: String?
    ) -> LayoutChoice {
        guard iOS >= OSVersion.firstWithWidgets else { return .unknown(.noWidgets(iOS)) }
        let screen = Screen(
            width: nearestWhole(min(pointWidth, pointHeight)), height: nearestWhole(max(pointWidth, pointHeight)),
            scale: nearestWhole(scale))
        let fits = { (device: Device) in
            displayZoom
                ? device.layouts.contains { $0.id.isDisplayZoom && $0.screen == screen }
                : device.screen == screen
        }
        var matching = devices.filter(fits)
        if let modelIdentifier, let named = devices.first(where: { $0.identifiers.contains(modelIdentifier) }) {
            guard fits(named) else { return .unknown(.identifierDisagrees(modelIdentifier, named, screen, displayZoom: displayZoom)) }
            matching = [named]
        }
        guard !matching.isEmpty else { return .unknown(.unknownScreen(screen, displayZoom: displayZoom)) }
        let candidates = matching.map { device in
            candidate(device, screen: screen, iOS: iOS, iconSize: iconSize, displayZoom: displayZoom)
        }
        if !candidates.contains(where: { $0.layout != nil }) {
            return .unknown(.noLayout(matching, iOS, iconSize, displayZoom: displayZoom))
        }
        if candidates.count == 1, let layout = candidates[0].layout {
            return layout.hasAllPositions ? .positions(layout) : .sizesOnly(layout)
        }
        return .ambiguous(candidates)
    }

    /// The layout a device would have for these facts, with the reason.
    private static func candidate(_ device: Device, screen: Screen, iOS: OSVersion, iconSize: IconSize, displayZoom: Bool) -> Candidate {
        let layout = device.layouts.first { layout in
            layout.screen == screen && layout.id.isDisplayZoom == displayZoom && layout.id.iosMajorVersions.contains(iOS.major)
                && (layout.id.iconSize == nil || layout.id.iconSize == iconSize)
        }
        let reason =
            if let layout {
                "if it is the \(device.name): \(layout.id.rawValue) (\(layout.id.title))"
            } else {
                "if it is the \(device.name): no layout known for \(facts(iOS, iconSize, displayZoom: displayZoom))"
            }
        return Candidate(device: device, layout: layout, reason: reason)
    }

    /// The nearest whole number, or 0 for a value no screen has (negative, not finite, huge).
    /// Written without `rounded()`, which needs libm: the one-file download must link with plain `swiftc`.
    private static func nearestWhole(_ value: Double) -> Int {
        guard value.isFinite, value >= 0, value < 1_000_000 else { return 0 }
        return Int(value + 0.5)
    }
}

import WidgetGeometry

/// What the app does with the layout choice: crop these slots, have the user measure the page,
/// ask which iPhone this is, or say why it cannot help.
public enum CropPlan: Equatable, Sendable {
    case crop(WidgetGeometry.Layout, [WidgetGeometry.Slot])
    case measureFromTwoScreenshots(String)
    case askWhichIPhone([WidgetGeometry.Candidate])
    case unsupported(String)
}

/// The plan for a choice: the slots of the chosen layout that this iOS version offers.
public func cropPlan(_ choice: WidgetGeometry.LayoutChoice, iOS: WidgetGeometry.OSVersion) -> CropPlan {
    switch choice {
    case .positions(let layout): .crop(layout, layout.slots(on: iOS))
    case .sizesOnly: .measureFromTwoScreenshots(choice.description)
    case .ambiguous(let candidates): .askWhichIPhone(candidates)
    case .unknown(let reason): .unsupported(reason.description)
    }
}

/// A warning to show beside a slot whose rectangle was not measured on a device.
public func sourceWarning(_ slot: WidgetGeometry.Slot) -> String? {
    guard slot.source != .measured else { return nil }
    let error = slot.errorPixels.map { " by up to \($0) px" + (slot.errorPhones.map { " (estimated from \($0) measured phones)" } ?? "") } ?? ""
    return "\(slot.id.rawValue) is \(slot.source.rawValue), not measured: the edges may be off\(error)."
}

/// Why backgrounds could not be saved.
public enum BackgroundError: Error, Equatable {
    /// The screenshot is not of this layout's screen: another iPhone, or Display Zoom changed.
    case wrongScreenshotSize(width: Int, height: Int, expected: WidgetGeometry.Screen)
    /// The App Group is not in the app's entitlements.
    case noAppGroup(String)
}

#if canImport(UIKit)
    import UIKit

    /// The choice for the phone the app runs on. Display Zoom and the icon size are settings the
    /// app cannot read: ask the user once and keep the answers.
    public func currentChoice(iconSize: WidgetGeometry.IconSize, displayZoom: Bool) -> WidgetGeometry.LayoutChoice {
        let bounds = UIScreen.main.bounds.size
        let version = ProcessInfo.processInfo.operatingSystemVersion
        var system = utsname()
        uname(&system)
        let identifier = withUnsafeBytes(of: &system.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return WidgetGeometry.chooseLayout(
            pointWidth: Double(bounds.width), pointHeight: Double(bounds.height), scale: Double(UIScreen.main.scale),
            iOS: WidgetGeometry.OSVersion(major: version.majorVersion, minor: version.minorVersion),
            iconSize: iconSize, displayZoom: displayZoom, modelIdentifier: identifier)
    }

    /// Crops each slot out of a screenshot of an empty home-screen page and saves it as
    /// `<slot-id>.png` in the App Group container the widget extension reads.
    public func saveBackgrounds(screenshot: CGImage, layout: WidgetGeometry.Layout, slots: [WidgetGeometry.Slot], appGroup: String) throws {
        guard screenshot.width == layout.screen.pixelWidth, screenshot.height == layout.screen.pixelHeight else {
            throw BackgroundError.wrongScreenshotSize(width: screenshot.width, height: screenshot.height, expected: layout.screen)
        }
        guard let folder = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: appGroup) else {
            throw BackgroundError.noAppGroup(appGroup)
        }
        for slot in slots {
            let p = slot.pixels
            guard let crop = screenshot.cropping(to: CGRect(x: p.x, y: p.y, width: p.width, height: p.height)),
                let png = UIImage(cgImage: crop).pngData()
            else { continue }
            try png.write(to: folder.appendingPathComponent("\(slot.id.rawValue).png"), options: .atomic)
        }
    }
#endif

import SlotGeometry

/// A screenshot a profile names, with both of its paths (as Saga's items carry both).
public struct ScreenshotFile: Hashable, Sendable {
    /// The path relative to the content folder, as the profile writes it: `screenshots/x-light.png`.
    public var relativePath: String
    /// The path the build reads and reports: the content folder joined with ``relativePath``.
    public var path: String
    /// The line of the profile that names the file, when known.
    public var line: Int?

    public init(relativePath: String, content: String, line: Int?) {
        self.relativePath = relativePath
        self.path = ContentFolder(content).path(of: relativePath)
        self.line = line
    }
}

/// The empty-page screenshots of one screen of a device, and the layouts they serve.
///
/// Which screenshot serves which layout is decided here, once: the screenshots of the device's
/// own screen serve every layout but the Display Zoom ones (which grid applies depends on the iOS
/// version, not on the picture); a Display Zoom layout has its own screen and its own screenshots.
public struct ScreenshotSet: Hashable, Sendable {
    /// The screen the screenshots must show.
    public var screen: Screen
    /// The Display Zoom layout these screenshots are of, or `nil` for the device's own screen.
    public var displayZoom: LayoutKind?
    /// The layouts whose slots are cropped out of these screenshots, in the profile's order.
    public var layouts: [LayoutKind]
    /// The screenshots, by appearance; an appearance may be missing.
    public var files: [Appearance: ScreenshotFile]

    /// The screenshots in appearance order (light, then dark).
    public var ordered: [(appearance: Appearance, file: ScreenshotFile)] {
        Appearance.allCases.compactMap { appearance in files[appearance].map { (appearance, $0) } }
    }

    /// Where a screenshot goes by convention, relative to the content folder:
    /// `screenshots/<device>[-zoom]-<appearance>.png`.
    public static func conventionalPath(device: String, zoomed: Bool, _ appearance: Appearance) -> String {
        "screenshots/\(device)\(zoomed ? "-zoom" : "")-\(appearance.rawValue).png"
    }

    /// The sets of a profile: the device's own screen first, then each Display Zoom layout's.
    static func sets(
        of profile: DeviceProfile, own: [Appearance: ScreenshotFile], zoomed: [LayoutKind: [Appearance: ScreenshotFile]]
    ) -> [ScreenshotSet] {
        let standard = profile.layouts.filter { !$0.kind.isDisplayZoom }
        var sets = [ScreenshotSet(screen: profile.screen, displayZoom: nil, layouts: standard.map(\.kind), files: own)]
        for layout in profile.layouts where layout.kind.isDisplayZoom {
            sets.append(
                ScreenshotSet(
                    screen: profile.screen(for: layout), displayZoom: layout.kind, layouts: [layout.kind], files: zoomed[layout.kind] ?? [:]))
        }
        return sets
    }
}

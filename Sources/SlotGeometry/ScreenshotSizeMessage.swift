/// A device layout whose screenshots have a given pixel size.
public struct LayoutMatch: Hashable, Sendable {
    public var device: String
    public var layout: LayoutKind

    public init(device: String, layout: LayoutKind) {
        self.device = device
        self.layout = layout
    }

    /// Of the layouts a screenshot's size fits, in the catalog's order, the one a phone with that
    /// screenshot most likely runs (``LayoutKind/mostLikely(_:)``); among phones that share the
    /// size, the first in the catalog. The default of `backdrop crop` and of the make page.
    public static func mostLikely(_ matches: [LayoutMatch]) -> LayoutMatch? {
        guard let best = LayoutKind.mostLikely(matches.map { $0.layout }) else { return nil }
        return matches.first { $0.layout == best }
    }
}

/// The words for a screenshot of the wrong size, with the hint that says what it is instead:
/// the same device with(out) Display Zoom, other devices, a phone's screenshot turned to
/// landscape, or a resized image. One wording for the command-line tool's checks and the browser
/// pages. Each takes the catalog's layouts of a size (`fits`), so that a screenshot is called
/// landscape only when its size turned upright is a phone's.
public enum ScreenshotSizeMessage {
    /// Why a screenshot of `size` does not fit `layout` of `device`, whose screenshots are
    /// `expected`; `fits` gives the catalog's layouts of a size. Starts with "is", after a name.
    public static func mismatch(
        _ size: PixelSize, expected: PixelSize, device: String, layout: LayoutKind, fits: (PixelSize) -> [LayoutMatch]
    ) -> String {
        var message = "is \(size) pixels, but \(device) \(layout.rawValue) screenshots are \(expected)"
        let matches = fits(size)
        let sameDevice = matches.filter { $0.device == device }
        if let zoom = sameDevice.first(where: { $0.layout.isDisplayZoom }), !layout.isDisplayZoom {
            message +=
                "; \(size) is \(device) with Display Zoom on: use --layout \(zoom.layout.rawValue), or turn Display Zoom off (Settings › Display & Brightness › Display Zoom) and take the screenshot again"
        } else if let standard = sameDevice.first, layout.isDisplayZoom {
            message += "; \(size) is \(device) without Display Zoom: use --layout \(standard.layout.rawValue)"
        } else if !matches.isEmpty {
            message += "; \(size) screenshots come from \(devices(matches))"
            if matches.contains { $0.layout.isDisplayZoom } { message += ", some with Display Zoom on" }
        } else {
            message += "; " + unmatchedHint(size, fits: fits)
        }
        return message
    }

    /// Why a light and a dark screenshot of one page cannot be used together; nil when their sizes
    /// are the same.
    public static func lightAndDark(light: PixelSize, dark: PixelSize) -> String? {
        light == dark ? nil : "the light screenshot is \(light) but the dark one is \(dark)"
    }

    /// Why a screenshot of `size` fits no layout of the catalog (`fits` gives the catalog's
    /// layouts of a size). Starts with "is", after a name.
    public static func noLayout(_ size: PixelSize, fits: (PixelSize) -> [LayoutMatch]) -> String {
        "is \(size) pixels; \(unmatchedHint(size, fits: fits))"
    }

    /// Landscape only when the size turned upright is a phone's; otherwise no orientation is
    /// blamed.
    private static func unmatchedHint(_ size: PixelSize, fits: (PixelSize) -> [LayoutMatch]) -> String {
        let upright = PixelSize(width: size.height, height: size.width)
        let turned = size.width > size.height ? fits(upright) : []
        if !turned.isEmpty {
            let names = Set(turned.map { $0.device }).sorted().joined(separator: ", ")
            return
                "the screenshot is in landscape: home-screen screenshots are portrait; turned upright it is \(upright), the size of \(names) screenshots"
        }
        return
            "no device in the catalog has \(size) screenshots, in either orientation: was the screenshot resized, cropped or sent through a messaging app?"
    }

    /// The devices of `matches`, each with its layouts: `iphone-16-pro (ios18, ios26)`.
    private static func devices(_ matches: [LayoutMatch]) -> String {
        var devices: [String] = []
        for match in matches where !devices.contains(match.device) { devices.append(match.device) }
        return devices.sorted().map { id in
            "\(id) (\(matches.filter { $0.device == id }.map { $0.layout.rawValue }.joined(separator: ", ")))"
        }.joined(separator: ", ")
    }
}

import SlotGeometry

/// A device layout whose screenshots have a given pixel size.
public struct LayoutMatch: Hashable, Sendable {
    public var device: String
    public var layout: LayoutKind
}

extension Catalog {
    /// Every device layout whose screenshots are exactly `size` pixels.
    public func layouts(matching size: PixelSize) -> [LayoutMatch] {
        devices.flatMap { document in
            document.profile.layouts
                .filter { document.profile.screen(for: $0).pixels == size }
                .map { LayoutMatch(device: document.id, layout: $0.kind) }
        }
    }

    /// Why a screenshot of `size` does not fit `layout` of `device`, and what it does fit; `nil`
    /// when it fits.
    ///
    /// Names the devices and layouts that have this size, and points at Display Zoom when the
    /// size is the same device's zoomed (or unzoomed) screen.
    public func sizeMismatch(_ size: PixelSize, device: DeviceDocument, layout: LayoutSpec) -> String? {
        let expected = device.profile.screen(for: layout).pixels
        guard size != expected else { return nil }
        var message = "is \(size) pixels, but \(device.id) \(layout.kind.rawValue) screenshots are \(expected)"
        let matches = layouts(matching: size)
        let sameDevice = matches.filter { $0.device == device.id }
        if let zoom = sameDevice.first(where: { $0.layout.isDisplayZoom }), !layout.kind.isDisplayZoom {
            message +=
                "; \(size) is \(device.id) with Display Zoom on: use --layout \(zoom.layout.rawValue), or turn Display Zoom off (Settings › Display & Brightness › Display Zoom) and take the screenshot again"
        } else if let standard = sameDevice.first, layout.kind.isDisplayZoom {
            message += "; \(size) is \(device.id) without Display Zoom: use --layout \(standard.layout.rawValue)"
        } else if !matches.isEmpty {
            let byDevice = Dictionary(grouping: matches, by: \.device)
            let names = byDevice.keys.sorted().map { id in
                "\(id) (\(byDevice[id]!.map(\.layout.rawValue).joined(separator: ", ")))"
            }
            message += "; \(size) screenshots come from \(names.joined(separator: ", "))"
            if matches.contains(where: \.layout.isDisplayZoom) { message += ", some with Display Zoom on" }
        } else if size.width > size.height {
            message += "; the screenshot is in landscape: home-screen screenshots are portrait"
        } else {
            message += "; no device in the catalog has \(size) screenshots: was the screenshot resized, cropped or sent through a messaging app?"
        }
        return message
    }
}

import SlotGeometry

extension DeviceDocument {
    /// The device's layouts whose screenshots are exactly `size` pixels, in the profile's order.
    public func layouts(matching size: PixelSize) -> [ResolvedLayout] {
        layouts.filter { $0.screen.pixels == size }
    }
}

extension Catalog {
    /// Every device layout whose screenshots are exactly `size` pixels, resolved, in the catalog's
    /// order: what `calibrate` and `crop --measured-from` compare a measurement with.
    public func resolvedLayouts(matching size: PixelSize) -> [(device: String, layout: ResolvedLayout)] {
        devices.flatMap { document in document.layouts(matching: size).map { (document.id, $0) } }
    }

    /// Every device layout whose screenshots are exactly `size` pixels, in the catalog's order, as
    /// the shared choice of a default (``LayoutMatch/mostLikely(_:)``) and the size message take them.
    public func layouts(matching size: PixelSize) -> [LayoutMatch] {
        resolvedLayouts(matching: size).map { LayoutMatch(device: $0.device, layout: $0.layout.kind) }
    }

    /// Why a screenshot of `size` does not fit `layout` of `device`, and what it does fit; `nil`
    /// when it fits (worded by ``ScreenshotSizeMessage``, which the browser pages share).
    public func sizeMismatch(_ size: PixelSize, device: DeviceDocument, layout: LayoutSpec) -> String? {
        let expected = device.profile.screen(for: layout).pixels
        guard size != expected else { return nil }
        return ScreenshotSizeMessage.mismatch(size, expected: expected, device: device.id, layout: layout.kind, fits: layouts(matching:))
    }
}

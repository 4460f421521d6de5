import SlotGeometry

extension Catalog {
    /// Every device layout whose screenshots are exactly `size` pixels.
    public func layouts(matching size: PixelSize) -> [LayoutMatch] {
        devices.flatMap { document in
            document.profile.layouts
                .filter { document.profile.screen(for: $0).pixels == size }
                .map { LayoutMatch(device: document.id, layout: $0.kind) }
        }
    }

    /// Every device layout whose screenshots are exactly `size` pixels, resolved, in the catalog's
    /// order: what `calibrate` and `crop --measured-from` compare a measurement with.
    public func resolvedLayouts(matching size: PixelSize) -> [(device: String, layout: ResolvedLayout)] {
        devices.flatMap { document in document.layouts.filter { $0.screen.pixels == size }.map { (document.id, $0) } }
    }

    /// Why a screenshot of `size` does not fit `layout` of `device`, and what it does fit; `nil`
    /// when it fits (worded by ``ScreenshotSizeMessage``, which the browser pages share).
    public func sizeMismatch(_ size: PixelSize, device: DeviceDocument, layout: LayoutSpec) -> String? {
        let expected = device.profile.screen(for: layout).pixels
        guard size != expected else { return nil }
        return ScreenshotSizeMessage.mismatch(size, expected: expected, device: device.id, layout: layout.kind, matches: layouts(matching: size))
    }
}

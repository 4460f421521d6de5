import SlotGeometry

/// One device of the catalog with its layouts: an item of `devices` in `geometry.json` (each
/// layout a ``LayoutExport``) and of `backdrop devices --json` (each a ``LayoutSummary``).
public struct DeviceExport<LayoutEntry: Encodable & Sendable>: Encodable, Sendable {
    public var id: String
    public var name: String
    public var models: [String]
    public var scale: Int
    /// The screen in points.
    public var screen: PointSize
    /// The screenshot size in pixels.
    public var screenshot: PixelSize
    public var layouts: [LayoutEntry]
}

extension DeviceExport where LayoutEntry == LayoutExport {
    /// The device with the geometry of every layout.
    public init(_ document: DeviceDocument) {
        let profile = document.profile
        self.init(
            id: profile.id, name: profile.name, models: profile.models, scale: profile.screen.scale,
            screen: profile.screen.points, screenshot: profile.screen.pixels,
            layouts: document.layouts.map { LayoutExport(device: profile, layout: $0) })
    }

    /// The same device with each layout summarised.
    public var summary: DeviceExport<LayoutSummary> {
        DeviceExport<LayoutSummary>(
            id: id, name: name, models: models, scale: scale, screen: screen, screenshot: screenshot,
            layouts: layouts.map(LayoutSummary.init))
    }
}

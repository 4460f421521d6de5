import GeometryFormat

/// `geometry.json`: every device of the catalog with the geometry of every layout, in the shape
/// ``GeometryFormat`` describes (its JSON Schema, `geometry.schema.json`, is written beside it).
public struct GeometryDocument: Encodable, Sendable {
    /// The version of the document's shape.
    public let schemaVersion = GeometryFormat.version
    /// The schema's file name.
    public let schema = GeometryFormat.schemaFile
    public let generator = "Backdrop"
    /// The data version (`YEAR.MONTH.N`), absent when the content folder does not version its data.
    public var dataVersion: String?
    /// What changed in each data version, newest first.
    public var dataChangelog: [DataVersions.Release]
    public var devices: [DeviceExport<LayoutExport>]

    enum CodingKeys: String, CodingKey {
        case schemaVersion
        case schema = "$schema"
        case generator, dataVersion, dataChangelog, devices
    }

    public init(_ catalog: Catalog) {
        dataVersion = catalog.versions.current
        dataChangelog = catalog.versions.releases
        devices = catalog.devices.map { DeviceExport($0) }
    }
}

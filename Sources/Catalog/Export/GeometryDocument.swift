/// `geometry.json`: every device of the catalog with the geometry of every layout. Its JSON
/// Schema is `geometry.schema.json`, beside it.
public struct GeometryDocument: Encodable, Sendable {
    /// The version of the document's shape; the schema's `schemaVersion` says the same.
    public let schemaVersion = 1
    /// The schema's file name.
    public let schema = "geometry.schema.json"
    public let generator = "Backdrop"
    public var devices: [DeviceExport<LayoutExport>]

    enum CodingKeys: String, CodingKey {
        case schemaVersion
        case schema = "$schema"
        case generator, devices
    }

    public init(_ catalog: Catalog) {
        devices = catalog.devices.map { DeviceExport($0) }
    }
}

import SlotGeometry

// How the geometry's values are written in JSON. SlotGeometry stays free of Codable (it builds
// without Foundation, for Embedded Swift), so the conformances live here, with the export model.
// Kinds and ids are written as their raw values; sizes and rectangles as objects of numbers.

extension LayoutKind: Encodable {}
extension SlotID: Encodable {}
extension WidgetFamily: Encodable {}
extension SourceKind: Encodable {}
extension GridField: Encodable {}

private enum SizeKey: CodingKey {
    case width, height
}

private enum RectKey: CodingKey {
    case x, y, width, height
}

extension PixelSize: Encodable {
    public func encode(to encoder: any Encoder) throws { try encodeSize(width, height, to: encoder) }
}

extension PointSize: Encodable {
    public func encode(to encoder: any Encoder) throws { try encodeSize(width, height, to: encoder) }
}

extension PixelRect: Encodable {
    public func encode(to encoder: any Encoder) throws { try encodeRect(x, y, width, height, to: encoder) }
}

extension PointRect: Encodable {
    public func encode(to encoder: any Encoder) throws { try encodeRect(x, y, width, height, to: encoder) }
}

private func encodeSize(_ width: some Encodable, _ height: some Encodable, to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: SizeKey.self)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
}

private func encodeRect<Number: Encodable>(_ x: Number, _ y: Number, _ width: Number, _ height: Number, to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: RectKey.self)
    try container.encode(x, forKey: .x)
    try container.encode(y, forKey: .y)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
}

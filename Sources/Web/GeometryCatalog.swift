import SlotGeometry

/// Why `geometry.json`'s text could not be used: the JSON path of the bad value and what is wrong.
public struct GeometryDataError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String { path.isEmpty ? "geometry.json: \(reason)" : "geometry.json: \(path): \(reason)" }
}

/// One slot of a layout as `geometry.json` gives it.
public struct GeometrySlot: Hashable, Sendable {
    public var id: String
    public var family: String
    public var rect: PixelRect
}

/// One device layout of `geometry.json`: what the browser pages choose among and crop with.
public struct GeometryLayout: Hashable, Sendable {
    public var device: String
    public var deviceName: String
    public var layout: String
    public var title: String
    /// The iOS versions, when the layout's data is narrower than its title says.
    public var ios: String?
    /// How its numbers are sourced: measured, derived, estimated, measured sizes only.
    public var coverage: String
    /// The largest error of the layout's slots in pixels, where its numbers state one (derived from a model).
    public var error: Int? = nil
    public var screenshot: PixelSize
    /// The screen scale (2 or 3), when `geometry.json` gives it.
    public var scale: Int?
    public var slots: [GeometrySlot]
    /// Slots with no rectangle: not on this device, or with a position nobody measured.
    public var unavailable: [String]
    /// The slots the page has whose rectangle is not (fully) known (also in ``unavailable``).
    public var unknown: [String] = []
    /// The sizes of those of them whose size is known, by slot id.
    public var unknownSizes: [String: PixelSize] = [:]

    /// `DEVICE/LAYOUT`, the value the pages use.
    public var key: String { "\(device)/\(layout)" }
}

/// The layouts of `geometry.json`, read without Foundation (`backdrop build` writes the file; its
/// schema is templates/geometry.schema.json.mustache).
public struct GeometryCatalog: Hashable, Sendable {
    public var layouts: [GeometryLayout]

    /// Reads `geometry.json`'s text. Bad JSON, a missing member or a value of the wrong type is an
    /// error naming where it is.
    public init(json text: [UInt8]) throws(GeometryDataError) {
        let root: JSONValue
        do {
            root = try JSONReader.read(text)
        } catch {
            throw GeometryDataError(path: "", reason: error.description)
        }
        var layouts: [GeometryLayout] = []
        let devices = try Field.array(root, "devices", at: "")
        for (deviceIndex, device) in devices.enumerated() {
            let devicePath = "devices[\(deviceIndex)]"
            let deviceName = try Field.string(device, "name", at: devicePath)
            for (index, layout) in try Field.array(device, "layouts", at: devicePath).enumerated() {
                layouts.append(try Self.layout(layout, deviceName: deviceName, at: "\(devicePath).layouts[\(index)]"))
            }
        }
        self.layouts = layouts
    }

    private static func layout(_ value: JSONValue, deviceName: String, at path: String) throws(GeometryDataError) -> GeometryLayout {
        var slots: [GeometrySlot] = []
        for (index, slot) in try Field.array(value, "slots", at: path).enumerated() {
            let slotPath = "\(path).slots[\(index)]"
            let pixels = try Field.member(slot, "pixels", at: slotPath)
            let rectPath = "\(slotPath).pixels"
            slots.append(
                GeometrySlot(
                    id: try Field.string(slot, "id", at: slotPath), family: try Field.string(slot, "family", at: slotPath),
                    rect: PixelRect(
                        x: try Field.int(pixels, "x", at: rectPath), y: try Field.int(pixels, "y", at: rectPath),
                        width: try Field.int(pixels, "width", at: rectPath), height: try Field.int(pixels, "height", at: rectPath))))
        }
        var unavailable: [String] = []
        for (index, id) in try Field.array(value, "unavailable", at: path).enumerated() {
            guard case .string(let text) = id else { throw GeometryDataError(path: "\(path).unavailable[\(index)]", reason: "expected a string") }
            unavailable.append(text)
        }
        var unknownSizes: [String: PixelSize] = [:]
        var unknownIDs: [String] = []
        for (index, unknown) in try Field.array(value, "unknown", at: path).enumerated() {
            let unknownPath = "\(path).unknown[\(index)]"
            let id = try Field.string(unknown, "id", at: unknownPath)
            unavailable.append(id)
            unknownIDs.append(id)
            if unknown["size"] != nil {
                let size = try Field.member(unknown, "size", at: unknownPath)
                unknownSizes[id] = PixelSize(
                    width: try Field.int(size, "width", at: "\(unknownPath).size"), height: try Field.int(size, "height", at: "\(unknownPath).size"))
            }
        }
        var scale: Int?
        if value["scale"] != nil { scale = try Field.int(value, "scale", at: path) }
        let screenshot = try Field.member(value, "screenshot", at: path)
        var ios: String?
        if value["ios"] != nil { ios = try Field.string(value, "ios", at: path) }
        var error: Int?
        if value["error"] != nil { error = try Field.int(value, "error", at: path) }
        return GeometryLayout(
            device: try Field.string(value, "device", at: path), deviceName: deviceName, layout: try Field.string(value, "layout", at: path),
            title: try Field.string(value, "title", at: path), ios: ios, coverage: try Field.string(value, "coverage", at: path),
            error: error,
            screenshot: PixelSize(
                width: try Field.int(screenshot, "width", at: "\(path).screenshot"),
                height: try Field.int(screenshot, "height", at: "\(path).screenshot")),
            scale: scale, slots: slots, unavailable: unavailable, unknown: unknownIDs, unknownSizes: unknownSizes)
    }

    /// The layout `DEVICE/LAYOUT`, or nil.
    public func layout(_ key: String) -> GeometryLayout? { layouts.first { $0.key == key } }
}

/// Typed members of JSON objects, with errors naming their path.
enum Field {
    static func member(_ object: JSONValue, _ key: String, at path: String) throws(GeometryDataError) -> JSONValue {
        guard case .object = object else { throw GeometryDataError(path: path, reason: "expected an object") }
        guard let value = object[key] else { throw GeometryDataError(path: path, reason: "no member \"\(key)\"") }
        return value
    }

    static func string(_ object: JSONValue, _ key: String, at path: String) throws(GeometryDataError) -> String {
        guard case .string(let text) = try member(object, key, at: path) else {
            throw GeometryDataError(path: join(path, key), reason: "expected a string")
        }
        return text
    }

    static func array(_ object: JSONValue, _ key: String, at path: String) throws(GeometryDataError) -> [JSONValue] {
        guard case .array(let values) = try member(object, key, at: path) else {
            throw GeometryDataError(path: join(path, key), reason: "expected an array")
        }
        return values
    }

    /// A whole number from 0 up to a million (no screenshot is larger).
    static func int(_ object: JSONValue, _ key: String, at path: String) throws(GeometryDataError) -> Int {
        guard case .number(let number) = try member(object, key, at: path), number == number.rounded(), number >= 0, number <= 1_000_000 else {
            throw GeometryDataError(path: join(path, key), reason: "expected a whole number of pixels from 0 to 1000000")
        }
        return Int(number)
    }

    private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
}

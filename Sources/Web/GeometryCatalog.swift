import CheckCodes
import GeometryFormat
import SlotGeometry

/// Why `geometry.json`'s text could not be used: the JSON path of the bad value and what is wrong.
public struct GeometryDataError: Problem, Hashable, Sendable {
    public var path: String
    public var reason: String

    public var problems: [ProblemText] { [ProblemText(file: "geometry.json", reason: path.isEmpty ? reason : "\(path): \(reason)")] }
}

/// One slot of a layout as `geometry.json` gives it.
public struct GeometrySlot: Hashable, Sendable {
    public var id: SlotID
    public var rect: PixelRect
}

/// One device layout of `geometry.json`: what the browser pages choose among and crop with.
public struct GeometryLayout: Hashable, Sendable {
    public var device: String
    public var deviceName: String
    public var layout: LayoutKind
    /// The iOS versions, when the layout's data is narrower than its title says.
    public var ios: String?
    /// How its numbers are sourced: measured, derived, estimated, measured sizes only.
    public var coverage: String
    /// How the known slots' positions are known (`measured`, `published`, …), where any is known.
    public var positions: SourceKind? = nil
    /// The largest error of the layout's slots in pixels, where its numbers state one (derived from a model).
    public var error: Int? = nil
    /// How many phones that error was estimated from.
    public var errorPhones: Int? = nil
    public var screenshot: PixelSize
    /// The screen scale, 2 or 3.
    public var scale: Int
    public var slots: [GeometrySlot]
    /// Slots with no rectangle: not on this device, or with a position nobody measured.
    public var unavailable: [SlotID]
    /// The slots the page has whose rectangle is not (fully) known (also in ``unavailable``).
    public var unknown: [SlotID] = []
    /// The sizes of those of them whose size is known.
    public var unknownSizes: [SlotID: PixelSize] = [:]

    /// `DEVICE/LAYOUT`, the value the pages use.
    public var key: String { "\(device)/\(layout.rawValue)" }

    /// The layout as the choice among a screenshot size's layouts sees it (``LayoutMatch``, as the
    /// command line chooses).
    public var match: LayoutMatch { LayoutMatch(device: device, layout: layout) }
}

/// The layouts of `geometry.json`, read without Foundation. The text is checked against
/// ``GeometryFormat`` (the description the build writes the file's schema from) before a value is
/// read, so the reading below takes every member the format requires as there and of its type.
public struct GeometryCatalog: Hashable, Sendable {
    public var layouts: [GeometryLayout]

    /// Reads `geometry.json`'s text. Bad JSON, a missing or unknown member or a value of the wrong
    /// type or range is an error naming where it is.
    public init(json text: [UInt8]) throws(GeometryDataError) {
        let root: JSONValue
        do {
            root = try JSONReader.read(text)
        } catch {
            throw GeometryDataError(path: "", reason: error.reasons)
        }
        do {
            try GeometryFormat.document.check(root)
        } catch {
            throw GeometryDataError(path: error.path, reason: error.reason)
        }
        layouts = root.items("devices").flatMap { device in
            device.items("layouts").map { Self.layout($0, deviceName: device.text("name")) }
        }
    }

    private static func layout(_ value: JSONValue, deviceName: String) -> GeometryLayout {
        let unknown = value.items("unknown")
        let unknownIDs: [SlotID] = unknown.map { $0.one("id") }
        var unknownSizes: [SlotID: PixelSize] = [:]
        for slot in unknown { if let size = slot["size"] { unknownSizes[slot.one("id")] = size.sizeValue } }
        return GeometryLayout(
            device: value.text("device"), deviceName: deviceName, layout: value.one("layout"),
            ios: value["ios"]?.textValue, coverage: value.text("coverage"),
            positions: (value["positions"]?.textValue).flatMap { SourceKind(rawValue: $0) },
            error: value["error"]?.wholeValue, errorPhones: value["errorPhones"]?.wholeValue, screenshot: value.member("screenshot").sizeValue,
            scale: value.whole("scale"),
            slots: value.items("slots").map { slot in
                let pixels = slot.member("pixels")
                return GeometrySlot(
                    id: slot.one("id"),
                    rect: PixelRect(x: pixels.whole("x"), y: pixels.whole("y"), width: pixels.whole("width"), height: pixels.whole("height")))
            },
            unavailable: value.items("unavailable").map { $0.caseValue() } + unknownIDs, unknown: unknownIDs, unknownSizes: unknownSizes)
    }

    /// The layout `DEVICE/LAYOUT`, or nil.
    public func layout(_ key: String) -> GeometryLayout? { layouts.first { $0.key == key } }

    /// Every layout whose screenshots are exactly `size` pixels, in the catalog's order.
    public func layouts(matching size: PixelSize) -> [GeometryLayout] { layouts.filter { $0.screenshot == size } }

    /// The device and layout of each of ``layouts(matching:)``, as ``ScreenshotSizeMessage`` takes them.
    public func matches(of size: PixelSize) -> [LayoutMatch] { layouts(matching: size).map { $0.match } }
}

/// Members of a value ``GeometryFormat`` has checked: each is there, of the type the format gives.
extension JSONValue {
    fileprivate func member(_ key: String) -> JSONValue {
        guard let value = self[key] else { preconditionFailure("geometry.json: \(key) was checked to be there") }
        return value
    }

    fileprivate var textValue: String {
        guard case .string(let text) = self else { preconditionFailure("geometry.json: a string was checked to be there") }
        return text
    }

    fileprivate func text(_ key: String) -> String { member(key).textValue }

    /// The case of an enum the format lists the raw values of (a layout, a slot id).
    fileprivate func caseValue<Kind: RawRepresentable>() -> Kind where Kind.RawValue == String {
        guard let value = Kind(rawValue: textValue) else { preconditionFailure("geometry.json: \(textValue) was checked to be a case") }
        return value
    }

    fileprivate func one<Kind: RawRepresentable>(_ key: String) -> Kind where Kind.RawValue == String { member(key).caseValue() }

    /// A whole number the format bounds to 0 through ``JSONShape/largestInteger``.
    fileprivate var wholeValue: Int {
        guard case .number(let number) = self else { preconditionFailure("geometry.json: a number was checked to be there") }
        return Int(number)
    }

    fileprivate func whole(_ key: String) -> Int { member(key).wholeValue }

    fileprivate func items(_ key: String) -> [JSONValue] {
        guard case .array(let values) = member(key) else { preconditionFailure("geometry.json: \(key) was checked to be an array") }
        return values
    }

    fileprivate var sizeValue: PixelSize { PixelSize(width: whole("width"), height: whole("height")) }
}

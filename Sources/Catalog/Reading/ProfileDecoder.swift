import SlotGeometry
import Yams

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// Where each part of a profile was written, so that findings can point at a line.
public struct ProfileLocations: Hashable, Sendable {
    public struct Layout: Hashable, Sendable {
        public var line: Int?
        public var fields: [GridField: Int] = [:]
        public var slots: [SlotID: Int] = [:]
        public var exceptions: [GeometryCheck: Int] = [:]
    }

    public var layouts: [LayoutKind: Layout] = [:]
    /// The line of the `identifiers` key.
    public var identifiers: Int?

    /// The line a geometry finding is best shown at: its first located number, its slot, its
    /// exception, or its layout.
    public func line(of finding: GeometryFinding) -> Int? {
        guard let layout = layouts[finding.layout] else { return nil }
        for field in finding.fields {
            if let line = layout.fields[field] { return line }
        }
        if let slot = finding.slot, let line = layout.slots[slot] { return line }
        if let line = layout.exceptions[finding.check] { return line }
        return layout.line
    }
}

/// A screenshot path as the profile writes it, and the line naming it.
struct ScreenshotReference: Hashable, Sendable {
    var path: String
    var line: Int?
}

/// Decodes a device profile from its front matter.
///
/// The schema is documented in `content/docs/device-profiles.md`. Every problem is collected with its
/// line; the profile is returned only when the front matter has no error.
struct ProfileDecoder {
    static let deviceKeys = ["name", "models", "identifiers", "screen", "scale", "references", "screenshots", "layouts"]
    static let requiredDeviceKeys = ["name", "models", "screen", "scale", "layouts"]
    /// The keys of a layout, in the order `calibrate --into` writes them (``ProfileTextEditor``).
    static let layoutKeys =
        ["calibration", "ios", "screen", "screenshots", "rows", "unit", "source", "note", "icons"] + WidgetFamily.allCases.map(\.rawValue)
        + ["left", "right", "top", "middle", "bottom", "slots", "exceptions"]
    static let valueKeys = ["value", "source", "note", "error", "phones"]
    /// The largest error a model-derived number may state, in pixels.
    static let errorLimit = 1000
    /// The most phones a model-derived number may say its model was fitted on.
    static let phonesLimit = 1000
    static let slotKeys = ["x", "y", "source", "note"]

    var reader: FrontMatterReader
    var locations = ProfileLocations()
    /// Screenshot paths (relative to the content folder) of the device's own screen.
    var screenshots: [Appearance: ScreenshotReference] = [:]
    /// Screenshot paths of Display Zoom layouts, which have their own screen.
    var layoutScreenshots: [LayoutKind: [Appearance: ScreenshotReference]] = [:]
    /// Screenshots with widgets placed that a layout is checked against.
    var calibrations: [LayoutKind: [ScreenshotReference]] = [:]
    private var references: [String: String] = [:]
    private var referenceNodes: [String: Node] = [:]
    private var usedReferences: Set<String> = []

    init(reader: FrontMatterReader) {
        self.reader = reader
    }

    var problems: [Diagnostic] { reader.problems }

    /// The profile, or `nil` if the front matter has errors (which are in `problems`).
    mutating func decode(yaml: String, id: String) -> (DeviceProfile, references: [String: String])? {
        guard let root = reader.compose(yaml, required: Self.requiredDeviceKeys) else { return nil }
        guard
            let entries = reader.entries(
                of: root, what: "the front matter", allowed: Self.deviceKeys, required: Self.requiredDeviceKeys)
        else { return nil }

        if let node = entries["references"]?.value { decodeReferences(node) }
        if let node = entries["screenshots"]?.value { screenshots = decodeScreenshots(node, layout: nil) }
        let name = entries["name"].flatMap { reader.string($0.value, what: "`name`") }
        let models = entries["models"].flatMap { reader.strings($0.value, what: "`models`") }
        let identifiers = entries["identifiers"].flatMap { decodeIdentifiers($0.value) } ?? []
        locations.identifiers = entries["identifiers"].flatMap { reader.line(of: $0.key) }
        let scale = entries["scale"].flatMap { reader.integer($0.value, what: "`scale`", allowed: [2, 3]) }
        let points = entries["screen"].flatMap { screenPoints($0.value, what: "`screen`", layout: nil) }
        // Layouts are read even when the scale is wrong, so that their problems are reported too;
        // the profile is rejected anyway.
        var layouts: [LayoutSpec] = []
        if let node = entries["layouts"]?.value {
            // Without a readable scale, numbers are held to the largest one (3) so that only
            // their own problems are reported.
            layouts = decodeLayouts(node, scale: scale ?? 3, screen: points)
        }
        // Unused references are only worth a warning when everything else could be read.
        let complete = !reader.problems.hasErrors
        for key in references.keys.sorted() where complete && !usedReferences.contains(key) {
            reader.report(
                .unusedReference, at: referenceNodes[key],
                "reference `\(key)` is listed but no number uses it")
        }

        // Unknown keys are reported but do not stop the geometry checks, so that a build reports the
        // profile's other problems too; any other error means the profile could not be read.
        let blocking = reader.problems.contains { $0.severity == .error && $0.code != ContentCheck.unknownKey.code }
        guard !blocking, let name, let models, let scale, let points else { return nil }
        let screen = Screen(width: points.width, height: points.height, scale: scale)
        return (DeviceProfile(id: id, name: name, models: models, identifiers: identifiers, screen: screen, layouts: layouts), references)
    }

    /// The `identifiers` list: model identifiers as a phone reports them, `iPhone<major>,<minor>`.
    private mutating func decodeIdentifiers(_ node: Node) -> [String]? {
        guard let values = reader.strings(node, what: "`identifiers`") else { return nil }
        var valid: [String] = []
        for (index, value) in values.enumerated() {
            let numbers = value.hasPrefix("iPhone") ? value.dropFirst(6).split(separator: ",", omittingEmptySubsequences: false) : []
            guard numbers.count == 2, numbers.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else {
                reader.report(
                    .badValue, at: node.sequence?[index] ?? node,
                    "`identifiers`: `\(TextRules.shortened(value))` is not a model identifier like `iPhone18,1` (utsname.machine)")
                continue
            }
            if valid.contains(value) {
                reader.report(.badValue, at: node.sequence?[index] ?? node, "`identifiers`: `\(value)` is listed twice")
                continue
            }
            valid.append(value)
        }
        return valid
    }

    private mutating func decodeReferences(_ node: Node) {
        guard let mapping = node.mapping else {
            reader.report(.badValue, at: node, "`references` must map short keys to citations (key: citation), got \(reader.describe(node))")
            return
        }
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string, TextRules.isReferenceKey(key) else {
                reader.report(
                    .badValue, at: keyNode,
                    "a reference key must be one word of letters, digits, dashes, dots or underscores (e.g. widget-blur-2024), got \(reader.describe(keyNode))"
                )
                continue
            }
            guard let citation = reader.string(value, what: "reference `\(key)`", multiline: true) else { continue }
            references[key] = citation
            referenceNodes[key] = keyNode
        }
    }

    /// A list of paths of screenshots with widgets placed, relative to the content folder.
    private mutating func decodeCalibration(_ node: Node, layout: LayoutKind) -> [ScreenshotReference] {
        guard let paths = reader.strings(node, what: "`calibration`") else { return [] }
        var references: [ScreenshotReference] = []
        let items = node.sequence.map(Array.init) ?? [node]
        for (path, item) in zip(paths, items) {
            guard !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else {
                reader.report(
                    .pathOutsideContent, at: item, layout: layout,
                    "the calibration screenshot `\(path)` must be a path inside the content folder, relative to it")
                continue
            }
            references.append(ScreenshotReference(path: path, line: reader.line(of: item)))
        }
        return references
    }

    /// `{light: PATH, dark: PATH}`, paths relative to the content folder.
    private mutating func decodeScreenshots(_ node: Node, layout: LayoutKind?) -> [Appearance: ScreenshotReference] {
        guard let entries = reader.entries(of: node, what: "`screenshots`", allowed: Appearance.allCases.map(\.rawValue), layout: layout)
        else { return [:] }
        var result: [Appearance: ScreenshotReference] = [:]
        for (key, entry) in entries {
            guard let path = reader.string(entry.value, what: "the \(key) screenshot", layout: layout) else { continue }
            guard !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else {
                reader.report(
                    .pathOutsideContent, at: entry.value, layout: layout,
                    "the \(key) screenshot `\(path)` must be a path inside the content folder, relative to it (e.g. screenshots/iphone-16-pro-light.png)"
                )
                continue
            }
            result[Appearance(rawValue: key)!] = ScreenshotReference(path: path, line: reader.line(of: entry.value))
        }
        return result
    }

    /// The largest screen side in points a profile may state: far beyond any phone, small enough
    /// that no pixel arithmetic on it can overflow.
    static let maximumScreenPoints = 4096

    private mutating func screenPoints(_ node: Node, what: String, layout: LayoutKind?) -> (width: Int, height: Int)? {
        guard let (width, height) = reader.size(node, what: what, layout: layout, allowSquare: false) else { return nil }
        let limit = Double(Self.maximumScreenPoints)
        guard width > 0, height > 0, width <= limit, height <= limit, width == width.rounded(), height == height.rounded(), height > width else {
            reader.report(
                .badValue, at: node, layout: layout,
                "\(what) must be the portrait size in whole points, width x height (e.g. 402x874), each side at most \(Self.maximumScreenPoints)")
            return nil
        }
        return (Int(width), Int(height))
    }

    private mutating func decodeLayouts(_ node: Node, scale: Int, screen: (width: Int, height: Int)?) -> [LayoutSpec] {
        guard let mapping = node.mapping, !mapping.isEmpty else {
            reader.report(
                .badValue, at: node, "`layouts` must map layout ids (\(LayoutKind.allCases.map(\.rawValue).joined(separator: ", "))) to layouts")
            return []
        }
        var layouts: [LayoutSpec] = []
        for (keyNode, value) in mapping {
            let key = keyNode.scalar?.string ?? ""
            guard let kind = LayoutKind(rawValue: key) else {
                let known = LayoutKind.allCases.map(\.rawValue)
                var message = "unknown layout `\(TextRules.shortened(key))`"
                if let suggestion = Suggestion.closest(to: key, among: known) {
                    message += "; did you mean `\(suggestion)`?"
                } else {
                    message += "; known layouts: \(known.joined(separator: ", "))"
                }
                reader.report(.unknownKey, at: keyNode, message)
                continue
            }
            locations.layouts[kind] = ProfileLocations.Layout(line: reader.line(of: keyNode))
            if let layout = decodeLayout(value, kind: kind, scale: scale, screen: screen) { layouts.append(layout) }
        }
        return layouts.sorted { $0.kind < $1.kind }
    }

    private mutating func decodeLayout(_ node: Node, kind: LayoutKind, scale: Int, screen deviceScreen: (width: Int, height: Int)?) -> LayoutSpec? {
        let what = "layout `\(kind.rawValue)`"
        guard let entries = reader.entries(of: node, what: what, allowed: Self.layoutKeys, layout: kind) else {
            return nil
        }
        let note = entries["note"].flatMap { reader.string($0.value, what: "`note`", layout: kind, multiline: true) }
        let iosVersions = entries["ios"].flatMap { reader.string($0.value, what: "`ios`", layout: kind) }
        let rows = entries["rows"].flatMap { reader.integer($0.value, what: "`rows`", allowed: [2, 3], layout: kind) } ?? 3

        if let screenshotsEntry = entries["screenshots"] {
            if kind.isDisplayZoom {
                layoutScreenshots[kind] = decodeScreenshots(screenshotsEntry.value, layout: kind)
            } else {
                reader.report(
                    .unknownKey, at: screenshotsEntry.key, layout: kind,
                    "only Display Zoom layouts have `screenshots` of their own; the others use the device's")
            }
        }

        if let calibration = entries["calibration"]?.value {
            calibrations[kind] = decodeCalibration(calibration, layout: kind)
        }

        var zoomedScreen: Screen?
        if let screen = entries["screen"] {
            if kind.isDisplayZoom {
                zoomedScreen = screenPoints(screen.value, what: "`screen`", layout: kind).map {
                    Screen(width: $0.width, height: $0.height, scale: scale)
                }
                // Display Zoom shows fewer, larger points: the zoomed screen is the smaller one.
                if let zoomed = zoomedScreen, let device = deviceScreen, zoomed.width >= device.width || zoomed.height >= device.height {
                    reader.report(
                        .badValue, at: screen.value, layout: kind,
                        "a Display Zoom `screen` (\(zoomed.width)x\(zoomed.height)) must be smaller than the device's (\(device.width)x\(device.height))"
                    )
                    zoomedScreen = nil
                }
            } else {
                reader.report(
                    .unknownKey, at: screen.key, layout: kind,
                    "only Display Zoom layouts (ios14-zoom, ios18-zoom) have a `screen` of their own")
            }
        } else if kind.isDisplayZoom {
            reader.report(.missingKey, at: node, layout: kind, "a Display Zoom layout needs its zoomed `screen` in points, e.g. 320x693")
        }

        var unit: UnitChoice?
        if let node = entries["unit"]?.value {
            switch node.scalar?.string {
            case "px": unit = .pixels
            case "pt": unit = .points
            default: reader.report(.badValue, at: node, layout: kind, "`unit` must be `px` or `pt`, got \(reader.describe(node))")
            }
        }
        let bounds = NumberBounds(screen: zoomedScreen.map { ($0.width, $0.height) } ?? deviceScreen, scale: scale, unit: unit ?? .pixels)
        // The layout's note is the reasoning of an estimated default source; otherwise it stays
        // on the layout instead of being repeated on every number.
        let defaultSource = entries["source"].flatMap {
            source($0.value, note: note, what: "the layout's `source`", layout: kind, needsNoteFrom: "the layout's `note`")
        }.map { $0.kind == .estimated ? $0 : Provenance(kind: $0.kind, reference: $0.reference, citation: $0.citation) }
        if let defaultSource, defaultSource.kind == .derived, defaultSource.reference != nil, let node = entries["source"]?.value {
            reader.report(
                .badValue, at: node, layout: kind,
                "the layout's `source`: a number derived from a model states its own error, so write each as `{value: …, source: derived \(defaultSource.reference!), error: …}`"
            )
        }

        var values: [GridField: StatedValue] = [:]
        let numberKeys = ["small", "medium", "large", "extra-large-portrait", "left", "right", "top", "middle", "bottom"]
        let givesNumbers = numberKeys.contains { entries[$0] != nil }
        if let entry = entries["extra-large-portrait"], !kind.families.contains(.extraLargePortrait) {
            reader.report(
                .badValue, at: entry.key, layout: kind,
                "the extra-large portrait family exists from iOS 27 on, which only the ios26 layout serves; \(kind.rawValue) cannot have it")
        }
        if givesNumbers, entries["unit"] == nil {
            reader.report(.missingKey, at: node, layout: kind, "\(what) gives numbers but no `unit` (px or pt)")
        }
        for key in numberKeys where key != "extra-large-portrait" || kind.families.contains(.extraLargePortrait) {
            guard let entry = entries[key] else { continue }
            let context = ValueContext(
                key: key, layout: kind, unit: unit ?? .pixels, bounds: bounds, defaultSource: defaultSource,
                hasDefaultSource: entries["source"] != nil)
            for (field, value) in statedValues(entry.value, context: context) {
                values[field] = value
                locations.layouts[kind]?.fields[field] = reader.line(of: entry.key)
            }
        }

        var origins: [SlotID: SlotOrigin] = [:]
        if let slotsNode = entries["slots"]?.value {
            origins = slotOrigins(slotsNode, layout: kind, unit: unit ?? .pixels, bounds: bounds, defaultSource: defaultSource)
        }
        var exceptions: [GeometryCheck: String] = [:]
        if let node = entries["exceptions"]?.value {
            exceptions = decodeExceptions(node, layout: kind)
        }
        let icons = entries["icons"].flatMap {
            decodeIcons($0.value, layout: kind, bounds: NumberBounds(screen: deviceScreen, scale: scale, unit: .pixels))
        }
        return LayoutSpec(
            kind: kind, iosVersions: iosVersions, zoomedScreen: zoomedScreen, rows: rows, values: values,
            slotOrigins: origins, exceptions: exceptions, note: note, icons: icons)
    }

    /// The keys of a layout's `icons`.
    static let iconKeys = ["size", "columns", "rows", "source", "note"]

    /// A layout's `icons`: the app-icon grid of its home screen in pixels (the icons' side, the
    /// four columns' left edges, the rows' top edges from row 1, evenly spaced) and its source.
    private mutating func decodeIcons(_ node: Node, layout: LayoutKind, bounds: NumberBounds) -> StatedIconGrid? {
        guard
            let entries = reader.entries(
                of: node, what: "`icons`", allowed: Self.iconKeys, required: ["size", "columns", "rows", "source"], layout: layout)
        else { return nil }
        let note = entries["note"].flatMap { reader.string($0.value, what: "`icons`' note", layout: layout, multiline: true) }
        let provenance = entries["source"].flatMap {
            source($0.value, note: note, what: "`icons`' source", layout: layout, needsNoteFrom: "its `note`")
        }
        let size = entries["size"].flatMap {
            pixelList($0.value, what: "`icons`' size", count: 1...1, bounds: bounds, horizontal: true, layout: layout)?.first
        }
        let columns = entries["columns"].flatMap {
            pixelList(
                $0.value, what: "`icons`' columns", count: IconGrid.columnCount...IconGrid.columnCount, bounds: bounds, horizontal: true,
                layout: layout)
        }
        let rows = entries["rows"].flatMap {
            pixelList($0.value, what: "`icons`' rows", count: 1...8, bounds: bounds, horizontal: false, layout: layout)
        }
        guard let size, let columns, let rows, let provenance else { return nil }
        guard let grid = IconGrid(iconSize: size, columns: columns, rows: rows) else {
            reader.report(
                .badValue, at: entries["rows"]!.value, layout: layout,
                "`icons`' rows must be evenly spaced, from row 1 down, got \(rows.map(String.init).joined(separator: ", "))")
            return nil
        }
        return StatedIconGrid(grid: grid, provenance: provenance)
    }

    /// A list of whole pixels (one number is a list of one), `count` of them, each inside the screen.
    private mutating func pixelList(
        _ node: Node, what: String, count: ClosedRange<Int>, bounds: NumberBounds, horizontal: Bool, layout: LayoutKind
    ) -> [Int]? {
        let items = node.sequence.map(Array.init) ?? [node]
        guard count.contains(items.count) else {
            let wanted = count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count.lowerBound) to \(count.upperBound)"
            reader.report(.badValue, at: node, layout: layout, "\(what) must be \(wanted) whole numbers of pixels, got \(reader.describe(node))")
            return nil
        }
        var values: [Int] = []
        for item in items {
            guard let text = item.scalar?.string, let value = Int(text) else {
                reader.report(.badValue, at: item, layout: layout, "\(what) must be whole numbers of pixels, got \(reader.describe(item))")
                return nil
            }
            if let problem = bounds.problem(Double(value), horizontal: horizontal) {
                reader.report(.badValue, at: item, layout: layout, "\(what): \(problem)")
                return nil
            }
            values.append(value)
        }
        return values
    }

    enum UnitChoice {
        case pixels, points

        func length(_ value: Double) -> Length {
            self == .pixels ? .pixels(value) : .points(value)
        }
    }

    /// The range every geometry number of a layout must lie in: from 0 to the side of the
    /// screenshot it runs along, in the layout's unit. Without a readable screen (already an
    /// error), the largest screen any profile may state.
    struct NumberBounds {
        var width: Double
        var height: Double
        var unit: UnitChoice
        var knownScreen: Bool

        init(screen: (width: Int, height: Int)?, scale: Int, unit: UnitChoice) {
            let points = screen ?? (ProfileDecoder.maximumScreenPoints, ProfileDecoder.maximumScreenPoints)
            let factor = unit == .pixels ? Double(scale) : 1
            width = Double(points.width) * factor
            height = Double(points.height) * factor
            self.unit = unit
            knownScreen = screen != nil
        }

        /// Why `value` cannot be a number along that side, or `nil` when it can.
        func problem(_ value: Double, horizontal: Bool) -> String? {
            let limit = horizontal ? width : height
            guard value < 0 || value > limit else { return nil }
            let symbol = unit == .pixels ? "px" : "pt"
            let side = horizontal ? "width" : "height"
            let what = knownScreen ? "the screen's \(side)" : "the largest screen a profile may state"
            return "\(formatNumber(value)) \(symbol), outside 0…\(formatNumber(limit)) \(symbol) (\(what))"
        }
    }

    struct ValueContext {
        var key: String
        var layout: LayoutKind
        var unit: UnitChoice
        var bounds: NumberBounds
        var defaultSource: Provenance?
        var hasDefaultSource: Bool
    }

    /// The grid fields one key of a layout states: a size gives two, a position one.
    private mutating func statedValues(_ node: Node, context: ValueContext) -> [(GridField, StatedValue)] {
        let layout = context.layout
        var valueNode: Node? = node
        var provenance = context.defaultSource
        if node.mapping != nil {
            guard
                let entries = reader.entries(
                    of: node, what: "`\(context.key)`", allowed: Self.valueKeys, required: ["source"], layout: layout)
            else { return [] }
            valueNode = entries["value"]?.value
            let note = entries["note"].flatMap { reader.string($0.value, what: "`note`", layout: layout, multiline: true) }
            guard let sourceNode = entries["source"]?.value,
                let own = source(sourceNode, note: note, what: "`\(context.key)`'s source", layout: layout, needsNoteFrom: "its `note`")
            else { return [] }
            provenance = own
            let fromModel = own.kind == .derived && own.reference != nil
            if valueNode == nil, !(own.kind == .derived && !fromModel) {
                let why =
                    fromModel
                    ? "a number derived from a model states the model's value"
                    : "only a number derived by the grid rules may leave it out"
                reader.report(.missingKey, at: node, layout: layout, "`\(context.key)` has no `value`; \(why)")
                return []
            }
            switch (fromModel, entries["error"]) {
            case (true, let entry?):
                guard
                    let error = reader.integer(
                        entry.value, what: "`\(context.key)`'s `error` (in pixels)", in: 0...Self.errorLimit)
                else { return [] }
                provenance?.errorPixels = error
                guard let phones = entries["phones"] else {
                    reader.report(
                        .missingKey, at: node, layout: layout,
                        "`\(context.key)` states an `error` but not how many `phones` the model was fitted on: an error estimated from two phones is not one estimated from twenty"
                    )
                    return []
                }
                guard
                    let count = reader.integer(
                        phones.value, what: "`\(context.key)`'s `phones` (measured phones the model was fitted on)", in: 1...Self.phonesLimit)
                else { return [] }
                provenance?.errorPhones = count
            case (true, nil):
                reader.report(
                    .missingKey, at: node, layout: layout,
                    "`\(context.key)` is derived from `\(own.reference!)` but states no `error`: give the model's leave-one-out error in pixels")
                return []
            case (false, let entry?):
                reader.report(
                    .unknownKey, at: entry.key, layout: layout,
                    "`\(context.key)`: only a number derived from a model (`derived REF`) states an `error`")
                return []
            case (false, nil):
                break
            }
            if !fromModel || entries["error"] == nil, let phones = entries["phones"] {
                reader.report(
                    .unknownKey, at: phones.key, layout: layout,
                    "`\(context.key)`: only a number derived from a model, with its `error`, says how many `phones` the model was fitted on")
                return []
            }
        } else if !context.hasDefaultSource {
            reader.report(
                .missingKey, at: node, layout: layout,
                "`\(context.key)` has no source: give the layout a `source`, or write `{value: …, source: …}`")
            return []
        }
        guard let provenance else { return [] }

        let fields: [GridField]
        switch context.key {
        case "small": fields = [.smallWidth, .smallHeight]
        case "medium": fields = [.mediumWidth, .mediumHeight]
        case "large": fields = [.largeWidth, .largeHeight]
        case "extra-large-portrait": fields = [.extraLargePortraitWidth, .extraLargePortraitHeight]
        default: fields = [GridField(rawValue: context.key)!]
        }
        guard let valueNode else {
            return fields.map { ($0, StatedValue(nil, provenance)) }
        }
        let numbers: [Double]
        if fields.count == 2 {
            guard
                let (width, height) = reader.size(
                    valueNode, what: "`\(context.key)`", layout: layout, allowSquare: context.key == "small")
            else { return [] }
            numbers = [width, height]
        } else {
            guard let value = reader.number(valueNode, what: "`\(context.key)`", layout: layout) else { return [] }
            numbers = [value]
        }
        var result: [(GridField, StatedValue)] = []
        for (field, value) in zip(fields, numbers) {
            if let problem = context.bounds.problem(value, horizontal: field.isHorizontal) {
                let what = fields.count == 2 ? "the \(field.rawValue)" : "`\(context.key)`"
                reader.report(.badValue, at: valueNode, layout: layout, "\(what) is \(problem)")
                return []
            }
            result.append((field, StatedValue(context.unit.length(value), provenance)))
        }
        return result
    }

    /// Parses a source: `measured REF`, `published REF`, `derived [MODEL-REF]`, or `estimated [REF]` (which needs a note).
    private mutating func source(
        _ node: Node, note: String?, what: String, layout: LayoutKind, needsNoteFrom noteName: String
    ) -> Provenance? {
        guard let text = node.scalar?.string else {
            reader.report(.badValue, at: node, layout: layout, "\(what) must be text like `measured REF`, got \(reader.describe(node))")
            return nil
        }
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let first = words.first, let kind = SourceKind(rawValue: first) else {
            var message =
                "\(what) `\(TextRules.shortened(text))` must start with one of \(SourceKind.allCases.map(\.rawValue).joined(separator: ", "))"
            if let word = words.first, let suggestion = Suggestion.closest(to: word, among: SourceKind.allCases.map(\.rawValue)) {
                message += "; did you mean `\(suggestion)`?"
            }
            reader.report(.badValue, at: node, layout: layout, message)
            return nil
        }
        guard words.count <= 2 else {
            reader.report(.badValue, at: node, layout: layout, "\(what) `\(TextRules.shortened(text))` must be a kind and at most one reference key")
            return nil
        }
        let key = words.count == 2 ? words[1] : nil
        switch kind {
        case .measured, .published:
            guard key != nil else {
                reader.report(
                    .badValue, at: node, layout: layout,
                    "\(what): a \(kind.rawValue) number must name its reference, e.g. `\(kind.rawValue) widget-blur-2024`")
                return nil
            }
        case .derived:
            // `derived` alone: computed by the grid rules; `derived REF`: the value of a fitted
            // model that REF describes, stated with the model's error.
            break
        case .estimated:
            guard note != nil else {
                reader.report(.missingKey, at: node, layout: layout, "\(what): an estimated number needs its reasoning in \(noteName)")
                return nil
            }
        }
        var citation: String?
        if let key {
            guard let found = references[key] else {
                var message = "\(what) names reference `\(TextRules.shortened(key))`, which `references` does not list"
                if let suggestion = Suggestion.closest(to: key, among: Array(references.keys)) {
                    message += "; did you mean `\(suggestion)`?"
                }
                reader.report(.unknownReference, at: node, layout: layout, message)
                return nil
            }
            usedReferences.insert(key)
            citation = found
        }
        return Provenance(kind: kind, reference: key, citation: citation, note: note)
    }

    private mutating func slotOrigins(
        _ node: Node, layout: LayoutKind, unit: UnitChoice, bounds: NumberBounds, defaultSource: Provenance?
    ) -> [SlotID: SlotOrigin] {
        let known = SlotID.allCases.map(\.rawValue)
        guard let entries = reader.entries(of: node, what: "`slots`", allowed: known, layout: layout) else { return [:] }
        var origins: [SlotID: SlotOrigin] = [:]
        for (key, entry) in entries {
            let slot = SlotID(rawValue: key)!
            locations.layouts[layout]?.slots[slot] = reader.line(of: entry.key)
            guard
                let fields = reader.entries(
                    of: entry.value, what: "slot `\(key)`", allowed: Self.slotKeys, required: ["source"], layout: layout)
            else { continue }
            let note = fields["note"].flatMap { reader.string($0.value, what: "`note`", layout: layout, multiline: true) }
            guard let sourceNode = fields["source"]?.value,
                let provenance = source(sourceNode, note: note, what: "slot `\(key)`'s source", layout: layout, needsNoteFrom: "its `note`")
            else { continue }
            guard fields["x"] != nil || fields["y"] != nil else {
                reader.report(.missingKey, at: entry.value, layout: layout, "slot `\(key)` states neither `x` nor `y`")
                continue
            }
            let x = fields["x"].flatMap { coordinate($0.value, what: "`\(key)` x", horizontal: true, layout: layout, bounds: bounds) }
            let y = fields["y"].flatMap { coordinate($0.value, what: "`\(key)` y", horizontal: false, layout: layout, bounds: bounds) }
            // A stated coordinate that could not be read has been reported.
            guard (x != nil) == (fields["x"] != nil), (y != nil) == (fields["y"] != nil) else { continue }
            origins[slot] = SlotOrigin(x: x.map(unit.length), y: y.map(unit.length), provenance: provenance)
        }
        return origins
    }

    /// A slot's x or y, within the screen.
    private mutating func coordinate(_ node: Node, what: String, horizontal: Bool, layout: LayoutKind, bounds: NumberBounds) -> Double? {
        guard let value = reader.number(node, what: what, layout: layout) else { return nil }
        if let problem = bounds.problem(value, horizontal: horizontal) {
            reader.report(.badValue, at: node, layout: layout, "\(what) is \(problem)")
            return nil
        }
        return value
    }

    private mutating func decodeExceptions(_ node: Node, layout: LayoutKind) -> [GeometryCheck: String] {
        let known = GeometryCheck.allCases.filter { $0 != .exceptionStillNeeded }.map(\.code)
        guard let entries = reader.entries(of: node, what: "`exceptions`", allowed: known, layout: layout) else { return [:] }
        var exceptions: [GeometryCheck: String] = [:]
        for (code, entry) in entries {
            let check = GeometryCheck(rawValue: code)!
            locations.layouts[layout]?.exceptions[check] = reader.line(of: entry.key)
            if let reason = reader.string(entry.value, what: "the reason for exception \(code)", layout: layout, multiline: true) {
                exceptions[check] = reason
            }
        }
        return exceptions
    }
}

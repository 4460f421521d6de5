import Calibration
import CheckCodes
import GeometryFormat
import SlotGeometry

/// `backdrop calibrate`'s report, one for the command line and the browser core: the candidate
/// layouts made from `geometry.json` (the browser's; the command line has the catalog), and the
/// JSON object `backdrop calibrate --json` prints (its `prettyText`) and the measure page shows.
/// `backdrop crop --measured-from` writes its grid and comparisons into `measurement.json`.
public enum CalibrationReport {
    /// The catalog's layouts drawn on screenshots of `size`, as the candidates `backdrop calibrate`
    /// compares with, in the catalog's order.
    public static func candidates(_ size: PixelSize, in catalog: GeometryCatalog) -> [Calibrator.Candidate] {
        catalog.layouts(matching: size).map { (device: $0.device, layout: resolved($0)) }
    }

    /// A ``ResolvedLayout`` with the slots of a `geometry.json` layout: its grid numbers are read
    /// off the slots (sizes, and each row's and column's most common origin), a slot elsewhere
    /// keeps its own origin, and the grid rules fill in the rest as they do for the profile.
    static func resolved(_ layout: GeometryLayout) -> ResolvedLayout {
        let scale = layout.scale
        let provenance = Provenance(kind: .measured)
        let known = layout.slots.map { (id: $0.id, rect: $0.rect) }
        var values: [GridField: StatedValue] = [:]
        func state(_ field: GridField, _ pixels: Int) {
            if values[field] == nil { values[field] = StatedValue(.pixels(Double(pixels)), provenance) }
        }
        var rows = 2
        for (id, rect) in known {
            let fields = GridField.size(of: id.family)
            state(fields.width, rect.width)
            state(fields.height, rect.height)
            if id.rowsCovered.contains(.bottom) { rows = 3 }
        }
        for id in SlotID.allCases {
            guard let size = layout.unknownSizes[id] else { continue }
            let fields = GridField.size(of: id.family)
            state(fields.width, size.width)
            state(fields.height, size.height)
        }
        // The page has its known and unknown slots; 4-inch screens have no bottom row.
        for id in layout.unknown where id.rowsCovered.contains(.bottom) { rows = 3 }
        for row in GridRow.allCases {
            if let y = mostCommon(known.filter { $0.id.row == row }.map { $0.rect.y }) { state(.row(row), y) }
        }
        for column in [GridColumn.left, .right] {
            if let x = mostCommon(known.filter { $0.id.column == column }.map { $0.rect.x }) { state(.column(column), x) }
        }
        var origins: [SlotID: SlotOrigin] = [:]
        for (id, rect) in known {
            let x = values[.column(id.column)]?.length?.wholePixels(scale: scale)
            let y = values[.row(id.row)]?.length?.wholePixels(scale: scale)
            if x != rect.x || y != rect.y {
                origins[id] = SlotOrigin(x: .pixels(Double(rect.x)), y: .pixels(Double(rect.y)), provenance: provenance)
            }
        }
        let spec = LayoutSpec(kind: layout.layout, rows: rows, values: values, slotOrigins: origins)
        let screen = Screen(width: layout.screenshot.width / scale, height: layout.screenshot.height / scale, scale: scale)
        var resolved = ResolvedLayout(
            spec, of: DeviceProfile(id: layout.device, name: layout.deviceName, models: [], screen: screen, layouts: [spec]))
        // The screenshot's own size, even if it is not a whole number of points.
        resolved.screen = screen
        return resolved
    }

    /// The value most of `values` have (the first of them on a tie), or nil when there is none.
    private static func mostCommon(_ values: [Int]) -> Int? {
        var best: (value: Int, count: Int)?
        for value in values {
            let count = values.filter { $0 == value }.count
            if best == nil || count > best!.count { best = (value, count) }
        }
        return best?.value
    }

    /// What to say when the screenshot with widgets `placed` and the empty page `empty` differ in
    /// size: the command line's words and the page's.
    public static func sizeMismatch(placed: String, _ placedSize: PixelSize, empty: String, _ emptySize: PixelSize) -> ProblemText {
        ProblemText(
            file: placed,
            reason: "is \(placedSize) but the empty screenshot \(empty) is \(emptySize): "
                + "take both on the same phone, of the same page, one with widgets and one without")
    }

    /// The scale `backdrop calibrate` gives points in: the first candidate's.
    public static func scale(_ candidates: [Calibrator.Candidate]) -> Int? { candidates.first?.layout.screen.scale }

    /// The object `backdrop calibrate --json` prints for `calibration` of the screenshot `file`
    /// (keys sorted, absent values left out, as the command line writes them).
    public static func json(_ calibration: Calibration, file: String, scale: Int?) -> JSONValue {
        let slots = calibration.slots.map { slot -> JSONValue in
            var members: [(key: String, value: JSONValue)] = [("id", .string(slot.id.rawValue)), ("pixels", rect(slot.rect))]
            if let scale {
                let points = slot.rect.points(scale: scale)
                members.append(
                    (
                        "points",
                        .object([
                            ("height", .number(points.height)), ("width", .number(points.width)), ("x", .number(points.x)), ("y", .number(points.y)),
                        ])
                    ))
            }
            return .object(members)
        }
        let rejected = calibration.rejected.map { region -> JSONValue in
            .object([
                ("mayBeAWidget", .bool(region.reason.mayBeAWidget)), ("pixels", rect(region.rect)), ("reason", .string(region.reason.description)),
            ])
        }
        let grid = calibration.grid.map { (key: $0.key.rawValue, number: $0.value) }.sorted { $0.key < $1.key }.map {
            field -> (key: String, value: JSONValue) in
            var members: [(key: String, value: JSONValue)] = [("pixels", .int(field.number.pixels))]
            if let scale { members.append(("points", .number(roundedToHundredths(Double(field.number.pixels) / Double(scale))))) }
            members.append(("spread", .int(field.number.spread)))
            members.append(("widgets", .int(field.number.count)))
            return (field.key, .object(members))
        }
        let comparisons = calibration.comparisons.map { comparison -> JSONValue in
            var members: [(key: String, value: JSONValue)] = [
                ("compared", .int(comparison.compared)), ("device", .string(comparison.device)), ("layout", .string(comparison.layout.rawValue)),
                ("matches", .bool(comparison.matches)),
            ]
            if let deviation = comparison.maxDeviation { members.append(("maxDeviation", .int(deviation))) }
            if let deviation = comparison.sizeDeviation { members.append(("sizeDeviation", .int(deviation))) }
            members.append(("worst", .string(comparison.worst)))
            return .object(members)
        }
        var members: [(key: String, value: JSONValue)] = [
            ("comparisons", .array(comparisons)), ("edgeWidth", .number(roundedToHundredths(calibration.edgeWidth))), ("file", .string(file)),
            ("grid", .object(grid)),
        ]
        if let match = calibration.match { members.append(("match", .string("\(match.device) \(match.layout.rawValue)"))) }
        members.append(("notes", .array(calibration.notes.map { .string($0) })))
        members.append(("rejected", .array(rejected)))
        if let scale { members.append(("scale", .int(scale))) }
        members.append(("screenshot", .object([("height", .int(calibration.screenshot.height)), ("width", .int(calibration.screenshot.width))])))
        members.append(("slots", .array(slots)))
        members.append(("widgets", .int(calibration.footprints.count)))
        return .object(members)
    }

    private static func rect(_ rect: PixelRect) -> JSONValue {
        .object([("height", .int(rect.height)), ("width", .int(rect.width)), ("x", .int(rect.x)), ("y", .int(rect.y))])
    }
}

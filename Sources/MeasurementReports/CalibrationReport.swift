import Calibration
import CheckCodes
import GeometryFormat
import SlotGeometry

/// `backdrop calibrate`'s report, one for the command line and the browser core: the JSON object
/// `backdrop calibrate --json` prints (its `prettyText`) and the measure page shows.
/// `backdrop crop --measured-from` writes its grid and comparisons into `measurement.json`.
public enum CalibrationReport {
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

import Calibration
import CheckCodes
import GeometryFormat
import SlotGeometry

/// What "check my widgets" found, described once for every path that shows it: the text of
/// `backdrop crop --widgets-from --json` and its `widget-check.json`, and the browser core's answer
/// to the page.
public enum WidgetCheckReport {
    /// `{ empty, home, device, layout, screenshot, reach, widgets: [{ slot, family, listed, found,
    /// dx, dy, unknown, unknownX, unknownY, measured, notMeasured, evidence, match, compared }],
    /// slots: [{ slot, family, listed, rect, x, y, xError, yError, placed, unplaced, files }], summary,
    /// layoutBlock, recordCommand, problem }`: `reach` how far from its slot each widget was
    /// looked for; `widgets` every widget seen, measured (`dx`/`dy` null where unknown, `unknown`
    /// saying why, `unknownX`/`unknownY` per axis) or not (`measured` false, `notMeasured` why:
    /// covered, blurred, beyond, flat colour); `slots` every slot of the layout corrected (`x`/`y`
    /// say how: measured, same column or row, estimated with its error, unchanged, not placed),
    /// `placed` false for a slot not cropped (`unplaced` why), `files` its crops in each of
    /// `styles` (the styles cropped in, named as ``CropStyle/fileName(slot:among:)`` names them:
    /// in a folder each when several; none for a slot not placed); `summary` the status line;
    /// `recordCommand` the `calibrate --transparent --into` that records the columns and rows
    /// measured; `problem` null.
    public static func json(_ check: WidgetCheck, empty: String, home: String, device: String, styles: [CropStyle] = [.none]) -> JSONValue {
        let widgets = check.widgets.map { widget in
            var fields: [(key: String, value: JSONValue)] = [
                ("slot", .string(widget.slot.rawValue)), ("family", .string(widget.slot.family.rawValue)), ("listed", rect(widget.listed)),
                ("found", rect(widget.found)),
            ]
            fields.append(("dx", widget.dx.map { .int($0) } ?? .null))
            fields.append(("dy", widget.dy.map { .int($0) } ?? .null))
            fields.append(("unknown", widget.unknown.map { .string($0) } ?? .null))
            fields.append(("unknownX", widget.whyX.map { .string($0.words("x")) } ?? .null))
            fields.append(("unknownY", widget.whyY.map { .string($0.words("y")) } ?? .null))
            fields.append(("measured", .bool(widget.isMeasured)))
            fields.append(("notMeasured", widget.notMeasured.map { .string($0.kind) } ?? .null))
            fields.append(("evidence", .string(widget.evidence.rawValue)))
            fields.append(("match", .number((widget.match * 1000).rounded() / 1000)))
            fields.append(("compared", .number((widget.compared * 100).rounded() / 100)))
            return JSONValue.object(fields)
        }
        let slots = check.corrected.map { slot in
            var fields: [(key: String, value: JSONValue)] = [
                ("slot", .string(slot.slot.rawValue)), ("family", .string(slot.slot.family.rawValue)), ("listed", rect(slot.listed)),
                ("rect", rect(slot.rect)), ("x", .string(slot.x.rawValue)), ("y", .string(slot.y.rawValue)),
            ]
            fields.append(("xError", slot.xError.map { .int($0) } ?? .null))
            fields.append(("yError", slot.yError.map { .int($0) } ?? .null))
            fields.append(("placed", .bool(slot.isPlaced)))
            fields.append(("unplaced", slot.unplaced.map { .string($0) } ?? .null))
            let files = slot.isPlaced ? styles.map { $0.fileName(slot: slot.slot.rawValue, among: styles) } : []
            fields.append(("files", .array(files.map { .string($0) })))
            return JSONValue.object(fields)
        }
        return .object([
            ("empty", .string(empty)), ("home", .string(home)), ("device", .string(device)), ("layout", .string(check.layout)),
            ("screenshot", .object([("width", .int(check.screenshot.width)), ("height", .int(check.screenshot.height))])),
            ("reach", .int(check.reach)), ("widgets", .array(widgets)), ("slots", .array(slots)), ("summary", .string(summary(check))),
            ("layoutBlock", .string(check.layoutBlock.joined(separator: "\n"))),
            ("recordCommand", .string(recordCommand(check, empty: empty, home: home, device: device))), ("problem", .null),
        ])
    }

    /// The status line: how many widgets were measured and seen, and how every slot is known:
    /// "4 widgets measured, 1 seen but not measured; 12 slots: 6 measured, 4 from the same
    /// column or row, 2 estimated (x ±3 px, y error unknown)".
    public static func summary(_ check: WidgetCheck) -> String {
        let measured = check.widgets.filter { $0.isMeasured }.count
        let seen = check.widgets.count - measured
        var parts = ["\(measured) widget\(measured == 1 ? "" : "s") measured"]
        if seen > 0 { parts[0] += ", \(seen) seen but not measured" }
        func weakest(_ slot: WidgetCheck.CorrectedSlot) -> WidgetCheck.Correction {
            let order: [WidgetCheck.Correction] = [.unplaced, .unchanged, .estimated, .sameLine, .measured]
            return order.first { $0 == slot.x || $0 == slot.y } ?? .measured
        }
        var kinds: [String] = []
        for (kind, words) in [
            (WidgetCheck.Correction.measured, "measured"), (.sameLine, "from the same column or row"), (.estimated, "estimated"),
            (.unchanged, "left as listed"), (.unplaced, "not placed"),
        ] {
            let slots = check.corrected.filter { weakest($0) == kind }
            guard !slots.isEmpty else { continue }
            var text = "\(slots.count) \(words)"
            if kind == .estimated {
                let errors = [
                    ("x", slots.filter { $0.x == .estimated }.map { $0.xError }), ("y", slots.filter { $0.y == .estimated }.map { $0.yError }),
                ]
                .filter { !$0.1.isEmpty }
                .map { axis, values in values.contains { $0 == nil } ? "\(axis) error unknown" : "\(axis) ±\(values.compactMap { $0 }.max()!) px" }
                text += " (\(errors.joined(separator: ", ")))"
            }
            kinds.append(text)
        }
        return parts[0] + "; \(check.corrected.count) slots: " + kinds.joined(separator: ", ")
    }

    /// The answer when nothing could be checked: every part null but `problem`, the command line's message.
    public static func problem(_ problems: [ProblemText]) -> JSONValue {
        .object([
            ("empty", .null), ("home", .null), ("device", .null), ("layout", .null), ("screenshot", .null), ("reach", .null), ("widgets", .null),
            ("slots", .null), ("summary", .null), ("layoutBlock", .null), ("recordCommand", .null), ("problem", .string(problems.messages)),
        ])
    }

    /// The report as text, one widget a line, then the corrected slots and the profile block.
    public static func text(_ check: WidgetCheck, empty: String, home: String, device: String, written: Int, out: String) -> String {
        var lines = [
            "\(home): \(check.widgets.count) widget\(check.widgets.count == 1 ? "" : "s") seen (\(device) \(check.layout)), each looked for within \(check.reach) px of its slot:"
        ]
        for widget in check.widgets {
            guard widget.isMeasured else {
                lines.append("  \(widget.slot.rawValue): not measured: \(widget.unknown ?? "")")
                continue
            }
            let how =
                widget.evidence == .outline
                ? "its outline measured"
                : "wallpaper matched \(percent(widget.match)), \(percent(widget.compared)) of it compared"
            lines.append("  \(widget.slot.rawValue): off by x \(signed(widget.dx)), y \(signed(widget.dy)) (measured, ±1 px; \(how))")
            if let unknown = widget.unknown { lines.append("    unknown: \(unknown)") }
        }
        lines.append("\(summary(check)); wrote and verified \(written) crops in \(out):")
        for slot in check.corrected {
            if let why = slot.unplaced {
                lines.append("  \(slot.slot.rawValue): not placed, no crop: \(why)")
                continue
            }
            func how(_ axis: String, _ kind: WidgetCheck.Correction, _ error: Int?) -> String {
                kind == .estimated ? "\(axis) estimated, \(error.map { "±\($0) px" } ?? "error unknown")" : "\(axis) \(kind.rawValue)"
            }
            lines.append(
                "  \(slot.slot.rawValue): \(slot.rect.x), \(slot.rect.y) (listed \(slot.listed.x), \(slot.listed.y); \(how("x", slot.x, slot.xError)), \(how("y", slot.y, slot.yError)))"
            )
        }
        lines += RecordingAdvice.lines(
            run: "to record the columns and rows measured into the catalog, say who measured and run:",
            command: recordCommand(check, empty: empty, home: home, device: device),
            paste: "or paste this block into the device profile's layouts (positions measured from the widgets; sizes as listed):",
            block: check.layoutBlock)
        return lines.joined(separator: "\n")
    }

    /// The `backdrop calibrate --transparent --into` command that records what `check` measured.
    public static func recordCommand(_ check: WidgetCheck, empty: String, home: String, device: String) -> String {
        RecordCommand.text(screenshot: home, empty: empty, device: device, layout: check.layout, transparent: true)
    }

    private static func signed(_ value: Int?) -> String {
        guard let value else { return "unknown" }
        return value > 0 ? "+\(value)" : "\(value)"
    }

    private static func percent(_ value: Double) -> String { "\(Int((value * 100).rounded()))%" }

    private static func rect(_ r: PixelRect) -> JSONValue {
        .object([("x", .int(r.x)), ("y", .int(r.y)), ("width", .int(r.width)), ("height", .int(r.height))])
    }
}

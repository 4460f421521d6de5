import Calibration
import CheckCodes
import GeometryFormat
import SlotGeometry

/// What "check my widgets" found, described once for every path that shows it: the text of
/// `backdrop crop --widgets-from --json` and its `widget-check.json`, and the browser core's answer
/// to the page.
public enum WidgetCheckReport {
    /// `{ empty, home, device, layout, screenshot, widgets: [{ slot, family, listed, found, dx, dy,
    /// unknown, evidence, match, compared }], slots: [{ slot, family, listed, rect, x, y }],
    /// layoutBlock, recordCommand, problem }`: `dx`/`dy` null where unknown (`unknown` says why),
    /// `slots` every slot of the layout corrected (`x`/`y` say how: measured, same column or row,
    /// estimated, unchanged), `recordCommand` the `calibrate --transparent --into` that records the
    /// columns and rows measured, `problem` null.
    public static func json(_ check: WidgetCheck, empty: String, home: String, device: String) -> JSONValue {
        let widgets = check.widgets.map { widget in
            JSONValue.object([
                ("slot", .string(widget.slot.rawValue)), ("family", .string(widget.slot.family.rawValue)), ("listed", rect(widget.listed)),
                ("found", rect(widget.found)), ("dx", widget.dx.map { .int($0) } ?? .null), ("dy", widget.dy.map { .int($0) } ?? .null),
                ("unknown", widget.unknown.map { .string($0) } ?? .null), ("evidence", .string(widget.evidence.rawValue)),
                ("match", .number((widget.match * 1000).rounded() / 1000)), ("compared", .number((widget.compared * 100).rounded() / 100)),
            ])
        }
        let slots = check.corrected.map { slot in
            JSONValue.object([
                ("slot", .string(slot.slot.rawValue)), ("family", .string(slot.slot.family.rawValue)), ("listed", rect(slot.listed)),
                ("rect", rect(slot.rect)), ("x", .string(slot.x.rawValue)), ("y", .string(slot.y.rawValue)),
            ])
        }
        return .object([
            ("empty", .string(empty)), ("home", .string(home)), ("device", .string(device)), ("layout", .string(check.layout)),
            ("screenshot", .object([("width", .int(check.screenshot.width)), ("height", .int(check.screenshot.height))])),
            ("widgets", .array(widgets)), ("slots", .array(slots)), ("layoutBlock", .string(check.layoutBlock.joined(separator: "\n"))),
            ("recordCommand", .string(recordCommand(check, empty: empty, home: home, device: device))), ("problem", .null),
        ])
    }

    /// The answer when nothing could be checked: every part null but `problem`, the command line's message.
    public static func problem(_ problems: [ProblemText]) -> JSONValue {
        .object([
            ("empty", .null), ("home", .null), ("device", .null), ("layout", .null), ("screenshot", .null), ("widgets", .null), ("slots", .null),
            ("layoutBlock", .null), ("recordCommand", .null), ("problem", .string(problems.messages)),
        ])
    }

    /// The report as text, one widget a line, then the corrected slots and the profile block.
    public static func text(_ check: WidgetCheck, empty: String, home: String, device: String, written: Int, out: String) -> String {
        var lines = ["\(home): \(check.widgets.count) widget\(check.widgets.count == 1 ? "" : "s") found (\(device) \(check.layout)):"]
        for widget in check.widgets {
            let offsets = "x \(signed(widget.dx)), y \(signed(widget.dy)) px"
            let how =
                widget.evidence == .outline
                ? "its outline measured"
                : "wallpaper matched \(percent(widget.match)), \(percent(widget.compared)) of it compared"
            lines.append("  \(widget.slot.rawValue): off by \(offsets) (measured, ±1 px; \(how))")
            if let unknown = widget.unknown { lines.append("    unknown: \(unknown)") }
        }
        let moved = check.corrected.filter { $0.rect != $0.listed }
        lines.append("corrected \(moved.count) of \(check.corrected.count) slots; wrote and verified \(written) crops in \(out):")
        for slot in check.corrected {
            lines.append(
                "  \(slot.slot.rawValue): \(slot.rect.x), \(slot.rect.y) (listed \(slot.listed.x), \(slot.listed.y); x \(slot.x.rawValue), y \(slot.y.rawValue))"
            )
        }
        lines.append("")
        lines.append("to record the columns and rows measured into the catalog, say who measured and run:")
        lines.append("  \(recordCommand(check, empty: empty, home: home, device: device))")
        lines.append("or paste this block into the device profile's layouts (positions measured from the widgets; sizes as listed):")
        lines += check.layoutBlock
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

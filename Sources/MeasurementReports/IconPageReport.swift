import Calibration
import CheckCodes
import GeometryFormat
import SlotGeometry

/// What a page of app icons measured (``IconPage``), described once for every path that shows it:
/// `backdrop crop --icons-from`'s `icon-grid.json` and text, and the browser core's answer to the
/// make page.
public enum IconPageReport {
    /// The file written beside the crops.
    public static let fileName = "icon-grid.json"

    /// How a slot read off the icons is known, in the person's words: `phones` is how many
    /// screens the rule was checked on.
    public static func known(_ slot: IconPage.Slot, page: IconPage, phones: Int) -> String {
        if page.rule.isAssumed(for: page.layout) {
            return "measured from your icons; with large icons the rule's widening is assumed, so widths may be a few pixels off"
        }
        let checked = "rule checked on \(phones) phone\(phones == 1 ? "" : "s"), within 1 px"
        return slot.error == 0
            ? "measured from your icons (\(checked))"
            : "measured from your icons, ±\(slot.error) px (a column taken from its mirror image; \(checked))"
    }

    /// `{ empty, home, device, layout, screenshot, scale, scaleFromWidth, rule, icons, widgets,
    /// setAside, grid, slots: [{ id, family, pixels, error, known, listed, offFromListed }],
    /// unknownSlots, unknownAxes, notes, layoutBlock, recordCommand, problem }`. `listed` is the
    /// catalog's rectangle of the slot (null without one), `offFromListed` the most an edge of it
    /// is off the one read off the icons.
    public static func json(_ page: IconPage, empty: String, home: String, device: String?, listed: ResolvedLayout?, phones: Int) -> JSONValue {
        let slots = page.slots.map { slot -> JSONValue in
            let catalog = listed?.slot(slot.id)?.rect
            return .object([
                ("id", .string(slot.id.rawValue)), ("family", .string(slot.id.family.rawValue)), ("pixels", rect(slot.rect)),
                ("error", .int(slot.error)), ("known", .string(known(slot, page: page, phones: phones))),
                ("listed", catalog.map(rect) ?? .null), ("offFromListed", catalog.map { .int(offset(slot.rect, $0)) } ?? .null),
            ])
        }
        let columns = zip(page.grid.columns, page.columnSources).map { x, source -> JSONValue in
            let how: String
            switch source {
            case .measured(let count): how = "measured on \(count)"
            case .mirrored(let column): how = "the mirror image of column \(column)"
            case .unknown: how = "unknown"
            }
            return .object([("x", x.map { .int($0) } ?? .null), ("source", .string(how))])
        }
        let grid = JSONValue.object([
            ("iconSize", .int(page.grid.iconSize)), ("columns", .array(columns)), ("firstRow", page.grid.firstRow.map { .int($0) } ?? .null),
            ("rowPitch", page.grid.rowPitch.map { .int($0) } ?? .null), ("rowsSeen", .array(page.rowsSeen.map { .int($0) })),
            ("rowNaming", .string(page.rowNaming)),
        ])
        let rule = JSONValue.object([
            ("wideningPoints", .int(page.rule.wideningPoints)), ("widgetRows", .array(page.rule.widgetRows.map { .int($0) })),
            ("assumed", .bool(page.rule.isAssumed(for: page.layout))),
        ])
        return .object([
            ("empty", .string(empty)), ("home", .string(home)), ("device", device.map { .string($0) } ?? .null),
            ("layout", .string(page.layout.rawValue)),
            ("screenshot", .object([("width", .int(page.screenshot.width)), ("height", .int(page.screenshot.height))])),
            ("scale", .int(page.scale)), ("scaleFromWidth", .bool(page.scaleFromWidth)), ("rule", rule),
            ("icons", .array(page.icons.map { rect($0.rect) })), ("widgets", .array(page.widgets.map { rect($0.rect) })),
            (
                "setAside",
                .array(page.setAside.map { .object([("pixels", rect($0.rect)), ("reason", .string($0.reason.rawValue))]) })
            ),
            ("grid", grid), ("slots", .array(slots)),
            ("unknownSlots", .array(page.unknownSlots.map { .object([("id", .string($0.id.rawValue)), ("reason", .string($0.reason))]) })),
            ("unknownAxes", .array(page.unknownAxes.map { .string($0) })), ("notes", .array(page.notes.map { .string($0) })),
            ("layoutBlock", .string(page.layoutBlock.joined(separator: "\n"))),
            ("recordCommand", .string(recordCommand(page, empty: empty, home: home, device: device))), ("problem", .null),
        ])
    }

    /// The answer when nothing could be read: every part null but `problem`, the command line's message.
    public static func problem(_ problems: [ProblemText]) -> JSONValue {
        .object([
            ("empty", .null), ("home", .null), ("device", .null), ("layout", .null), ("screenshot", .null), ("slots", .null),
            ("problem", .string(problems.messages)),
        ])
    }

    /// The `calibrate --icons --into` command that records the page's numbers.
    public static func recordCommand(_ page: IconPage, empty: String, home: String, device: String?) -> String {
        RecordCommand.text(screenshot: home, empty: empty, device: device ?? "DEVICE", layout: page.layout.rawValue, icons: true)
    }

    /// The report as text: the icons and the grid, each slot with how it is known, what is unknown
    /// and why, then the profile block and the command that records it.
    public static func text(
        _ page: IconPage, empty: String, home: String, device: String?, listed: ResolvedLayout?, phones: Int, written: Int, out: String
    ) -> String {
        let grid = page.grid
        let points = formatNumber(roundedToHundredths(Double(grid.iconSize) / Double(page.scale)))
        var lines = [
            "\(home) against \(empty): \(page.icons.count) icon\(page.icons.count == 1 ? "" : "s") of \(grid.iconSize) px (\(points) pt at @\(page.scale)x)"
                + (page.widgets.isEmpty ? "" : " and \(page.widgets.count) widget\(page.widgets.count == 1 ? "" : "s")")
                + " found (\(device.map { "\($0) " } ?? "")\(page.layout.rawValue))"
        ]
        let columns = grid.columns.map { $0.map { String($0) } ?? "?" }.joined(separator: ", ")
        var rows = "rows unknown"
        if let first = grid.firstRow, let pitch = grid.rowPitch {
            rows = "row 1 at \(first), rows \(pitch) px apart (\(page.rowNaming))"
        } else if let pitch = grid.rowPitch {
            rows = "rows \(pitch) px apart, which is row 1 unknown"
        }
        lines.append("grid: columns at \(columns); \(rows)")
        lines.append("slots:")
        for slot in page.slots {
            let r = slot.rect
            let catalog = listed?.slot(slot.id).map { "; the catalog's is \(offset(r, $0.rect)) px off" } ?? ""
            lines.append("  \(slot.id.rawValue): \(r.x), \(r.y), \(r.width)×\(r.height)\(catalog): \(known(slot, page: page, phones: phones))")
        }
        if !page.unknownSlots.isEmpty {
            lines.append("unknown (never guessed):")
            lines += page.unknownSlots.map { "  \($0.id.rawValue): \($0.reason)" }
        }
        for axis in page.unknownAxes { lines.append("unknown: \(axis)") }
        for aside in page.setAside { lines.append("set aside: the shape at \(aside.rect.x), \(aside.rect.y): \(aside.reason.rawValue)") }
        for note in page.notes { lines.append("note: \(note)") }
        lines.append("wrote and verified \(written) crops of \(empty) and \(fileName) in \(out)")
        lines += RecordingAdvice.lines(
            run: "to add this measurement to the catalog, run:", command: recordCommand(page, empty: empty, home: home, device: device),
            paste: "or paste this block into the device profile's layouts:", block: page.layoutBlock)
        return lines.joined(separator: "\n")
    }

    /// The most any edge of `a` is off the same edge of `b`, in pixels.
    public static func offset(_ a: PixelRect, _ b: PixelRect) -> Int {
        max(abs(a.x - b.x), abs(a.y - b.y), abs(a.maxX - b.maxX), abs(a.maxY - b.maxY))
    }

    private static func rect(_ r: PixelRect) -> JSONValue {
        .object([("height", .int(r.height)), ("width", .int(r.width)), ("x", .int(r.x)), ("y", .int(r.y))])
    }
}

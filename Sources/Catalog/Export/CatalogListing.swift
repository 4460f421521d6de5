import CheckCodes
import SlotGeometry

/// What `backdrop devices` and `backdrop slots` list: the devices chosen by id, their layouts, and
/// the text tables of both (their `--json` is ``DeviceExport`` and ``LayoutExport`` as encoded).
public enum CatalogListing {
    /// A device or layout asked for that the catalog does not have: the reason names what it has.
    public struct Failure: Problem {
        public var reason: String

        public var problems: [ProblemText] { [ProblemText(reason: reason)] }
    }

    /// The devices of `ids` in the catalog, in that order, or every device when `ids` is empty.
    /// `source` names the catalog in the refusal (a folder, or "built into backdrop"); with
    /// `listingKnown`, the refusal lists the known ids too.
    public static func devices(_ ids: [String], in catalog: Catalog, source: String, listingKnown: Bool = true) throws(Failure)
        -> [DeviceDocument]
    {
        guard !ids.isEmpty else { return catalog.devices }
        var documents: [DeviceDocument] = []
        for id in ids {
            guard let document = catalog.device(id) else {
                let known = catalog.devices.map(\.id)
                let hint = known.isEmpty || !listingKnown ? "" : "; known devices: \(known.joined(separator: ", "))"
                throw Failure(reason: "no device `\(id)` in the catalog (\(source))\(hint)")
            }
            documents.append(document)
        }
        return documents
    }

    /// The layouts `backdrop slots [DEVICE] [--layout LAYOUT]` lists: every layout of the device
    /// (or of every device), or only `layout`; refuses a device that lacks the layout.
    public static func layouts(_ catalog: Catalog, device: String?, layout: LayoutKind?, source: String) throws(Failure) -> [LayoutExport] {
        let documents = try devices(device.map { [$0] } ?? [], in: catalog, source: source)
        var geometries: [LayoutExport] = []
        for document in documents {
            for resolved in document.layouts where layout == nil || resolved.kind == layout {
                geometries.append(LayoutExport(device: document.profile, layout: resolved))
            }
        }
        if let layout, let device, geometries.isEmpty {
            let available = documents[0].profile.layouts.map(\.kind.rawValue).joined(separator: ", ")
            throw Failure(reason: "\(device) has no \(layout.rawValue) layout; it has \(available)")
        }
        return geometries
    }

    /// `backdrop slots`'s text: for each layout a header line (device, layout, screen, screenshot,
    /// coverage) and a table of its slots (pixels, points, source; the unknown and unavailable ones
    /// last), a blank line between layouts.
    public static func slotsText(_ geometries: [LayoutExport]) -> String {
        geometries.map(slotsText).joined(separator: "\n\n")
    }

    static func slotsText(_ geometry: LayoutExport) -> String {
        var header = "\(geometry.device) \(geometry.layout.rawValue) (\(geometry.ios ?? geometry.title)): "
        header += "\(formatNumber(geometry.screen.width))x\(formatNumber(geometry.screen.height)) pt @\(geometry.scale)x, "
        header += "screenshot \(geometry.screenshot), \(Coverage.label(geometry.coverage, errorPixels: geometry.error, phones: geometry.errorPhones))"
        var rows = [["SLOT", "X", "Y", "WIDTH", "HEIGHT", "POINTS", "SOURCE"]]
        for slot in geometry.slots {
            let p = slot.points
            rows.append([
                slot.id.rawValue, "\(slot.pixels.x)", "\(slot.pixels.y)", "\(slot.pixels.width)", "\(slot.pixels.height)",
                "\(formatNumber(p.x)),\(formatNumber(p.y)) \(formatNumber(p.width))x\(formatNumber(p.height))",
                slot.source.rawValue,
            ])
        }
        for slot in geometry.unknown {
            let size = slot.size.map { ["", "", "\($0.width)", "\($0.height)"] } ?? ["", "", "", ""]
            rows.append([slot.id.rawValue] + size + ["", "unknown: " + slot.missing.map(\.rawValue).joined(separator: ", ")])
        }
        for slot in geometry.unavailable {
            rows.append([slot.rawValue, "", "", "", "", "", "not on this page"])
        }
        return header + "\n" + TextTable.render(rows)
    }

    /// `backdrop devices`'s text: a table of each device's screen, screenshot size and layouts
    /// with their coverage.
    public static func devicesText(_ summaries: [DeviceExport<LayoutSummary>]) -> String {
        var rows = [["DEVICE", "SCREEN", "SCREENSHOT", "LAYOUTS"]]
        for device in summaries {
            let layouts = device.layouts.map { "\($0.id.rawValue) (\($0.coverageLabel))" }.joined(separator: ", ")
            rows.append([
                device.id, "\(Int(device.screen.width))x\(Int(device.screen.height)) @\(device.scale)x",
                device.screenshot.description, layouts,
            ])
        }
        return TextTable.render(rows)
    }
}

import ArgumentParser
import Catalog
import SlotGeometry

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

struct SlotsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slots",
        abstract: "Print every slot rectangle, in pixels and points, with its source."
    )

    @OptionGroup var contentOptions: ContentOptions

    @Argument(help: "A device id (see `backdrop devices`). All devices when left out.")
    var device: String?

    @Option(name: .long, help: "Only this layout (ios14, ios14-zoom, ios18, ios18-large-icons, ios18-zoom, ios26).")
    var layout: LayoutKind?

    @OptionGroup var jsonOptions: JSONOptions

    func run() throws {
        let catalog = try contentOptions.loadCatalog()
        var documents = catalog.devices
        if let device {
            guard let document = catalog.device(device) else {
                let ids = catalog.devices.map(\.id)
                let hint = ids.isEmpty ? "" : "; known devices: \(ids.joined(separator: ", "))"
                throw ValidationError("no device `\(device)` in the catalog (\(contentOptions.source.label))\(hint)")
            }
            documents = [document]
        }
        var geometries: [LayoutExport] = []
        for document in documents {
            for resolved in document.layouts where layout == nil || resolved.kind == layout {
                geometries.append(LayoutExport(device: document.profile, layout: resolved))
            }
        }
        if let layout, let device, geometries.isEmpty {
            let available = documents[0].profile.layouts.map(\.kind.rawValue).joined(separator: ", ")
            throw ValidationError("\(device) has no \(layout.rawValue) layout; it has \(available)")
        }
        if jsonOptions.json {
            printOut(try jsonText(geometries))
        } else {
            printOut(geometries.map(text).joined(separator: "\n\n"))
        }
        if catalog.diagnostics.hasErrors { throw ExitCode.failure }
    }

    private func text(_ geometry: LayoutExport) -> String {
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
        return header + "\n" + table(rows)
    }
}

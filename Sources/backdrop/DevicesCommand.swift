import ArgumentParser
import Catalog
import SlotGeometry

struct DevicesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "devices",
        abstract: "List the catalog: each device with its layouts and how each is sourced."
    )

    @OptionGroup var contentOptions: ContentOptions

    @OptionGroup var jsonOptions: JSONOptions

    struct DeviceSummary: Encodable {
        struct Layout: Encodable {
            var id: LayoutKind
            var title: String
            var ios: String?
            var screen: LayoutGeometry.Size
            var screenshot: PixelSize
            var coverage: String
            var references: [String]
        }

        var id: String
        var name: String
        var models: [String]
        var scale: Int
        var screen: LayoutGeometry.Size
        var screenshot: PixelSize
        var layouts: [Layout]
    }

    func run() throws {
        let catalog = contentOptions.loadCatalog()
        let summaries = catalog.devices.map(summary)
        if jsonOptions.json {
            print(try jsonText(summaries))
        } else {
            var rows = [["DEVICE", "SCREEN", "SCREENSHOT", "LAYOUTS"]]
            for device in summaries {
                let layouts = device.layouts.map { "\($0.id.rawValue) (\($0.coverage))" }.joined(separator: ", ")
                rows.append([
                    device.id, "\(Int(device.screen.width))x\(Int(device.screen.height)) @\(device.scale)x",
                    device.screenshot.description, layouts,
                ])
            }
            print(table(rows))
        }
        if catalog.diagnostics.hasErrors { throw ExitCode.failure }
    }

    private func summary(_ document: DeviceDocument) -> DeviceSummary {
        let profile = document.profile
        let layouts = profile.resolvedLayouts.map { layout in
            let provenances = layout.values.values.map(\.provenance)
                + layout.spec.slotOrigins.values.map(\.provenance)
            return DeviceSummary.Layout(
                id: layout.kind, title: layout.kind.title, ios: layout.spec.iosVersions,
                screen: LayoutGeometry.Size(width: Double(layout.screen.width), height: Double(layout.screen.height)),
                screenshot: layout.screen.pixels, coverage: layout.coverage.description,
                references: Set(provenances.compactMap(\.reference)).sorted())
        }
        return DeviceSummary(
            id: profile.id, name: profile.name, models: profile.models, scale: profile.screen.scale,
            screen: LayoutGeometry.Size(width: Double(profile.screen.width), height: Double(profile.screen.height)),
            screenshot: profile.screen.pixels, layouts: layouts)
    }
}

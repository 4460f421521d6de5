import Catalog
import Checks
import Foundation
import NativePNG
import SlotGeometry

/// The view models of the make and measure pages, which run the browser core on a person's own
/// screenshots.
extension Pages {
    func tool(title: String, core: BrowserCoreScript) -> ToolPage {
        ToolPage(
            root: "../", pageTitle: "\(title) — Backdrop", hasCore: core.script != nil, coreScript: BrowserCoreScript.sitePath,
            makeScript: core.makePagePath,
            buildCoreCommand: BrowserCoreScript.buildCommand, geometryScript: GeometryFiles.scriptPath, overlayJSON: Self.overlayJSON,
            recordCommand: RecordCommand.text(screenshot: "{screenshot}", empty: nil, device: "{device}", layout: "{layout}"),
            recordCommandEmpty: RecordCommand.text(
                screenshot: "{screenshot}", empty: "{empty}", device: "{device}", layout: "{layout}"),
            measuredAlone: CalibrationChecks.measuredAlone,
            styles: CropStyle.allCases.map { StyleChoice(name: $0.rawValue, title: $0.title, summary: $0.summary, isDefault: $0 == .none) },
            iconRulePhones: catalog.iconGridEvidence(for: .ios26).count)
    }

    /// The overlays' labels and stroke sizes for the pages' script.
    static var overlayJSON: String {
        let labels = SlotID.allCases.map { "\"\($0.rawValue)\": \"\(label($0))\"" }.joined(separator: ", ")
        return "{\"labels\": {\(labels)}, \"strokeMinimum\": \(Overlay.strokeMinimum), \"strokeDivisor\": \(Overlay.strokeDivisor)}"
    }
}

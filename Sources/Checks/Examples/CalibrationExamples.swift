import Calibration
import Catalog
import SlotGeometry

/// The example profile's iOS 18 layout with a calibration screenshot whose measurement disagrees
/// with it, shows a slot it does not know, or cannot be measured.
enum CalibrationExamples {
    static var findings: [(String, [Diagnostic])] {
        let text = ExampleProfile.text.replacing(
            "    bottom: 1485\n", with: "    bottom: 1485\n    calibration: [calibration/example-phone-ios18-widgets-1.png]\n")
        guard let document = Catalog.parse(text: text, file: ExampleProfile.file, id: ExampleProfile.id, content: "content").document,
            let layout = document.layouts.first, let file = document.calibrations[layout.kind]?.first
        else { return [] }
        let offByTwo = PixelRect(x: 89, y: 261, width: 486, height: 486)
        let extraLarge = PixelRect(x: 87, y: 261, width: 1032, height: 1710)
        return [
            ("C010", CalibrationChecks.compare([(.smallTopLeft, offByTwo)], with: layout, file: file, of: document).diagnostics),
            (
                "C011",
                [CalibrationChecks.unreadable(file, layout: layout, of: document, CalibrationChecks.reason(file.path, CalibrationError.noWidgets))]
            ),
            ("C012", CalibrationChecks.compare([(.extraLargePortrait, extraLarge)], with: layout, file: file, of: document).diagnostics),
        ]
    }
}

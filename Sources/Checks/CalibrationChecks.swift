import Calibration
import Catalog
import SlotGeometry

/// Compares what was measured on a layout's calibration screenshot with the layout's slots.
public enum CalibrationChecks {
    /// Why a calibration screenshot must measure without the empty page: said when one does not,
    /// by `calibrate --into` and by the measure page.
    public static let measuredAlone =
        "every build measures calibration screenshots again on their own, without --empty: use solid, single-colour widgets"

    /// What the comparison found: a diagnostic per slot that disagrees or is unknown, and one line
    /// for the device page.
    public struct Findings: Sendable {
        public var diagnostics: [Diagnostic] = []
        public var summary: String
    }

    /// Every measured widget must sit on a slot the layout knows, within 1 px on every edge (C010, C012).
    public static func compare(
        _ measured: [(id: SlotID, rect: PixelRect)], with layout: ResolvedLayout, file: ScreenshotFile, of document: DeviceDocument
    ) -> Findings {
        var diagnostics: [Diagnostic] = []
        var worst = 0
        for (id, rect) in measured {
            guard let expected = layout.slot(id)?.rect else {
                diagnostics.append(
                    diagnostic(
                        .slotKnown, slot: id, file: file, layout: layout, document: document,
                        "calibration \(file.path) measures \(id.rawValue) at \(rect), but the layout does not know where \(id.rawValue) is"))
                continue
            }
            let offsets = EdgeOffsets(measured: rect, listed: expected)
            worst = max(worst, abs(offsets.largest.pixels))
            let off = offsets.disagreeing
            if !off.isEmpty {
                diagnostics.append(
                    diagnostic(
                        .agrees, slot: id, file: file, layout: layout, document: document,
                        "calibration \(file.path) measures \(id.rawValue) at \(rect), but the layout has \(expected) (\(off.map { "\($0.edge.rawValue) off by \($0.pixels) px" }.joined(separator: ", ")))"
                    ))
            }
        }
        return Findings(
            diagnostics: diagnostics,
            summary: "\(file.relativePath): \(measured.count) widgets measured, every edge within \(worst) px of the layout")
    }

    /// Measures one calibration screenshot against the layout, as every build does: the widgets
    /// found, placed on the layout's slots; throws when none can be placed.
    public static func measure(
        _ field: ColorField, layout: ResolvedLayout, of document: DeviceDocument
    ) throws(CalibrationError) -> [(id: SlotID, rect: PixelRect)] {
        try Calibrator.calibrate(field, candidates: [(document.id, layout)]).slots
    }

    /// Why the calibration screenshot at `path` could not be measured, in words: it could not be
    /// read, decoded or measured.
    public static func reason(_ path: String, _ error: any Error) -> String {
        error is ContentFolder.ReadError ? "calibration screenshot \(path) \(error)" : "calibration \(path): \(error)"
    }

    /// A calibration screenshot that could not be measured (C011).
    public static func unreadable(_ file: ScreenshotFile, layout: ResolvedLayout, of document: DeviceDocument, _ reason: String) -> Diagnostic {
        diagnostic(.readable, slot: nil, file: file, layout: layout, document: document, reason)
    }

    private static func diagnostic(
        _ check: CalibrationCheck, slot: SlotID?, file: ScreenshotFile, layout: ResolvedLayout, document: DeviceDocument, _ message: String
    ) -> Diagnostic {
        Diagnostic(file: document.file, line: file.line, check: check, device: document.id, layout: layout.kind, slot: slot, message: message)
    }
}

import Calibration
import Catalog
import Checks
import Foundation
import NativePNG
import SlotGeometry

/// Measures the calibration screenshots a profile lists (screenshots with widgets placed) and
/// checks each layout against them: every measured widget edge must be within 1 px of the
/// layout's slot. Measurements are cached by the screenshot's content.
struct CalibrationStage {
    static let cacheVersion = "calibration-2"

    let options: BuildOptions
    let content: ContentFolder
    let cache: BuildCache

    struct DeviceFindings {
        var diagnostics: [Diagnostic] = []
        /// One line per calibration screenshot, by layout, for the device page.
        var summaries: [LayoutKind: [String]] = [:]
    }

    func run(_ document: DeviceDocument) -> DeviceFindings {
        var outcome = DeviceFindings()
        for layout in document.layouts {
            for reference in document.calibrations[layout.kind] ?? [] {
                check(layout, against: reference, document: document, outcome: &outcome)
            }
        }
        return outcome
    }

    private func check(_ layout: ResolvedLayout, against file: ScreenshotFile, document: DeviceDocument, outcome: inout DeviceFindings) {
        let measured: [(id: SlotID, rect: PixelRect)]
        do {
            measured = try measure(file.relativePath, layout: layout, document: document, outcome: &outcome)
        } catch {
            outcome.diagnostics.append(CalibrationChecks.unreadable(file, layout: layout, of: document, CalibrationChecks.reason(file.path, error)))
            return
        }
        let result = CalibrationChecks.compare(measured, with: layout, file: file, of: document)
        outcome.diagnostics += result.diagnostics
        outcome.summaries[layout.kind, default: []].append(result.summary)
    }

    /// The slots the widgets on a calibration screenshot fill, from the cache or measured now.
    private func measure(_ relative: String, layout: ResolvedLayout, document: DeviceDocument, outcome: inout DeviceFindings) throws -> [(
        id: SlotID, rect: PixelRect
    )] {
        let bytes = try content.bytes(relative, limit: ScreenshotChecks.maximumFileBytes)
        var key = ContentHash()
        key.add(bytes)
        key.add("\(Self.cacheVersion) \(document.id) \(layout.kind.rawValue) \(layout.slots.map(\.rect.description))")
        if !options.clean {
            switch cache.lookup(key, "calibration") {
            case .intact(let bytes):
                if let slots = Self.slots(fromCache: String(decoding: bytes, as: UTF8.self)) { return slots }
                outcome.diagnostics.append(cacheWarning(cache.path(key, "calibration"), document: document, "it cannot be read"))
            case .damaged(let reason):
                outcome.diagnostics.append(cacheWarning(cache.path(key, "calibration"), document: document, reason))
            case .missing: break
            }
        }
        let shot = try PNGRaster(decoding: bytes)
        let slots = try CalibrationChecks.measure(ColorField(shot), layout: layout, of: document)
        let text = slots.map { "\($0.id.rawValue) \($0.rect.x) \($0.rect.y) \($0.rect.width) \($0.rect.height)" }.joined(separator: "\n")
        try? cache.store(Array(text.utf8), key, "calibration")
        return slots
    }

    /// The slots of a cached measurement, one `ID X Y WIDTH HEIGHT` line each; `nil` when any line
    /// is not of that form.
    static func slots(fromCache text: String) -> [(id: SlotID, rect: PixelRect)]? {
        var slots: [(id: SlotID, rect: PixelRect)] = []
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            let numbers = parts.dropFirst().compactMap { Int($0) }
            guard parts.count == 5, numbers.count == 4, let id = SlotID(rawValue: String(parts[0])) else { return nil }
            slots.append((id, PixelRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])))
        }
        return slots
    }

    private func cacheWarning(_ file: String, document: DeviceDocument, _ reason: String) -> Diagnostic {
        Diagnostic(
            file: file, check: CropCheck.cacheIntact, device: document.id,
            message: "the cached calibration measurement was damaged (\(reason)); measured again")
    }
}

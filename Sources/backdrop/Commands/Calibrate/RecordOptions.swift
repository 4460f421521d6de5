import ArgumentParser
import Calibrating
import Calibration
import Catalog
import Checks
import Foundation
import NativePNG
import SlotGeometry

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// `backdrop calibrate SHOT --into DEVICE --layout LAYOUT [--reference KEY[=CITATION]] [--replace]`:
/// records what calibrate measured into a device profile (see ``LayoutRecorder``).
struct RecordOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Record the measurement into this device's profile (<content>/devices/<device>.md), and the screenshot into its calibration list.",
            valueName: "device"))
    var into: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --into: the layout to record into (\(LayoutKind.allCases.map(\.rawValue).joined(separator: ", "))); created when the profile lacks it.",
            valueName: "layout"))
    var layout: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --into: what the written numbers cite, as `measured KEY`: KEY for a reference the profile lists, or KEY=CITATION to add one. Needed whenever a number is written.",
            valueName: "key[=citation]"))
    var reference: String?

    @Flag(name: .long, help: "With --into: replace measured or published numbers that disagree with the screenshot by more than 1 px.")
    var replace = false

    func validate() throws {
        if into == nil, layout != nil || reference != nil || replace {
            throw ValidationError("--layout, --reference and --replace go with --into DEVICE")
        }
        if into != nil, layout == nil {
            throw ValidationError("--into needs --layout (\(LayoutKind.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
    }

    /// Records the calibration into the profile when `--into` is given, and prints what changed;
    /// returns whether it did (the measurement report is then not printed).
    func record(
        _ calibration: Calibration, screenshot: String, bytes: [UInt8], field: ColorField, catalog: Catalog, content: String
    ) throws -> Bool {
        let measurement = LayoutMeasurement(
            grid: calibration.grid.mapValues(\.pixels), slots: calibration.slots.map(\.id), screenshot: calibration.screenshot)
        return try record(measurement, screenshot: screenshot, bytes: bytes, field: field, catalog: catalog, content: content)
    }

    /// Records `measurement` into the profile when `--into` is given, and prints what changed;
    /// returns whether it did. `keepsScreenshot`: whether the screenshot is copied into the
    /// layout's calibration list.
    func record(
        _ measurement: LayoutMeasurement, screenshot: String, bytes: [UInt8], field: ColorField, catalog: Catalog, content: String,
        keepsScreenshot: Bool = true
    ) throws -> Bool {
        guard let device = into, let layout else { return false }
        let outcome: LayoutRecorder.Recording
        do {
            outcome = try LayoutRecorder.record(
                LayoutRecorder.Request(
                    content: content, catalog: catalog, device: device, layout: layout, measurement: measurement, screenshot: screenshot,
                    screenshotBytes: bytes, field: field, reference: ReferenceChoice(argument: reference), replace: replace,
                    keepsScreenshot: keepsScreenshot))
        } catch {
            throw CommandFailure(error)
        }
        printOut(RecordingText(outcome: outcome, screenshot: screenshot, content: content).render())
        return true
    }
}

import Calibrating
import Calibration
import Catalog
import Checks
import Foundation
import NativePNG
import SlotGeometry
import TestFolders
import Testing

/// `calibrate --into`'s recorder, in-process, on a copy of the bundled content: each step's
/// refusal, a layout recorded from its calibration screenshot, and the same screenshot again.
@Suite struct LayoutRecorderTests {
    static let sample = packageRoot.appendingPathComponent("content/calibration/iphone-16-pro-ios18-widgets-dark.png").path

    /// A copy of the bundled content, removed at the end of `body`.
    func withContent(_ body: (URL) throws -> Void) throws {
        try withTemporaryFolder("recorder") { folder in
            let content = folder.appendingPathComponent("content")
            try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("content"), to: content)
            try body(content)
        }
    }

    /// The request `calibrate SHOT --into DEVICE --layout LAYOUT` makes, measured as calibrate measures.
    func request(_ content: URL, shot: String = sample, device: String = "iphone-16-pro", layout: String = "ios18", reference: String? = nil)
        throws -> LayoutRecorder.Request
    {
        let catalog = Catalog.load(content: content.path)
        let bytes = try PNGRaster.readBytes(shot)
        let field = ColorField(try PNGRaster(decoding: bytes))
        let calibration = try Calibrator.calibrate(field, empty: nil, candidates: catalog.resolvedLayouts(matching: field.size))
        let measurement = LayoutMeasurement(
            grid: calibration.grid.mapValues(\.pixels), slots: calibration.slots.map(\.id), screenshot: calibration.screenshot)
        return LayoutRecorder.Request(
            content: content.path, catalog: catalog, device: device, layout: layout, measurement: measurement, screenshot: shot,
            screenshotBytes: bytes, field: field, reference: ReferenceChoice(argument: reference), replace: false)
    }

    /// Removes iphone-16-pro's ios18 layout from the copy's profile; returns the profile.
    func removeLayoutIOS18(_ content: URL) throws -> URL {
        let file = content.appendingPathComponent("devices/iphone-16-pro.md")
        let original = try String(contentsOf: file, encoding: .utf8)
        let start = try #require(original.range(of: "  ios18:\n"))
        let end = try #require(original.range(of: "  ios18-large-icons:\n"))
        try (String(original[..<start.lowerBound]) + String(original[end.lowerBound...])).write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    func failure(_ request: LayoutRecorder.Request) -> LayoutRecorder.Failure? {
        do {
            _ = try LayoutRecorder.record(request)
            return nil
        } catch {
            return error
        }
    }

    @Test func aRemovedLayoutComesBackAndTheSameScreenshotAgainChangesNothing() throws {
        try withContent { content in
            let file = try removeLayoutIOS18(content)

            let recording = try LayoutRecorder.record(
                try request(content, reference: "sample-2026=Backdrop's painted sample: backdrop samples iphone-16-pro --widgets ios18"))
            #expect(recording.edit.createsLayout)
            #expect(recording.copied == "calibration/iphone-16-pro-ios18-widgets-1.png")
            #expect(recording.diagnostics.filter { $0.severity == .error }.isEmpty)
            let copied = content.appendingPathComponent("calibration/iphone-16-pro-ios18-widgets-1.png")
            #expect(try Data(contentsOf: copied) == Data(contentsOf: URL(fileURLWithPath: Self.sample)))
            let catalog = Catalog.load(content: content.path)
            #expect(catalog.diagnostics.filter { $0.severity == .error }.isEmpty, "\(catalog.diagnostics.map(\.description))")
            let bundled = Catalog.load(content: packageRoot.appendingPathComponent("content").path)
            let slots = { (catalog: Catalog) in
                catalog.devices.first { $0.id == "iphone-16-pro" }?.layout(.ios18).map { $0.slots.map(\.rect) } ?? []
            }
            #expect(slots(catalog) == slots(bundled) && slots(bundled).count == 11)

            let edited = try String(contentsOf: file, encoding: .utf8)
            let again = try LayoutRecorder.record(try request(content, shot: copied.path))
            #expect(!again.edit.changesProfile)
            #expect(again.alreadyListed == "calibration/iphone-16-pro-ios18-widgets-1.png")
            #expect(try String(contentsOf: file, encoding: .utf8) == edited)
        }
    }

    /// `calibrate --transparent`: the numbers recorded, the screenshot neither copied nor listed,
    /// and the text says why.
    @Test func aScreenshotNotKeptIsNeitherCopiedNorListed() throws {
        try withContent { content in
            let file = try removeLayoutIOS18(content)
            let calibration = content.appendingPathComponent("calibration").path
            let before = try FileManager.default.contentsOfDirectory(atPath: calibration).sorted()

            var kept = try request(content, reference: "sample-2026=Backdrop's painted sample")
            kept.keepsScreenshot = false
            let recording = try LayoutRecorder.record(kept)
            #expect(recording.edit.createsLayout)
            #expect(recording.copied == nil)
            #expect(try FileManager.default.contentsOfDirectory(atPath: calibration).sorted() == before)
            let edited = try String(contentsOf: file, encoding: .utf8)
            #expect(!edited.contains("iphone-16-pro-ios18-widgets-1.png"))
            #expect(edited.contains("source: measured sample-2026"))
            let text = RecordingText(outcome: recording, screenshot: Self.sample, content: content.path).render()
            #expect(text.contains("is not kept as a calibration screenshot"))
        }
    }

    @Test func eachStepRefusesWithTheFileAndTheReasonAndWritesNothing() throws {
        try withContent { content in
            let before = try FileManager.default.contentsOfDirectory(atPath: content.appendingPathComponent("calibration").path).sorted()
            let profile = try String(contentsOf: content.appendingPathComponent("devices/iphone-16-pro.md"), encoding: .utf8)

            let notAnID = failure(try request(content, device: "iPhone 16"))
            #expect(notAnID?.reason.contains("is not a device id") == true)
            let missing = failure(try request(content, device: "iphone-99"))
            #expect(missing?.file.hasSuffix("devices/iphone-99.md") == true)
            #expect(missing?.reason.contains("known devices: ") == true)
            let layout = failure(try request(content, layout: "ios99"))
            #expect(layout?.reason.contains("unknown layout id `ios99`") == true)
            let otherScreen = packageRoot.appendingPathComponent("content/calibration/iphone-se-2nd-gen-ios18-large-icons-widgets-light.png").path
            let size = failure(try request(content, shot: otherScreen))
            #expect(size?.file == otherScreen)
            #expect(size?.reason.contains("is 750x1334 pixels") == true)

            #expect(try FileManager.default.contentsOfDirectory(atPath: content.appendingPathComponent("calibration").path).sorted() == before)
            #expect(try String(contentsOf: content.appendingPathComponent("devices/iphone-16-pro.md"), encoding: .utf8) == profile)
        }
    }
}

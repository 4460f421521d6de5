import Catalog
import Cropping
import Foundation
import NativePNG
import SampleScreens
import SlotGeometry
import Testing

/// `crop --measured-from` and `crop --widgets-from`, in-process: a painted pair measured and
/// cropped with its report written beside the crops, and the pairs refused before anything is
/// written (one file twice, two sizes, an output holding the report).
@Suite struct MeasuredCropTests {
    /// The painted empty page of the iPhone 16 Pro's ios18 layout and the same page with widgets
    /// on its six small slots, written into `scratch`.
    func pair(_ scratch: Scratch) throws -> (empty: String, placed: String, layout: ResolvedLayout) {
        let document = try #require(bundledCatalog.device("iphone-16-pro"))
        let layout = try #require(document.layout(.ios18))
        let rects = layout.slots.filter { $0.id.family == .small }.map(\.rect)
        let seed = SampleHomeScreen.seed(for: document.id)
        let empty = scratch.path("empty.png")
        let placed = scratch.path("placed.png")
        try PNGRaster.write(try SampleHomeScreen(screen: layout.screen, appearance: .light, seed: seed).render().encoded(), to: empty)
        try PNGRaster.write(
            try SampleHomeScreen(screen: layout.screen, appearance: .light, seed: seed, widgets: rects, widgetEdgeInset: 0.4).render().encoded(),
            to: placed)
        return (empty, placed, layout)
    }

    func run(_ empty: String, _ placed: String, out: String, force: Bool = false) throws(CropFailure) -> MeasuredCrop.Outcome {
        try MeasuredCrop.run(empty: empty, placed: placed, out: out, force: force, settings: .default, catalog: bundledCatalog, say: { _ in })
    }

    @Test func thePairIsMeasuredCroppedAndReportedAllTogether() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (empty, placed, layout) = try pair(scratch)
        let out = scratch.path("crops")
        let outcome = try run(empty, placed, out: out)

        let seen = outcome.report.slots.filter { $0.kind == "seen" }
        #expect(seen.count == 6, "the six small widgets: \(outcome.report.slots.map(\.id))")
        for slot in seen {
            #expect(slot.pixels == layout.slot(slot.id)?.rect, "\(slot.id.rawValue) is where the catalog has it")
        }
        #expect(outcome.report.match?.hasSuffix(" ios18") == true, "\(outcome.report.match ?? "no match")")
        #expect(scratch.files("crops") == (outcome.files + [MeasuredCrop.measurementFile]).sorted())
        #expect(try String(contentsOfFile: out + "/" + MeasuredCrop.measurementFile, encoding: .utf8) == outcome.json + "\n")
        #expect(outcome.text.hasPrefix("\(placed) against \(empty): 1206x2622, 6 widgets found; wrote and verified \(outcome.files.count) of"))
        #expect(outcome.text.contains("backdrop calibrate"), "how to record it")
        #expect(CropJob.Outcome.measured(outcome).text(json: true) == outcome.json)

        let again = #expect(throws: CropFailure.self) { try run(empty, placed, out: out) }
        #expect(again?.problems.first?.reason.contains("already holds \(outcome.files.count + 1) of the files this crop writes") == true)
    }

    @Test func oneFileGivenTwiceOrTwoSizesAreRefusedWithNothingWritten() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (empty, _, layout) = try pair(scratch)
        let twice = #expect(throws: CropFailure.self) { try run(empty, empty, out: scratch.path("twice")) }
        #expect(twice?.problems.first?.reason.hasPrefix("is the same file as the empty screenshot \(empty)") == true)

        let small = try scratch.screenshot(PixelSize(width: 1125, height: 2436), name: "small.png")
        let sizes = #expect(throws: CropFailure.self) { try run(empty, small, out: scratch.path("sizes")) }
        #expect(sizes?.problems.count == 1)

        let image = try PNGRaster(contentsOfFile: empty)
        let widgets = #expect(throws: CropFailure.self) {
            try WidgetCheckCrop.run(
                empty: empty, emptyImage: image, home: small, device: "iphone-16-pro", layout: layout, out: scratch.path("widgets"), force: false,
                settings: .default)
        }
        #expect(widgets?.problems.count == 1)
        let same = #expect(throws: CropFailure.self) {
            try WidgetCheckCrop.run(
                empty: empty, emptyImage: image, home: empty, device: "iphone-16-pro", layout: layout, out: scratch.path("widgets"), force: false,
                settings: .default)
        }
        #expect(same?.problems.first?.reason.hasPrefix("is the same file as the empty screenshot") == true)
        #expect(["twice", "sizes", "widgets"].allSatisfy { scratch.files($0) == nil })
    }
}

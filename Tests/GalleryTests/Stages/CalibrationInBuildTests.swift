import Catalog
import Foundation
import Gallery
import NativePNG
import SampleScreens
import SlotGeometry
import Testing

@Suite struct CalibrationInBuildTests {
    /// Adds a calibration screenshot of the 4-inch SE's ios14 layout with widgets moved by `shift`.
    func content(shift: Int) throws -> SmallContent {
        let small = try SmallContent()
        let catalog = Catalog.load(content: small.content.path)
        let layout = catalog.device("iphone-se-1st-gen")!.profile.resolvedLayouts[0]
        let widgets = [SlotID.smallTopLeft, .smallTopRight, .smallMiddleLeft].map { id in
            var rect = layout.slot(id)!.rect
            rect.y += shift
            return rect
        }
        let image = SampleHomeScreen(screen: layout.screen, appearance: .light, seed: 2, widgets: widgets, widgetEdgeInset: 0.4).render()
        try FileManager.default.createDirectory(at: small.content.appendingPathComponent("calibration"), withIntermediateDirectories: true)
        try PNGRaster.write(try image.encoded(), to: small.content.appendingPathComponent("calibration/se.png").path)
        let profile = small.content.appendingPathComponent("devices/iphone-se-1st-gen.md")
        let text = try String(contentsOf: profile, encoding: .utf8)
            .replacingOccurrences(of: "  ios14:\n", with: "  ios14:\n    calibration: [calibration/se.png]\n")
        try text.write(to: profile, atomically: true, encoding: .utf8)
        return small
    }

    @Test func aMatchingCalibrationIsReportedOnTheDevicePage() throws {
        let small = try content(shift: 0)
        defer { small.remove() }
        _ = try small.build()
        let page = try String(contentsOf: small.output.appendingPathComponent("devices/iphone-se-1st-gen/index.html"), encoding: .utf8)
        #expect(page.contains("calibration/se.png: 3 widgets measured, every edge within 0 px of the layout"))
    }

    @Test func aLayoutThatDisagreesWithItsCalibrationFailsTheBuild() throws {
        let small = try content(shift: 3)
        defer { small.remove() }
        do {
            _ = try small.build()
            Issue.record("a layout 3 px off its calibration was accepted")
        } catch {
            let errors = error.diagnostics.filter { $0.code == "C010" }
            #expect(errors.count == 3, "\(error.diagnostics)")
            let topLeft = try #require(errors.first { $0.slot == .smallTopLeft })
            #expect(topLeft.description.contains("iphone-se-1st-gen.md:14: error[C010] iphone-se-1st-gen ios14 small-top-left: calibration"))
            #expect(
                topLeft.message.hasSuffix(
                    "measures small-top-left at 282x282+28+63, but the layout has 282x282+28+60 (top off by 3 px, bottom off by 3 px)"))
        }
    }
}

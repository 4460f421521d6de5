import Calibration
import Catalog
import Foundation
import NativePNG
import SampleScreens
import SlotGeometry
import Testing

@Suite struct CalibrationErrorTests {
    @Test func noWidgets() throws {
        let scene = Scene(device: "iphone-se-1st-gen", layout: .ios14, slots: [])
        #expect(throws: CalibrationError.noWidgets) { try Calibrator.calibrate(scene.render(widgets: false)) }
    }

    /// One picture given as both screenshots (the same file twice, or a copy) is said to be that,
    /// by every way in: not "no widgets", which sends a person to retake a good screenshot.
    @Test func theSameImageTwice() throws {
        let scene = Scene(device: "iphone-se-1st-gen", layout: .ios14, slots: [.smallTopLeft, .smallTopRight])
        for image in [scene.render(), scene.render(widgets: false)] {
            #expect(throws: CalibrationError.identicalImages) { try Calibrator.calibrate(image, empty: image) }
            let field = ColorField(size: image.size, rgb: image.normalizedRGB())
            #expect(throws: CalibrationError.identicalImages) { try MeasuredLayout.measure(placed: field, empty: field) }
        }
        #expect(
            CalibrationError.identicalImages.description.hasPrefix("the screenshot with widgets and the empty-page screenshot are identical images"))
    }

    @Test func emptyPageOfAnotherSize() throws {
        let small = Scene(device: "iphone-se-1st-gen", layout: .ios14, slots: [.smallTopLeft]).render()
        let other = Scene(device: "iphone-se-2nd-gen", layout: .ios14, slots: []).render(widgets: false)
        #expect(throws: CalibrationError.differentSizes(shot: small.size, empty: other.size)) { try Calibrator.calibrate(small, empty: other) }
    }

    @Test func aLayoutOfAnotherScreenIsRefused() throws {
        let shot = Scene(device: "iphone-se-1st-gen", layout: .ios14, slots: [.smallTopLeft]).render()
        let other = Scene(device: "iphone-se-2nd-gen", layout: .ios14, slots: []).resolved
        let error = CalibrationError.notTheLayoutsScreen(shot: shot.size, device: "iphone-se-2nd-gen", layout: .ios14, screen: other.screen.pixels)
        #expect(throws: error) { try Calibrator.calibrate(shot, candidates: [("iphone-se-2nd-gen", other)]) }
        #expect(error.description == "the screenshot is 640x1136 but the iphone-se-2nd-gen ios14 layout's screen is 750x1334")
    }

    @Test func widgetsOffTheGrid() throws {
        let screen = Screen(width: 320, height: 568, scale: 2)
        let widgets = [
            PixelRect(x: 28, y: 60, width: 282, height: 282), PixelRect(x: 28, y: 400, width: 282, height: 282),
            PixelRect(x: 40, y: 740, width: 282, height: 282),
        ]
        let image = SampleHomeScreen(screen: screen, appearance: .light, seed: 5, widgets: widgets).render()
        do {
            _ = try Calibrator.calibrate(image)
            Issue.record("widgets 12 px off the column were accepted")
        } catch {
            #expect(error.description.hasPrefix("the widgets are not on one grid: left differs by 12 px"), "\(error)")
        }
    }

    @Test func aScreenshotOfUnknownSizeIsStillMeasured() throws {
        let screen = Screen(width: 300, height: 640, scale: 2)
        let widgets = [PixelRect(x: 30, y: 80, width: 250, height: 250), PixelRect(x: 320, y: 80, width: 250, height: 250)]
        let image = SampleHomeScreen(screen: screen, appearance: .dark, seed: 6, widgets: widgets, widgetEdgeInset: 0.5).render()
        let calibration = try Calibrator.calibrate(image)
        #expect(calibration.slots.map(\.id) == [.smallTopLeft, .smallTopRight])
        #expect(calibration.comparisons.isEmpty)
        #expect(calibration.notes.contains { $0.hasPrefix("no layout in the catalog has 600x1280 screenshots") })
        #expect(calibration.notes.contains { $0.hasPrefix("the rows were named top to bottom") })
    }
}

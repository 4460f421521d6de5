import Calibration
import Catalog
import Foundation
import NativePNG
import SampleScreens
import SlotGeometry
import Testing

@Suite struct CalibrationAccuracyTests {
    static let scenes: [Scene] = [
        Scene(device: "iphone-se-1st-gen", layout: .ios14, slots: SlotID.allCases.filter { $0.family == .small && $0.row != .bottom }),
        Scene(device: "iphone-se-2nd-gen", layout: .ios18LargeIcons, slots: SlotID.allCases.filter { $0.family == .small }, appearance: .dark),
        Scene(device: "iphone-11", layout: .ios14Zoom, slots: [.mediumTop, .largeBottom], edgeInset: 0.7),
        Scene(
            device: "iphone-12-mini", layout: .ios18Zoom, slots: [.smallTopRight, .smallBottomLeft, .mediumMiddle], appearance: .dark, edgeInset: 0.25
        ),
        Scene(device: "iphone-16-pro", layout: .ios18, slots: SlotID.allCases.filter { $0.family == .small }, edgeInset: 0),
        Scene(device: "iphone-8-plus", layout: .ios14Zoom, slots: [.largeTop, .smallBottomLeft, .smallBottomRight], edgeInset: 0.5),
    ]

    @Test(arguments: scenes.indices)
    func findsEveryWidgetWithinOnePixelWithoutAnEmptyPage(_ index: Int) throws {
        let scene = Self.scenes[index]
        let calibration = try Calibrator.calibrate(scene.render(), candidates: scene.candidates)
        expectWithinOnePixel(calibration, scene.truth, "\(scene.device) \(scene.layout)")
        #expect(calibration.match?.device == scene.device && calibration.match?.layout == scene.layout, "\(calibration.comparisons)")
    }

    @Test(arguments: scenes.indices)
    func findsEveryWidgetByDifferenceWithNoiseAndLabels(_ index: Int) throws {
        let scene = Self.scenes[index]
        let shot = labelled(noisy(scene.render(), amplitude: 3), under: Array(scene.truth.values))
        let empty = noisy(scene.render(widgets: false), amplitude: 3, seed: 4)
        let calibration = try Calibrator.calibrate(shot, empty: empty, candidates: scene.candidates)
        expectWithinOnePixel(calibration, scene.truth, "\(scene.device) \(scene.layout) with noise and labels")
    }

    @Test func measuresWhatIsThereNotWhatTheCatalogSays() throws {
        var scene = Scene(device: "iphone-11", layout: .ios14, slots: SlotID.allCases.filter { $0.family == .small })
        scene.shift = (x: 3, y: -7)
        let calibration = try Calibrator.calibrate(scene.render(), candidates: scene.candidates)
        expectWithinOnePixel(calibration, scene.truth, "shifted")
        #expect(calibration.grid[.left]?.pixels == 58)
        #expect(calibration.grid[.top]?.pixels == 152)
        #expect(calibration.match == nil, "7 px off is no match")
        let ios14 = try #require(calibration.comparisons.first { $0.layout == .ios14 })
        #expect(ios14.maxDeviation == 7)
    }

    @Test func sixteenBitScreenshots() throws {
        let scene = Scene(device: "iphone-se-2nd-gen", layout: .ios14, slots: [.smallTopLeft, .smallMiddleRight, .mediumBottom], edgeInset: 0.3)
        let calibration = try Calibrator.calibrate(sixteenBit(scene.render()), candidates: scene.candidates)
        expectWithinOnePixel(calibration, scene.truth, "16-bit")
    }

    @Test func reportsSizesAndGridWithTheirAgreement() throws {
        let scene = Scene(device: "iphone-se-1st-gen", layout: .ios14, slots: [.smallTopLeft, .smallTopRight, .mediumMiddle], edgeInset: 0)
        let calibration = try Calibrator.calibrate(scene.render(), candidates: scene.candidates)
        let smallWidth = try #require(calibration.grid[.smallWidth])
        #expect(smallWidth.pixels == 282 && smallWidth.spread == 0 && smallWidth.count == 2)
        #expect(calibration.grid[.mediumWidth]?.pixels == 584)
        let left = try #require(calibration.grid[.left])
        #expect(left.pixels == 28 && left.spread == 0 && left.count == 2)
        #expect(calibration.grid[.right]?.pixels == 330)
        #expect(calibration.grid[.top]?.pixels == 60 && calibration.grid[.middle]?.pixels == 400)
        #expect(calibration.edgeWidth < 1.5, "hard edges")
    }
}

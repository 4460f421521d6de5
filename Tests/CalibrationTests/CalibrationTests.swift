import Calibration
import Catalog
import Foundation
import PNGImage
import SampleScreens
import SlotGeometry
import Testing

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let catalog = Catalog.load(content: packageRoot.appendingPathComponent("content").path)

extension Calibrator {
    /// Calibrates decoded images: the calibrator reads colour fields, the tests make PNG images.
    static func calibrate(_ shot: PNGImage, empty: PNGImage? = nil, candidates: [Candidate] = []) throws(CalibrationError) -> Calibration {
        func field(_ image: PNGImage) -> ColorField { ColorField(size: image.size, rgb: image.normalizedRGB()) }
        return try calibrate(field(shot), empty: empty.map(field), candidates: candidates)
    }
}

/// A rendered page with widgets at known rectangles, and ways to make it harder.
struct Scene {
    var device: String
    var layout: LayoutKind
    var slots: [SlotID]
    var appearance: Appearance = .light
    var edgeInset: Float = 0.4
    /// Moves every widget by this many pixels, so that the truth is not the catalog's numbers.
    var shift = (x: 0, y: 0)

    var resolved: ResolvedLayout {
        catalog.device(device)!.profile.resolvedLayouts.first { $0.kind == layout }!
    }

    var truth: [SlotID: PixelRect] {
        Dictionary(
            uniqueKeysWithValues: slots.map { id in
                var rect = resolved.slot(id)!.rect
                rect.x += shift.x
                rect.y += shift.y
                return (id, rect)
            })
    }

    func render(widgets: Bool = true) -> PNGImage {
        SampleHomeScreen(
            screen: resolved.screen, appearance: appearance, seed: SampleHomeScreen.seed(for: device),
            widgets: widgets ? slots.map { truth[$0]! } : [], widgetEdgeInset: edgeInset
        ).render()
    }

    var candidates: [Calibrator.Candidate] {
        catalog.devices.flatMap { document in
            document.profile.resolvedLayouts.filter { $0.screen.pixels == resolved.screen.pixels }.map { (document.id, $0) }
        }
    }
}

/// Adds deterministic noise of up to ±amplitude levels to every sample.
func noisy(_ image: PNGImage, amplitude: Int, seed: UInt64 = 9) -> PNGImage {
    var copy = image
    var state = seed | 1
    for index in copy.pixels.indices {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let delta = Int(state >> 59) % (2 * amplitude + 1) - amplitude
        copy.pixels[index] = UInt8(max(0, min(255, Int(copy.pixels[index]) + delta)))
    }
    return copy
}

/// Draws white "labels" under each widget and a thin annotation line across the page, as on
/// real screenshots people annotate.
func labelled(_ image: PNGImage, under rects: [PixelRect]) -> PNGImage {
    var copy = image
    func paint(_ x: Int, _ y: Int) {
        guard x >= 0, y >= 0, x < copy.width, y < copy.height else { return }
        let index = (y * copy.width + x) * 3
        copy.pixels[index] = 250
        copy.pixels[index + 1] = 250
        copy.pixels[index + 2] = 250
    }
    for rect in rects {
        for y in (rect.maxY + 18)..<(rect.maxY + 34) {
            for x in (rect.x + rect.width / 3)..<(rect.maxX - rect.width / 3) where (x / 7) % 3 != 0 { paint(x, y) }
        }
    }
    let lineY = rects.first.map { $0.y + $0.height / 2 } ?? 0
    for x in 0..<copy.width {
        paint(x, lineY)
        paint(x, lineY + 1)
    }
    return copy
}

/// The same picture with 16-bit samples.
func sixteenBit(_ image: PNGImage) -> PNGImage {
    PNGImage(
        width: image.width, height: image.height, format: PNGFormat(colorType: .rgb, bitDepth: 16),
        pixels: image.pixels.flatMap { [$0, UInt8(truncatingIfNeeded: Int($0) * 3)] }, color: image.color)
}

func expectWithinOnePixel(_ calibration: Calibration, _ truth: [SlotID: PixelRect], _ context: String) {
    #expect(Set(calibration.slots.map(\.id)) == Set(truth.keys), "\(context): found \(calibration.slots.map(\.id.rawValue))")
    for (id, measured) in calibration.slots {
        guard let expected = truth[id] else { continue }
        let edges = [measured.x - expected.x, measured.y - expected.y, measured.maxX - expected.maxX, measured.maxY - expected.maxY]
        #expect(edges.allSatisfy { abs($0) <= 1 }, "\(context) \(id.rawValue): \(measured) vs \(expected)")
    }
}

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
        #expect(calibration.grid[.smallWidth] == MeasuredNumber(pixels: 282, spread: 0, count: 2))
        #expect(calibration.grid[.mediumWidth]?.pixels == 584)
        #expect(calibration.grid[.left] == MeasuredNumber(pixels: 28, spread: 0, count: 2))
        #expect(calibration.grid[.right]?.pixels == 330)
        #expect(calibration.grid[.top]?.pixels == 60 && calibration.grid[.middle]?.pixels == 400)
        #expect(calibration.edgeWidth < 1.5, "hard edges")
    }
}

@Suite struct CalibrationErrorTests {
    @Test func noWidgets() throws {
        let scene = Scene(device: "iphone-se-1st-gen", layout: .ios14, slots: [])
        #expect(throws: CalibrationError.noWidgets) { try Calibrator.calibrate(scene.render(widgets: false)) }
        #expect(throws: CalibrationError.noWidgets) {
            try Calibrator.calibrate(scene.render(widgets: false), empty: scene.render(widgets: false))
        }
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

@Suite struct EdgeOffsetsTests {
    @Test func comparesEveryEdgeAndPicksTheFirstOfTheLargest() {
        let offsets = EdgeOffsets(
            measured: PixelRect(x: 30, y: 58, width: 282, height: 284), listed: PixelRect(x: 28, y: 60, width: 282, height: 282))
        #expect(offsets.edges.map(\.edge) == [.left, .top, .right, .bottom])
        #expect(offsets.edges.map(\.pixels) == [2, -2, 2, 0])
        #expect(offsets.largest.edge == .left && offsets.largest.measured == 30 && offsets.largest.listed == 28)
        #expect(offsets.disagreeing.map(\.edge) == [.left, .top, .right])
    }

    @Test func withinOnePixelAgrees() {
        let offsets = EdgeOffsets(
            measured: PixelRect(x: 29, y: 60, width: 281, height: 283), listed: PixelRect(x: 28, y: 60, width: 282, height: 282))
        #expect(offsets.disagreeing.isEmpty)
        #expect(abs(offsets.largest.pixels) == EdgeOffsets.tolerance)
    }
}

@Suite struct BundledCalibrationTests {
    @Test func everyBundledWidgetSampleReproducesItsLayout() throws {
        var checked = 0
        for document in catalog.devices {
            for (kind, references) in document.calibrations {
                let layout = try #require(document.layout(kind))
                let candidates = catalog.devices.flatMap { other in
                    other.layouts.filter { $0.screen.pixels == layout.screen.pixels }.map { (other.id, $0) }
                }
                for reference in references {
                    let path = reference.path
                    let calibration = try Calibrator.calibrate(try PNGImage(contentsOfFile: path), candidates: candidates)
                    #expect(calibration.match?.device == document.id && calibration.match?.layout == kind, "\(path): \(calibration.comparisons)")
                    for (id, rect) in calibration.slots {
                        #expect(layout.slot(id)?.rect == rect, "\(path) \(id)")
                    }
                    // Nothing that may be a widget was thrown away (app icons and the dock may be).
                    let lost = calibration.rejected.filter { $0.reason.mayBeAWidget }
                    #expect(lost.isEmpty, "\(path): \(lost)")
                    checked += 1
                }
            }
        }
        #expect(checked == 10)
    }
}

@Suite struct SizesOnlyComparisonTests {
    @Test func layoutsThatKnowOnlySizesAreComparedBySize() throws {
        let scene = Scene(device: "iphone-16-pro", layout: .ios26, slots: [.smallTopLeft, .smallTopRight], edgeInset: 0)
        let calibration = try Calibrator.calibrate(scene.render(), candidates: scene.candidates)
        let ios18 = try #require(calibration.comparisons.first { $0.layout == .ios18 })
        #expect(ios18.compared == 2 && !ios18.matches, "ios18 has positions and they differ")
        let ios26 = try #require(calibration.comparisons.first { $0.layout == .ios26 })
        #expect(ios26.matches, "the iOS 26 layout of this device has (derived) positions: \(ios26)")
    }

    @Test func sizesAreComparedWhenPositionsAreUnknown() throws {
        let air = catalog.device("iphone-air")!.profile.resolvedLayouts[0]
        let widgets = [PixelRect(x: 80, y: 280, width: 518, height: 518), PixelRect(x: 662, y: 280, width: 518, height: 518)]
        let image = SampleHomeScreen(screen: air.screen, appearance: .light, seed: 1, widgets: widgets).render()
        let calibration = try Calibrator.calibrate(image, candidates: [("iphone-air", air)])
        let comparison = try #require(calibration.comparisons.first)
        #expect(comparison.compared == 0)
        #expect(comparison.sizeDeviation == 0)
        #expect(calibration.grid[.left]?.pixels == 80 && calibration.grid[.right]?.pixels == 662 && calibration.grid[.top]?.pixels == 280)
    }
}

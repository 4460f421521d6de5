import Calibration
import Catalog
import Foundation
import NativePNG
import SampleScreens
import SlotGeometry
import TestFolders
import Testing

let catalog = Catalog.load(content: packageRoot.appendingPathComponent("content").path)

extension Calibrator {
    /// Calibrates decoded images: the calibrator reads colour fields, the tests make PNG images.
    static func calibrate(_ shot: PNGRaster, empty: PNGRaster? = nil, candidates: [Candidate] = []) throws(CalibrationError) -> Calibration {
        func field(_ image: PNGRaster) -> ColorField { ColorField(size: image.size, rgb: image.normalizedRGB()) }
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

    func render(widgets: Bool = true) -> PNGRaster {
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
func noisy(_ image: PNGRaster, amplitude: Int, seed: UInt64 = 9) -> PNGRaster {
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
func labelled(_ image: PNGRaster, under rects: [PixelRect]) -> PNGRaster {
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
func sixteenBit(_ image: PNGRaster) -> PNGRaster {
    PNGRaster(
        width: image.width, height: image.height, format: PNGFormat(colorType: .rgb, bitDepth: 16),
        pixels: image.pixels.flatMap { [$0, UInt8(truncatingIfNeeded: Int($0) * 3)] }, colorChunks: image.colorChunks)
}

func expectWithinOnePixel(_ calibration: Calibration, _ truth: [SlotID: PixelRect], _ context: String) {
    #expect(Set(calibration.slots.map(\.id)) == Set(truth.keys), "\(context): found \(calibration.slots.map(\.id.rawValue))")
    for (id, measured) in calibration.slots {
        guard let expected = truth[id] else { continue }
        let edges = [measured.x - expected.x, measured.y - expected.y, measured.maxX - expected.maxX, measured.maxY - expected.maxY]
        #expect(edges.allSatisfy { abs($0) <= 1 }, "\(context) \(id.rawValue): \(measured) vs \(expected)")
    }
}

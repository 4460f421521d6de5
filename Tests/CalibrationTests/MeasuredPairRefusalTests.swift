import Calibration
import Foundation
import NativePNG
import SlotGeometry
import Testing

/// A pair of screenshots that cannot give crops is refused, from the pixels, by the one core the
/// command line, the page and the app library share: the two given the wrong way round, and
/// widgets off the grid. The pairs are the independently painted scenes (`Painted/`).
@Suite struct MeasuredPairRefusalTests {
    static let pairs = PaintedScene.all.filter { $0.empty != nil }

    static func field(_ image: PNGRaster) -> ColorField { ColorField(size: image.size, rgb: image.normalizedRGB()) }

    @Test(arguments: pairs)
    func aPairGivenTheWrongWayRoundIsRefusedAndTheRightWayIsNot(scene: PaintedScene) throws {
        let placed = Self.field(try scene.image(scene.screenshot))
        let empty = Self.field(try scene.image(try #require(scene.empty)))
        let candidates = scene.candidates(for: placed.size)
        _ = try MeasuredLayout.measure(placed: placed, empty: empty, candidates: candidates)
        #expect(throws: CalibrationError.swappedPair) {
            _ = try MeasuredLayout.measure(placed: empty, empty: placed, candidates: candidates)
        }
    }

    /// The top-right small widget of a painted pair moved 24 px left of its column, the strip it
    /// leaves showing the empty page: the columns' margins differ (G006), so no crop is made, with
    /// a catalog to compare with or without.
    @Test func aWidgetOffTheGridIsRefused() throws {
        let scene = try #require(PaintedScene.all.first { $0.name == "glass-16pro-ios26" })
        let placedImage = try scene.image(scene.screenshot)
        let emptyImage = try scene.image(try #require(scene.empty))
        let widget = try #require(scene.widgets.first { $0.slot == "small-top-right" }).pixels
        let placedRGB = placedImage.normalizedRGB()
        var rgb = placedRGB
        let emptyRGB = emptyImage.normalizedRGB()
        let width = placedImage.size.width
        let shift = 24
        for y in widget.y..<widget.maxY {
            for x in (widget.x - shift)..<widget.maxX {
                let target = (y * width + x) * 3
                let inWidget = x < widget.maxX - shift
                let source = inWidget ? (y * width + x + shift) * 3 : target
                for channel in 0..<3 {
                    rgb[target + channel] = inWidget ? placedRGB[source + channel] : emptyRGB[target + channel]
                }
            }
        }
        let placed = ColorField(size: placedImage.size, rgb: rgb)
        let empty = Self.field(emptyImage)
        for candidates in [scene.candidates(for: placed.size), []] {
            do {
                _ = try MeasuredLayout.measure(placed: placed, empty: empty, candidates: candidates)
                Issue.record("an off-grid widget was accepted (\(candidates.count) candidates)")
            } catch {
                guard case .offGrid(let findings) = error else {
                    Issue.record("\(error)")
                    continue
                }
                #expect(findings.contains { $0.check.code == "G006" }, "\(findings)")
                #expect(error.description.contains("left margin is 79 px but right margin is 102 px"), "\(error)")
            }
        }
    }

    /// Without a catalog layout of the screenshot's size the rows seen are named by order, so a
    /// large widget on the page's middle and bottom rows is called large-top: no large widget is
    /// implied from the second row seen, which would run into the dock.
    @Test func rowsNamedByOrderImplyNothingBelowTheSecondRowSeen() throws {
        let scene = try #require(PaintedScene.all.first { $0.name == "one-large-photo-12promax" })
        let placed = Self.field(try scene.image(scene.screenshot))
        let empty = Self.field(try scene.image(try #require(scene.empty)))
        let (calibration, layout) = try MeasuredLayout.measure(placed: placed, empty: empty, candidates: [])
        #expect(calibration.rowsNamedByOrder)
        #expect(!layout.slots.contains { $0.id == .largeBottom })
        let reason = try #require(layout.undetermined.first { $0.id == .largeBottom }?.reason)
        #expect(reason.contains("what lies below the second row seen is not known"))
        for slot in layout.slots { #expect(slot.rect.maxY <= placed.height, "\(slot.id)") }
        // With the catalog, the rows are named: the widget is the large-bottom one it is.
        let (named, withCatalog) = try MeasuredLayout.measure(placed: placed, empty: empty, candidates: scene.candidates(for: placed.size))
        #expect(!named.rowsNamedByOrder)
        #expect(withCatalog.slots.contains { $0.id == .largeBottom && $0.kind == .seen })
    }
}

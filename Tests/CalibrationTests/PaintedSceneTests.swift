import Calibration
import Foundation
import NativePNG
import SlotGeometry
import TestFolders
import Testing

/// One scene painted by `Painted/paint_scenes.py` with Pillow and numpy, independently of
/// Backdrop's own painter (SampleScreens): a home-screen page with widgets at known rectangles,
/// clutter (labels, lines, icons, the dock, the search pill or page dots) and degradations, in one
/// of eight PNG formats, as `Painted/scenes.json` describes it.
struct PaintedScene: Decodable, Sendable, CustomTestStringConvertible {
    struct Widget: Decodable, Sendable {
        var slot: String
        /// The exact rectangle painted: x, y, width, height.
        var rect: [Int]
        var style: String

        var pixels: PixelRect { PixelRect(x: rect[0], y: rect[1], width: rect[2], height: rect[3]) }
    }

    var name: String
    var device: String
    var layout: String
    var screenshot: String
    var empty: String?
    var format: String
    var emptyFormat: String?
    var features: [String]
    var expectedMatch: [String]
    var widgets: [Widget]

    var testDescription: String { name }

    static let folder = packageRoot.appendingPathComponent("Tests/CalibrationTests/Painted")

    private struct File: Decodable {
        var formats: [String: String]
        var scenes: [PaintedScene]
    }

    private static let file: File = {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return try decoder.decode(File.self, from: Data(contentsOf: folder.appendingPathComponent("scenes.json")))
        } catch {
            fatalError("Painted/scenes.json cannot be read: \(error)")
        }
    }()

    static var all: [PaintedScene] { file.scenes }
    /// The PNG formats the scenes come in, by name, as scenes.json lists them.
    static var formats: [String: String] { file.formats }

    func image(_ file: String) throws -> PNGRaster { try PNGRaster(contentsOfFile: Self.folder.appendingPathComponent(file).path) }

    /// The catalog's layouts for screenshots of this size.
    func candidates(for size: PixelSize) -> [Calibrator.Candidate] {
        catalog.devices.flatMap { document in document.layouts.filter { $0.screen.pixels == size }.map { (document.id, $0) } }
    }

    /// Clutter the screenshot shows that is big enough to be a candidate region and must come out
    /// rejected: app icons (never on the empty page) and, without an empty page, the dock.
    var clutterToReject: [String] { features.filter { $0 == "app-icons" || (empty == nil && $0 == "dock") } }
}

/// The area two rectangles share, in pixels.
func overlapArea(_ a: PixelRect, _ b: PixelRect) -> Int {
    max(0, min(a.maxX, b.maxX) - max(a.x, b.x)) * max(0, min(a.maxY, b.maxY) - max(a.y, b.y))
}

/// Whether a decoded image is in the format a scene names (see `formats` in scenes.json).
func isInFormat(_ image: PNGRaster, _ name: String) -> Bool {
    let format = image.format
    switch name {
    case "rgb8": return format == PNGFormat(colorType: .rgb, bitDepth: 8) && !image.wasInterlaced && image.colorChunks.isEmpty
    case "rgba8": return format == PNGFormat(colorType: .rgba, bitDepth: 8)
    case "rgb16": return format == PNGFormat(colorType: .rgb, bitDepth: 16)
    case "rgb8-interlaced": return format == PNGFormat(colorType: .rgb, bitDepth: 8) && image.wasInterlaced
    case "rgb8-srgb": return format == PNGFormat(colorType: .rgb, bitDepth: 8) && image.colorChunks.contains { $0.name == "sRGB" }
    case "rgb8-p3": return format == PNGFormat(colorType: .rgb, bitDepth: 8) && image.colorProfileName != nil
    case "palette": return format.colorType == .palette && !image.palette.isEmpty
    case "grey": return format == PNGFormat(colorType: .grey, bitDepth: 8)
    default: return false
    }
}

@Suite struct PaintedSceneTests {
    /// Every scene, decoded from its own PNG format and calibrated (by difference where it has an
    /// empty page): every painted widget is found in its slot with every edge within 1 px, nothing
    /// else is taken for a widget, the right layout matches, and clutter comes out as rejected
    /// regions that say where they are and why.
    @Test(arguments: PaintedScene.all)
    func findsEveryPaintedWidgetWithinOnePixel(_ scene: PaintedScene) throws {
        let shot = try scene.image(scene.screenshot)
        #expect(isInFormat(shot, scene.format), "\(scene.screenshot) is \(shot.format), not \(scene.format)")
        let empty = try scene.empty.map { try scene.image($0) }
        if let empty, let format = scene.emptyFormat {
            #expect(isInFormat(empty, format), "\(scene.empty ?? "") is \(empty.format), not \(format)")
        }
        let calibration = try Calibrator.calibrate(shot, empty: empty, candidates: scene.candidates(for: shot.size))

        let truth = Dictionary(uniqueKeysWithValues: scene.widgets.map { (SlotID(rawValue: $0.slot)!, $0.pixels) })
        let found = Dictionary(uniqueKeysWithValues: calibration.slots.map { ($0.id, $0.rect) })
        for (id, rect) in truth.sorted(by: { $0.key < $1.key }) {
            guard let measured = found[id] else {
                Issue.record("\(scene.name): \(id.rawValue) at \(rect) was not found; rejected: \(calibration.rejected)")
                continue
            }
            let off = EdgeOffsets(measured: measured, listed: rect).disagreeing
            #expect(off.isEmpty, "\(scene.name) \(id.rawValue): \(measured) vs painted \(rect)")
        }
        let extra = calibration.slots.filter { truth[$0.id] == nil }
        #expect(extra.isEmpty, "\(scene.name): not painted: \(extra.map { "\($0.id.rawValue) \($0.rect)" })")
        #expect(calibration.footprints.count == scene.widgets.count)
        let match = calibration.match.map { "\($0.device) \($0.layout.rawValue)" }
        #expect(match.map(scene.expectedMatch.contains) == true, "\(scene.name) matched \(match ?? "nothing")")

        // Rejected regions: each where it is and why, none over a painted widget (beyond the
        // 4-pixel cells regions are found on).
        for region in calibration.rejected {
            #expect(region.rect.isInside(shot.size), "\(region)")
            let overlap = truth.values.map { overlapArea($0, region.rect) }.max() ?? 0
            #expect(overlap * 2 < region.rect.width * region.rect.height, "\(scene.name): \(region) lies on a widget")
            #expect(region.description.hasPrefix("region at \(region.rect.x),\(region.rect.y) \(region.rect.width)×\(region.rect.height) rejected: "))
        }
        let lost = calibration.rejected.filter { $0.reason.mayBeAWidget }
        #expect(lost.isEmpty, "\(scene.name): rejected regions that may be widgets: \(lost)")
        if !scene.clutterToReject.isEmpty {
            #expect(!calibration.rejected.isEmpty, "\(scene.name) has \(scene.clutterToReject) but nothing was rejected")
        }
        if scene.features.contains("app-icons") {
            #expect(calibration.rejected.contains { if case .tooSmall = $0.reason { true } else { false } }, "app icons are too small")
        }
    }

    /// Between them, the scenes decode every format scenes.json names, through PNGRaster, to the
    /// calibrator.
    @Test func theScenesCoverEveryFormat() throws {
        let used = Set(PaintedScene.all.flatMap { [$0.format] + ($0.emptyFormat.map { [$0] } ?? []) })
        #expect(used == Set(PaintedScene.formats.keys))
        #expect(Set(PaintedScene.formats.keys).isSuperset(of: ["rgb8", "rgb16", "palette", "grey", "rgb8-p3", "rgb8-srgb"]))
        #expect(PaintedScene.all.count >= 12)
    }

    /// The notes say which columns and rows no widget measured.
    @Test func saysWhichRowsWereNotMeasured() throws {
        let scene = try #require(PaintedScene.all.first { $0.name == "one-small-12mini-zoom-interlaced" })
        let shot = try scene.image(scene.screenshot)
        let calibration = try Calibrator.calibrate(shot, empty: try scene.image(scene.empty!), candidates: scene.candidates(for: shot.size))
        #expect(
            calibration.notes.contains(
                "columns from 1 widget (right 1), rows from 1 (middle 1); not measured (no widget found starts there): the left column, the top and bottom rows"
            ), "\(calibration.notes)")
    }
}

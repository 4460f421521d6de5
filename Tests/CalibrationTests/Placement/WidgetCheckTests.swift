import Calibration
import Foundation
import NativePNG
import SlotGeometry
import TestFolders
import Testing

/// One "check my widgets" scene painted by `WidgetScenes/paint_fixtures.py` with the independent
/// painter `widget_scenes.py` (numpy and Pillow): the empty page, the home screen with transparent
/// widgets drawn off their slots by known offsets, and what the check must answer.
struct WidgetScene: Decodable, Sendable, CustomTestStringConvertible {
    struct Expect: Decodable, Sendable {
        /// Per slot: [dx, dy], null where the wallpaper cannot tell.
        var widgets: [String: [Int?]]?
        var error: String?
    }

    /// A widget painted: its slot and its offset d = S − R.
    struct Painted: Decodable, Sendable {
        var slot: String
        var d: [Int]
    }

    var name: String
    var empty: String
    var home: String
    var widgets: [Painted]
    var expect: Expect

    var testDescription: String { name }

    static let folder = packageRoot.appendingPathComponent("Tests/CalibrationTests/WidgetScenes")

    private struct File: Decodable {
        var slots: [String: [Int]]
        var scenes: [WidgetScene]
    }

    private static let file: File = {
        do {
            return try JSONDecoder().decode(File.self, from: Data(contentsOf: folder.appendingPathComponent("scenes.json")))
        } catch {
            fatalError("WidgetScenes/scenes.json cannot be read: \(error)")
        }
    }()

    static var all: [WidgetScene] { file.scenes }

    /// The made-up layout the backgrounds were cropped with.
    static var slots: [(id: SlotID, rect: PixelRect)] {
        file.slots.map { name, r in (SlotID(rawValue: name)!, PixelRect(x: r[0], y: r[1], width: r[2], height: r[3])) }.sorted { $0.id < $1.id }
    }

    func field(_ file: String) throws -> ColorField {
        let image = try PNGRaster(contentsOfFile: Self.folder.appendingPathComponent(file).path)
        return ColorField(size: image.size, rgb: image.normalizedRGB())
    }

    func check(_ parallelism: Parallelism = .sideBySide) throws -> WidgetCheck {
        try WidgetCheck.check(empty: field(empty), home: field(home), slots: Self.slots, layout: "test-layout", parallelism: parallelism)
    }
}

@Suite struct WidgetCheckTests {
    static let measured = WidgetScene.all.filter { $0.expect.widgets != nil }
    static let refused = WidgetScene.all.filter { $0.expect.error != nil }

    /// Every widget painted is found in its slot, each offset within 1 px or unknown exactly where
    /// the scene says the wallpaper cannot tell (unless the widget's outline, measured, tells it,
    /// within 1 px); nothing else is found.
    @Test(arguments: measured)
    func eachWidgetsOffsetComesBackWithinOnePixelOrUnknown(scene: WidgetScene) throws {
        let check = try scene.check()
        let expected = try #require(scene.expect.widgets)
        #expect(
            Set(check.widgets.map { $0.slot.rawValue }) == Set(expected.keys),
            "\(check.widgets.map { "\($0.slot.rawValue) \($0.dx as Any) \($0.dy as Any)" })")
        for widget in check.widgets {
            let want = try #require(expected[widget.slot.rawValue])
            for (got, wanted, axis) in [(widget.dx, want[0], "x"), (widget.dy, want[1], "y")] {
                if let wanted {
                    let value = try #require(got, "\(widget.slot.rawValue): \(axis) unknown (\(widget.unknown ?? "")) but painted \(wanted)")
                    #expect(abs(value - wanted) <= 1, "\(widget.slot.rawValue): \(axis) \(value), painted \(wanted)")
                } else if let got {
                    // The wallpaper cannot tell; the widget's outline, measured, can.
                    let painted = try #require(scene.widgets.first { $0.slot == widget.slot.rawValue }?.d)
                    #expect(widget.evidence != .wallpaper, "\(widget.slot.rawValue): \(axis) \(got) given where the wallpaper cannot tell")
                    #expect(
                        abs(got - painted[axis == "x" ? 0 : 1]) <= 1, "\(widget.slot.rawValue): \(axis) \(got) from the outline, painted \(painted)")
                }
            }
            if widget.dx == nil || widget.dy == nil { #expect(widget.unknown != nil, "an unknown offset says why") }
        }
    }

    /// Every slot of the layout is corrected: a found widget's slot by its offset, the others by
    /// the widgets in their column or row, or left as listed (said so).
    @Test func everySlotIsCorrectedAndSaysHow() throws {
        let scene = try #require(WidgetScene.all.first { $0.name == "photo-glass-content" })
        let check = try scene.check()
        #expect(check.corrected.map(\.slot) == WidgetScene.slots.map(\.id))
        let byID = Dictionary(uniqueKeysWithValues: check.corrected.map { ($0.slot, $0) })
        let mediumTop = try #require(byID[.mediumTop])
        #expect(mediumTop.x == .measured && mediumTop.y == .measured)
        #expect(abs(mediumTop.rect.x - (mediumTop.listed.x + 9)) <= 1 && abs(mediumTop.rect.y - (mediumTop.listed.y - 7)) <= 1)
        // The small top-left slot lies under the medium widget: moved with it.
        let topLeft = try #require(byID[.smallTopLeft])
        #expect(topLeft.x == .measured && topLeft.y == .measured)
        #expect(topLeft.rect.x == mediumTop.rect.x && topLeft.rect.y == mediumTop.rect.y)
        // The medium middle slot: no widget in it; x from the widgets starting on its column, y
        // from none in its row, so the median of all (an estimate).
        let middle = try #require(byID[.mediumMiddle])
        #expect(middle.x == .sameLine && middle.y == .estimated)
        // Estimated from the rows measured (-7, 5 and 6 px): off by up to their spread.
        #expect(middle.yError == 13 && middle.xError == nil)
        #expect(check.layoutBlock.first == "  test-layout:")
        #expect(check.layoutBlock.contains("    top: \(70 - 7)"))
    }

    /// Refused with the reason the scene names: no widget shows a piece of this wallpaper (only
    /// app icons), the pieces come from another layout, the pages differ.
    @Test(arguments: refused)
    func aPairTheCheckCannotUseIsRefusedWithItsReason(scene: WidgetScene) throws {
        let expected = try #require(scene.expect.error)
        do {
            let check = try scene.check()
            Issue.record("\(scene.name): found \(check.widgets.map { "\($0.slot.rawValue) \($0.dx as Any) \($0.dy as Any)" })")
        } catch let error as CalibrationError {
            let kind: String
            switch error {
            case .noTransparentWidget: kind = "noTransparentWidget"
            case .cropsFromAnotherLayout: kind = "cropsFromAnotherLayout"
            case .widgetsDisagree: kind = "widgetsDisagree"
            case .notTheSamePage: kind = "notTheSamePage"
            default: kind = "\(error)"
            }
            #expect(kind == expected, "\(scene.name): \(error)")
        }
    }

    /// The slots looked at side by side (the default) give the answer they give looked at in
    /// turn, as the browser core looks at them: the same widgets, corrections and refusals.
    @Test(arguments: WidgetScene.all)
    func theSlotsLookedAtSideBySideGiveTheAnswerInTurn(scene: WidgetScene) throws {
        func answer(_ parallelism: Parallelism) throws -> String {
            do {
                let check = try scene.check(parallelism)
                return "\(check.widgets)\n\(check.corrected)"
            } catch let error as CalibrationError {
                return "refused: \(error)"
            }
        }
        let inTurn = try answer(.inTurn)
        #expect(try answer(.sideBySide) == inTurn, "\(scene.name)")
    }

    /// One picture twice, or two sizes: refused before anything is compared.
    @Test func theSamePictureTwiceOrTwoSizesAreRefused() throws {
        let scene = try #require(WidgetScene.all.first)
        let empty = try scene.field(scene.empty)
        #expect(throws: CalibrationError.identicalImages) {
            try WidgetCheck.check(empty: empty, home: empty, slots: WidgetScene.slots, layout: "test-layout")
        }
        let smaller = ColorField(size: PixelSize(width: 10, height: 10), rgb: [Float](repeating: 0, count: 300))
        #expect(throws: CalibrationError.differentSizes(shot: smaller.size, empty: empty.size)) {
            try WidgetCheck.check(empty: empty, home: smaller, slots: WidgetScene.slots, layout: "test-layout")
        }
    }
}

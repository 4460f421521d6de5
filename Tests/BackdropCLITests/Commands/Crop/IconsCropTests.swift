import Foundation
import SlotGeometry
import TestFolders
import Testing
import WidgetMeasurement

/// `backdrop crop EMPTY --icons-from HOME` and `WidgetMeasurement.readIcons` on the same pair,
/// painted by the independent icon-page painter (Tests/CalibrationTests/IconPages): the same
/// rectangles, the same layout and unknowns, each within 1 px of the painter's slots. (The page
/// is compared with the command line in Tests/BrowserTests/test_make_icons.py, the whole painted
/// matrix in test_icons.py.)
@Suite struct IconsCropTests {
    struct Report: Decodable {
        struct Slot: Decodable {
            var id: String
            var pixels: [String: Int]
        }
        var layout: String
        var scale: Int
        var slots: [Slot]
        var unknownAxes: [String]
    }

    static let fixtures = CLIRunner.packageRoot.appendingPathComponent("Tests/BackdropCLITests/Fixtures")

    @Test func theSwiftAPIGivesTheCommandLinesRectanglesWithinOnePixelOfThePainters() throws {
        let empty = Self.fixtures.appendingPathComponent("icons-large-1179-empty.png").path
        let home = Self.fixtures.appendingPathComponent("icons-large-1179-home.png").path
        struct Truth: Decodable { var slots: [String: [Int]] }
        let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: Self.fixtures.appendingPathComponent("icons-large-1179.json")))
        try withTemporaryFolder("icons") { folder in
            let result = try CLIRunner.run(["crop", empty, "--icons-from", home, "--out", folder.appendingPathComponent("crops").path, "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            let cli = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
            #expect(cli.layout == "ios26-large-icons", "222 px icons at @3x are the large-icon setting")
            let api = try WidgetMeasurement.readIcons(
                empty: try MeasuredCropTests.rgba(empty), home: try MeasuredCropTests.rgba(home), layout: .ios26, scale: cli.scale)
            #expect(api.layout.rawValue == cli.layout)
            #expect(api.slots.map(\.id.rawValue) == cli.slots.map(\.id))
            #expect(api.unknownAxes == cli.unknownAxes)
            for (ours, theirs) in zip(api.slots, cli.slots) {
                let r = ours.rect
                #expect(["x": r.x, "y": r.y, "width": r.width, "height": r.height] == theirs.pixels, "\(theirs.id)")
                guard let painted = truth.slots[theirs.id] else { continue }
                let off = zip([r.x, r.y, r.width, r.height], painted).map { abs($0 - $1) }.max() ?? 0
                #expect(off <= 1, "\(theirs.id): \(r) against the painter's \(painted)")
            }
            #expect(Set(truth.slots.keys).isSubset(of: Set(cli.slots.map(\.id))), "every slot the painter's rule gives is read")
        }
    }
}

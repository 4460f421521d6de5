import Calibrating
import Calibration
import Catalog
import Checks
import Foundation
import MeasurementReports
import NativePNG
import SlotGeometry
import TestFolders
import Testing

/// What `backdrop calibrate` prints, in-process: the report of a bundled calibration screenshot,
/// the regions set aside, and a pair that is one file.
@Suite struct CalibrationTextTests {
    static let sample = packageRoot.appendingPathComponent("content/calibration/iphone-16-pro-ios18-widgets-dark.png").path

    @Test func theReportGivesEverySlotTheGridAndTheLayoutBlock() throws {
        let catalog = Catalog.load(content: packageRoot.appendingPathComponent("content").path)
        let field = ColorField(try PNGRaster(contentsOfFile: Self.sample))
        let candidates: [Calibrator.Candidate] = catalog.resolvedLayouts(matching: field.size)
        let calibration = try Calibrator.calibrate(field, candidates: candidates)
        let text = CalibrationText(calibration: calibration, file: "shot.png", scale: 3).render()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("shot.png: 1206x2622, \(calibration.footprints.count) widgets ("))
        #expect(lines[1].hasPrefix("SLOT") && lines[1].hasSuffix("POINTS"))
        for (id, rect) in calibration.slots {
            #expect(lines.contains { $0.hasPrefix(id.rawValue + " ") && $0.contains(" \(rect.x) ") }, "\(id.rawValue)")
        }
        #expect(lines.contains("grid (value, how many widgets show it, their largest disagreement):"))
        #expect(lines.contains { $0.hasPrefix("  ") && $0.contains(" px = ") && $0.contains(" pt (") }, "the grid numbers in points too")
        #expect(text.contains("compared with the catalog's layouts for 1206x2622 screenshots:"))
        #expect(Array(lines.suffix(calibration.layoutBlock.count)) == calibration.layoutBlock)
        let withoutScale = CalibrationText(calibration: calibration, file: "shot.png", scale: nil).render()
        #expect(!withoutScale.contains(" pt "), "no scale, no points")
    }

    @Test func smallRegionsShareALineAndLostWidgetsAreCounted() {
        #expect(RejectedRegionLines.lines([]) == [])
        let small = (0..<3).map {
            RejectedRegion(rect: PixelRect(x: $0 * 100, y: 10, width: 60, height: 60), reason: .tooSmall(side: 60, minimum: 120))
        }
        let lines = RejectedRegionLines.lines(small)
        #expect(lines.count == 3)
        #expect(lines[0] == "")
        #expect(lines[1] == "not taken for widgets (3 regions):")
        #expect(
            lines[2]
                == "  3 regions too small for a widget (under 120 px across; app icons, buttons and the like): 60×60 at 0,10; 60×60 at 100,10; 60×60 at 200,10"
        )
    }

    @Test func onePathGivenTwiceIsNotAPair() throws {
        #expect(throws: ScreenshotPair.SameFile.self) { try ScreenshotPair.requireTwo(placed: Self.sample, empty: Self.sample) }
        try ScreenshotPair.requireTwo(
            placed: Self.sample, empty: packageRoot.appendingPathComponent("content/calibration").path + "/../calibration/none.png")
        let same = ScreenshotPair.SameFile(placed: "a.png", empty: "b.png")
        #expect(
            same.description
                == "a.png: is the same file as the empty screenshot b.png; give two screenshots: the page without widgets and the same page with widgets placed"
        )
    }
}

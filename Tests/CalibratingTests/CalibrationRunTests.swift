import Calibrating
import Catalog
import Checks
import Foundation
import TestFolders
import Testing

/// `backdrop calibrate`'s measurement, in-process: a bundled calibration screenshot measured
/// against the catalog, and the screenshots that cannot be read, each named.
@Suite struct CalibrationRunTests {
    static let sample = packageRoot.appendingPathComponent("content/calibration/iphone-16-pro-ios18-widgets-dark.png").path
    static let catalog = Catalog.load(content: packageRoot.appendingPathComponent("content").path)

    @Test func theScreenshotIsReadOnceAndMeasuredAgainstTheCatalog() throws {
        let run = try CalibrationRun.measure(Self.sample, empty: nil, catalog: Self.catalog)
        #expect(run.bytes == [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.sample))))
        #expect(run.field.size == run.calibration.screenshot)
        #expect(run.catalogScale == 3)
        #expect(!run.calibration.footprints.isEmpty)
        #expect(!run.calibration.comparisons.isEmpty, "compared with the catalog's layouts of 1206x2622")
    }

    @Test func anUnreadableScreenshotOrEmptyPageIsNamed() throws {
        let missing = packageRoot.appendingPathComponent("content/calibration/none.png").path
        let shot = #expect(throws: RunFailure.self) { try CalibrationRun.measure(missing, empty: nil, catalog: Self.catalog) }
        #expect(shot?.problems.first?.file == missing)
        let empty = #expect(throws: RunFailure.self) { try CalibrationRun.measure(Self.sample, empty: missing, catalog: Self.catalog) }
        #expect(empty?.problems.first?.file == missing)
    }
}

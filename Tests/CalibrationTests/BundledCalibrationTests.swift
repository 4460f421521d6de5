import Calibration
import Catalog
import Foundation
import NativePNG
import SampleScreens
import SlotGeometry
import Testing

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
                    let calibration = try Calibrator.calibrate(try PNGRaster(contentsOfFile: path), candidates: candidates)
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

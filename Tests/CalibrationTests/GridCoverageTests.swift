import Calibration
import SlotGeometry
import Testing

@Suite struct GridCoverageTests {
    @Test func saysWhichColumnsAndRowsNoWidgetMeasured() throws {
        var page = SyntheticPage()
        page.fill(sixWidgets[2], black)
        page.fill(sixWidgets[3], black)
        let calibration = try Calibrator.calibrate(page.field)
        #expect(
            calibration.notes.contains(
                "columns from 2 widgets (left 1, right 1), rows from 2 (top 2); not measured (no widget found starts there): the middle and bottom rows"
            ),
            "\(calibration.notes)")
    }

    @Test func saysNothingWhenEveryColumnAndRowIsMeasured() throws {
        var page = SyntheticPage()
        for rect in sixWidgets { page.fill(rect, black) }
        let calibration = try Calibrator.calibrate(page.field)
        #expect(!calibration.notes.contains { $0.contains("not measured") }, "\(calibration.notes)")
    }
}

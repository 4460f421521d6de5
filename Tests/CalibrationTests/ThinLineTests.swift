import Calibration
import SlotGeometry
import Testing

@Suite struct ThinLineTests {
    /// Lines 1–6 px wide, of any colour (the widgets' own included), across widgets edge to edge,
    /// ending inside them, at 45°, joining two widgets and running off the screen: every widget
    /// is found whole, within 1 px.
    static func annotated(_ page: inout SyntheticPage, widgets: Bool = true) {
        if widgets { for rect in sixWidgets { page.fill(rect, black) } }
        page.line(from: (20, 40), to: (330, 350), width: 6, red)  // 45°, across the top-left widget
        page.line(from: (0, 500), to: (600, 500), width: 5, black)  // the widgets' colour, joining two, off the screen
        page.line(from: (100, 820), to: (250, 820), width: 1, white)  // ends inside
        page.line(from: (436, 0), to: (436, 1200), width: 3, red)  // down the right column
        page.line(from: (400, 650), to: (600, 1000), width: 4, SIMD3(0.1, 0.7, 0.2))
    }

    @Test func withoutAnEmptyPage() throws {
        var page = SyntheticPage()
        Self.annotated(&page)
        expectFound(try Calibrator.calibrate(page.field), sixWidgets, "solid")
    }

    @Test func byDifference() throws {
        var page = SyntheticPage()
        Self.annotated(&page)
        expectFound(try Calibrator.calibrate(page.field, empty: SyntheticPage().field), sixWidgets, "difference")
    }
}

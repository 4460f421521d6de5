import Calibration
import SlotGeometry
import Testing

/// A page painted sample by sample, for the cases the painted scenes do not show: shapes that are
/// not widgets, lines of the widgets' own colour, differences too faint to measure.
struct SyntheticPage {
    var width: Int
    var height: Int
    var rgb: [Float]

    /// A page whose wallpaper is a fine checkerboard of two greys (never flat) with a gentle
    /// gradient, or `flat` grey.
    init(width: Int = 600, height: Int = 1200, flat: Float? = nil) {
        self.width = width
        self.height = height
        rgb = []
        rgb.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let grey = flat ?? (0.55 + 0.2 * Float(y) / Float(height) + ((x + y) % 2 == 0 ? 0 : 0.06))
                rgb += [grey, grey, grey + 0.04]
            }
        }
    }

    mutating func set(_ x: Int, _ y: Int, _ color: SIMD3<Float>) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        let index = (y * width + x) * 3
        (rgb[index], rgb[index + 1], rgb[index + 2]) = (color.x, color.y, color.z)
    }

    /// A rectangle with corners rounded by `radius` pixels.
    mutating func fill(_ rect: PixelRect, _ color: SIMD3<Float>, radius: Int = 24) {
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let dx = max(rect.x + radius - x, x - (rect.maxX - 1 - radius), 0)
                let dy = max(rect.y + radius - y, y - (rect.maxY - 1 - radius), 0)
                if dx * dx + dy * dy <= radius * radius { set(x, y, color) }
            }
        }
    }

    /// A straight line `width` pixels wide from one point to another.
    mutating func line(from a: (x: Double, y: Double), to b: (x: Double, y: Double), width: Double, _ color: SIMD3<Float>) {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let length = (dx * dx + dy * dy).squareRoot()
        let reach = Int(width) + 1
        let (top, bottom) = (max(0, Int(min(a.y, b.y)) - reach), min(height - 1, Int(max(a.y, b.y)) + reach))
        let (left, right) = (max(0, Int(min(a.x, b.x)) - reach), min(self.width - 1, Int(max(a.x, b.x)) + reach))
        for y in top...bottom {
            for x in left...right {
                let px: Double = Double(x) + 0.5 - a.x
                let py: Double = Double(y) + 0.5 - a.y
                let along: Double = (px * dx + py * dy) / length
                let across: Double = abs(px * dy - py * dx) / length
                if along >= 0, along <= length, across <= width / 2 { set(x, y, color) }
            }
        }
    }

    var field: ColorField { ColorField(size: PixelSize(width: width, height: height), rgb: rgb) }
}

let black = SIMD3<Float>(0.05, 0.05, 0.06)
let red = SIMD3<Float>(0.95, 0.1, 0.1)
let white = SIMD3<Float>(1, 1, 1)

/// Six small widgets on the synthetic page, at 4-pixel boundaries.
let sixWidgets = [60, 380, 700].flatMap { y in [PixelRect(x: 44, y: y, width: 240, height: 240), PixelRect(x: 316, y: y, width: 240, height: 240)] }

func expectFound(_ calibration: Calibration, _ truth: [PixelRect], _ context: String) {
    #expect(calibration.footprints.count == truth.count, "\(context): found \(calibration.footprints.map(\.rect)); rejected \(calibration.rejected)")
    for rect in truth {
        let found = calibration.footprints.contains { EdgeOffsets(measured: $0.rect, listed: rect).disagreeing.isEmpty }
        #expect(found, "\(context): \(rect) not found within 1 px: \(calibration.footprints.map(\.rect))")
    }
}

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

@Suite struct RejectedRegionTests {
    @Test func aShapeThatFillsTooLittleOfItsBoxIsReportedWithWhereAndWhy() throws {
        var page = SyntheticPage()
        page.fill(sixWidgets[0], black)
        // An L: a widget-sized box with a quarter missing.
        let box = PixelRect(x: 316, y: 380, width: 240, height: 240)
        page.fill(PixelRect(x: 316, y: 380, width: 120, height: 240), black, radius: 0)
        page.fill(PixelRect(x: 316, y: 500, width: 240, height: 120), black, radius: 0)
        let calibration = try Calibrator.calibrate(page.field)
        expectFound(calibration, [sixWidgets[0]], "L")
        let rejected = try #require(calibration.rejected.first { $0.rect == box }, "\(calibration.rejected)")
        #expect(rejected.reason == .notFilled(percent: 75))
        #expect(rejected.description == "region at 316,380 240×240 rejected: fills 75 % of its box (a widget fills at least 85 %)")
    }

    @Test func twoShapesJoinedAreRejectedForTheGapBetweenThem() throws {
        var page = SyntheticPage()
        page.fill(sixWidgets[0], black)
        page.fill(PixelRect(x: 44, y: 380, width: 240, height: 240), black)
        page.fill(PixelRect(x: 316, y: 380, width: 240, height: 240), black)
        page.fill(PixelRect(x: 260, y: 460, width: 80, height: 60), black, radius: 0)
        let calibration = try Calibrator.calibrate(page.field)
        let rejected = try #require(calibration.rejected.first { $0.rect.y == 380 }, "\(calibration.rejected)")
        guard case .gap(let at, let vertical, let percent) = rejected.reason else {
            Issue.record("\(rejected)")
            return
        }
        #expect(vertical && (284..<316).contains(at) && percent < 30, "\(rejected)")
    }

    @Test func aBarLikeTheDockIsRejectedForItsShape() throws {
        var page = SyntheticPage()
        page.fill(sixWidgets[0], black)
        page.fill(PixelRect(x: 40, y: 1040, width: 520, height: 128), SIMD3(0.9, 0.9, 0.95), radius: 40)
        let calibration = try Calibrator.calibrate(page.field)
        let rejected = try #require(calibration.rejected.first { $0.rect.y >= 1040 }, "\(calibration.rejected)")
        #expect(rejected.reason == .shape(widthPercentOfHeight: 406))
        #expect(rejected.description.hasSuffix("rejected: 4.1 times as wide as tall (widgets are 0.5 to 2.6)"))
    }

    @Test func appIconsAreTooSmall() throws {
        var page = SyntheticPage()
        page.fill(sixWidgets[0], black)
        page.fill(PixelRect(x: 316, y: 60, width: 100, height: 100), red)
        let calibration = try Calibrator.calibrate(page.field)
        #expect(calibration.rejected.map(\.reason) == [.tooSmall(side: 100, minimum: 150)])
    }

    @Test func whenEverythingOfAWidgetsSizeIsRejectedTheErrorListsIt() throws {
        var page = SyntheticPage()
        page.fill(PixelRect(x: 316, y: 380, width: 120, height: 240), black, radius: 0)
        page.fill(PixelRect(x: 316, y: 500, width: 240, height: 120), black, radius: 0)
        #expect(
            throws: CalibrationError.everyRegionRejected([
                RejectedRegion(rect: PixelRect(x: 316, y: 380, width: 240, height: 240), reason: .notFilled(percent: 75))
            ])
        ) {
            try Calibrator.calibrate(page.field)
        }
        let error = CalibrationError.everyRegionRejected([
            RejectedRegion(rect: PixelRect(x: 316, y: 380, width: 240, height: 240), reason: .notFilled(percent: 75))
        ])
        #expect(
            error.description
                == "no widgets found: the one candidate region was rejected: region at 316,380 240×240 rejected: fills 75 % of its box (a widget fills at least 85 %)"
        )
    }

    @Test func aWidgetTooFaintToMeasureIsReportedNotLost() throws {
        let empty = SyntheticPage(flat: 0.5)
        var shot = empty
        shot.fill(sixWidgets[0], SIMD3(0.514, 0.514, 0.554))
        do {
            _ = try Calibrator.calibrate(shot.field, empty: empty.field)
            Issue.record("a widget 0.014 from the empty page was measured")
        } catch {
            guard case .everyRegionRejected(let rejected) = error, let region = rejected.first else {
                Issue.record("\(error)")
                return
            }
            #expect(rejected.count == 1 && EdgeOffsets(measured: region.rect, listed: sixWidgets[0]).largest.pixels.magnitude <= 4, "\(rejected)")
            if case .edgeNotMeasured = region.reason {} else { Issue.record("\(region)") }
        }
    }

    @Test func anEmptyPageOfAnotherPageIsSaid() throws {
        var shot = SyntheticPage(flat: 0.3)
        shot.fill(sixWidgets[0], black)
        do {
            _ = try Calibrator.calibrate(shot.field, empty: SyntheticPage(flat: 0.6).field)
            Issue.record("a page that differs everywhere was calibrated")
        } catch {
            guard case .everyRegionRejected(let rejected) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(rejected.map(\.reason) == [.reachesScreenEdge], "\(rejected)")
        }
    }
}

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

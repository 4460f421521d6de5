import Calibration
import SlotGeometry
import Testing

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

import SlotGeometry
import Testing

@Suite struct GeometryCheckerTests {
    @Test func aConsistentLayoutHasNoFindings() {
        #expect(codes(device()).isEmpty)
    }

    @Test func g001SlotOutsideTheScreen() throws {
        let findings = GeometryChecker.check(device(Grid(middle: 1173, bottom: 2200)))
        let outside = findings.filter { $0.check == .slotInsideScreen }
        #expect(outside.map(\.slot) == [.smallBottomLeft, .smallBottomRight, .mediumBottom])
        let message = try #require(outside.first?.message)
        #expect(message.contains("reaches y 2686, past the screen's 2622 px height"))
    }

    @Test func g002SameFamilySlotsOverlap() {
        // Right column starting inside the left one.
        let findings = GeometryChecker.check(
            device(Grid(medium: (786, 486), large: (786, 1098), right: 387), exceptions: [.columnsSymmetric: "test"]))
        let overlaps = findings.filter { $0.check == .sameFamilyNoOverlap }
        #expect(overlaps.count == 3)
        #expect(overlaps.first?.message.contains("small-top-right 486x486+387+261 overlaps small-top-left") == true)
    }

    @Test func theTwoLargeSlotsMayShareTheMiddleRow() {
        #expect(!codes(device()).contains("G002"))
    }

    @Test func g003SmallHeightDiffersFromMediumHeight() throws {
        // Apple's 414x736 row: small 159 pt, medium 348x157 pt.
        let finding = try #require(
            GeometryChecker.check(device(Grid(small: (486, 486), medium: (1032, 480)))).first { $0.check == .smallHeightIsMediumHeight })
        #expect(finding.message == "small height is 486 px but medium height is 480 px")
        #expect(finding.fields.first == .mediumHeight)
    }

    @Test func g004MediumWidthDiffersFromLargeWidth() {
        #expect(codes(device(Grid(large: (1030, 1098)))) == ["G004"])
    }

    @Test func g005ColumnsDoNotSpanTheMediumWidth() throws {
        let findings = GeometryChecker.check(device(Grid(medium: (1014, 486), large: (1014, 1098))))
        let finding = try #require(findings.first { $0.check == .smallColumnsSpanMediumWidth })
        #expect(finding.message == "small columns span 1032 px (87 to 633 + 486) but medium width is 1014 px")
        #expect(finding.severity == .error)
    }

    @Test func g006AsymmetricColumns() throws {
        // Shift the whole grid 3 px right: the span still matches, the margins do not.
        let findings = GeometryChecker.check(device(Grid(left: 90, right: 636)))
        #expect(findings.map(\.check) == [.columnsSymmetric])
        #expect(findings[0].message == "left margin is 90 px but right margin is 84 px (1206 − 636 − 486)")
    }

    @Test func g006ToleratesOnePixelWhenTheLeftoverIsOdd() {
        // 1206 − 1037 = 169: margins 84 and 85.
        #expect(
            codes(
                device(Grid(small: (495, 495), medium: (1037, 495), large: (1037, 1035), left: 84, right: 626, top: 270, middle: 810, bottom: 1350))
            ).isEmpty)
    }

    @Test func g007RowsNotEvenlySpaced() throws {
        // Widget-Blur's 2622 row: middle 872.
        let findings = GeometryChecker.check(device(Grid(large: (1032, 1097), middle: 872, bottom: 1486)))
        let finding = try #require(findings.first { $0.check == .rowsEvenlySpaced })
        #expect(finding.message == "rows are 611 px then 614 px apart (top 261, middle 872, bottom 1486)")
    }

    @Test func g008LargeBottomOffTheMiddleRow() {
        let origin = SlotOrigin(x: nil, y: .pixels(900), provenance: measured)
        let findings = GeometryChecker.check(device(origins: [.largeBottom: origin]))
        #expect(findings.map(\.check) == [.largeBottomOnMiddleRow])
        #expect(findings.first?.message == "large-bottom starts at y 900 but the middle row is at y 873")
    }

    @Test func g009PointsThatMissWholePixels() throws {
        // A 38.2 pt row gap, as in one article: 273.2 pt is 819.6 px.
        var grid = Grid(small: (158, 158), medium: (338, 158), large: (338, 354.2), left: 26, right: 206, top: 77, middle: 273.2, bottom: nil)
        grid.unit = { .points($0) }
        let findings = GeometryChecker.check(device(grid, screen: Screen(width: 390, height: 844, scale: 3)))
        let finding = try #require(findings.first { $0.check == .wholePixels })
        #expect(finding.message == "large height is 354.2 pt = 1062.6 px at @3x, not a whole pixel")
        #expect(findings.contains { $0.check == .wholePixels && $0.message.hasPrefix("middle is 273.2 pt = 819.6 px") })
    }

    @Test func g010LargeHeightDoesNotSpanTwoRows() throws {
        let finding = try #require(GeometryChecker.check(device(Grid(large: (1032, 1071)))).first)
        #expect(finding.check == .largeHeightSpansTwoRows)
        #expect(finding.message == "large height is 1071 px but middle − top + small height is 1098 px (873 − 261 + 486)")
    }

    @Test func g011SlotOffTheGrid() {
        // A medium widget 2 pt right of the small column, as in one article's 430x932 table.
        let origin = SlotOrigin(x: .pixels(93), y: nil, provenance: measured)
        let findings = GeometryChecker.check(device(origins: [.mediumTop: origin]))
        #expect(findings.map(\.check) == [.slotOnGrid])
        #expect(findings.first?.slot == .mediumTop)
        #expect(findings.first?.message == "medium-top is at x 93 but the left column is at x 87")
    }

    @Test func g012ZeroPlaceholders() {
        let findings = GeometryChecker.check(device(Grid(bottom: 0)))
        #expect(findings.contains { $0.check == .noZeroPlaceholders && $0.fields == [.bottom] })
        let origin = SlotOrigin(x: .pixels(0), y: .pixels(0), provenance: measured)
        #expect(codes(device(origins: [.smallBottomLeft: origin])).contains("G012"))
    }

    @Test func g013SmallNotSquare() {
        #expect(codes(device(Grid(small: (486, 490), medium: (1032, 490), large: (1032, 1102)))) == ["G013"])
    }

    @Test func g014UnderivableNumber() {
        var values = Grid(large: nil, middle: nil, bottom: nil).values
        values[.largeHeight] = StatedValue(nil, .derived("asked for"))
        values[.largeWidth] = StatedValue(nil, .derived("asked for"))
        let profile = DeviceProfile(
            id: "t", name: "t", models: ["t"], screen: Screen(width: 402, height: 874, scale: 3),
            layouts: [LayoutSpec(kind: .ios18, values: values)])
        let findings = GeometryChecker.check(profile)
        #expect(findings.map(\.check) == [.derivable])
        #expect(findings.first?.fields == [.largeHeight])
    }

    @Test func exceptionsTurnFindingsIntoNotes() throws {
        let findings = GeometryChecker.check(device(Grid(left: 90, right: 636), exceptions: [.columnsSymmetric: "measured that way"]))
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.severity == .note)
        #expect(finding.message.hasSuffix("(accepted exception: measured that way)"))
    }

    @Test func g015StaleExceptionsAreReported() {
        let findings = GeometryChecker.check(device(exceptions: [.rowsEvenlySpaced: "no longer true"]))
        #expect(findings.map(\.check) == [.exceptionStillNeeded])
        #expect(findings.first?.severity == .warning)
    }

    @Test func everyCheckHasAStableUniqueCodeAndSummary() {
        let codes = GeometryCheck.allCases.map(\.code)
        #expect(Set(codes).count == codes.count)
        #expect(codes.allSatisfy { $0.hasPrefix("G") && $0.count == 4 })
        #expect(GeometryCheck.allCases.allSatisfy { !$0.title.isEmpty && !$0.explanation.isEmpty })
    }
}

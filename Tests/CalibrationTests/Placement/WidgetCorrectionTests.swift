import Calibration
import SlotGeometry
import Testing

/// Widgets iOS puts in one column or row move together: measured more than 2 px apart they are
/// refused, each column and row with its widgets' offsets named; slots no widget measured are
/// placed from the columns and rows measured, never from a listed size they contradict, and an
/// estimate carries its error.
@Suite struct WidgetCorrectionTests {
    /// The iPhone 16 Pro Max's iOS 26 slots: columns at x 93 and 697, rows at y 282, 934, 1586.
    static let slots: [(id: SlotID, rect: PixelRect)] = {
        let (left, right, small, medium, large) = (93, 697, 530, 1134, 1182)
        let rows: [(GridRow, Int)] = [(.top, 282), (.middle, 934), (.bottom, 1586)]
        var slots: [(id: SlotID, rect: PixelRect)] = []
        for id in SlotID.allCases where id.family != .extraLargePortrait {
            let y = rows.first { $0.0 == id.row }!.1
            switch id.family {
            case .small:
                slots.append((id, PixelRect(x: id.column == .left ? left : right, y: y, width: small, height: small)))
            case .medium: slots.append((id, PixelRect(x: left, y: y, width: medium, height: small)))
            case .large: slots.append((id, PixelRect(x: left, y: y, width: medium, height: large)))
            case .extraLargePortrait: break
            }
        }
        return slots
    }()

    static func widget(_ id: SlotID, _ dx: Int?, _ dy: Int?) -> WidgetCheck.FoundWidget {
        let rect = slots.first { $0.id == id }!.rect
        return WidgetCheck.FoundWidget(
            slot: id, listed: rect, found: PixelRect(x: rect.x + (dx ?? 0), y: rect.y + (dy ?? 0), width: rect.width, height: rect.height),
            dx: dx, dy: dy, unknown: nil, evidence: .wallpaper, match: 1, compared: 1)
    }

    /// Every pair of slots that can hold two widgets at once (they do not overlap) and shares an
    /// edge iOS keeps in line: a left edge, a right edge, a top edge or a bottom edge.
    static let sharing: [(SlotID, SlotID, axis: String)] = {
        var pairs: [(SlotID, SlotID, axis: String)] = []
        for (i, a) in slots.enumerated() {
            for b in slots[(i + 1)...] where !a.rect.intersects(b.rect) {
                if a.rect.x == b.rect.x || a.rect.maxX == b.rect.maxX { pairs.append((a.id, b.id, "x")) }
                if a.rect.y == b.rect.y || a.rect.maxY == b.rect.maxY { pairs.append((a.id, b.id, "y")) }
            }
        }
        return pairs
    }()

    @Test func everyColumnAndRowIsEnumerated() {
        // Columns: the three left smalls, the three right smalls, and the mediums and larges with
        // each (by their left and right edges); rows: the two smalls of each, and large-top's
        // bottom edge with the middle row's, large-bottom's with the bottom row's.
        #expect(Self.sharing.contains { $0.0 == .smallTopLeft && $0.1 == .smallBottomLeft && $0.axis == "x" })
        #expect(Self.sharing.contains { $0.0 == .smallMiddleRight && $0.1 == .mediumTop && $0.axis == "x" })
        #expect(Self.sharing.contains { $0.0 == .smallTopLeft && $0.1 == .smallTopRight && $0.axis == "y" })
        #expect(Self.sharing.contains { $0.0 == .smallBottomRight && $0.1 == .largeTop && $0.axis == "x" })
        #expect(Self.sharing.count >= 20)
    }

    @Test(arguments: sharing.map { "\($0.0.rawValue) \($0.1.rawValue) \($0.axis)" })
    func twoWidgetsOfOneColumnOrRowMoreThanTwoPixelsApartAreRefused(_ pair: String) throws {
        let parts = pair.split(separator: " ").map(String.init)
        let (a, b, axis) = (SlotID(rawValue: parts[0])!, SlotID(rawValue: parts[1])!, parts[2])
        for apart in [3, 5, 20, 30] {
            let widgets =
                axis == "x"
                ? [Self.widget(a, 4, 0), Self.widget(b, 4 + apart, 0)] : [Self.widget(a, 0, -6), Self.widget(b, 0, -6 - apart)]
            #expect {
                try WidgetCheck.reconcile(widgets)
            } throws: { error in
                guard case CalibrationError.widgetsDisagree(let lines) = error else { return false }
                let text = lines.joined(separator: "; ")
                return text.contains(a.rawValue) && text.contains(b.rawValue)
                    && ((error as? CalibrationError)?.problems[0].reason ?? "").contains("more than 2 px apart")
            }
        }
        // Two apart, or less: one column or row.
        let together = axis == "x" ? [Self.widget(a, 4, 0), Self.widget(b, 6, 1)] : [Self.widget(a, 1, -6), Self.widget(b, 0, -8)]
        try WidgetCheck.reconcile(together)
    }

    @Test func anUnknownOffsetDisagreesWithNothing() throws {
        try WidgetCheck.reconcile([Self.widget(.smallTopLeft, nil, 3), Self.widget(.smallBottomLeft, 30, 3)])
    }

    /// A medium or large slot no widget showed: its x from the column it starts on, or the one
    /// it ends on; both measured and contradicting its listed width, it is not placed (no crop).
    @Test func anUnseenSlotIsPlacedFromTheColumnsMeasuredNeverFromAWidthTheyContradict() {
        let apart = WidgetCheck.correct(Self.slots, by: [Self.widget(.smallTopLeft, 30, 0), Self.widget(.smallTopRight, -31, 0)])
        for id in [SlotID.mediumMiddle, .largeBottom] {
            let slot = apart.first { $0.slot == id }!
            #expect(slot.x == .unplaced && !slot.isPlaced, "\(id)")
            #expect(slot.unplaced?.contains("1073 px wide, not the 1134 px listed") == true, "\(slot.unplaced ?? "")")
        }
        let left = WidgetCheck.correct(Self.slots, by: [Self.widget(.smallTopLeft, 16, 0), Self.widget(.smallBottomRight, 17, 2)])
        let medium = left.first { $0.slot == .mediumMiddle }!
        #expect(medium.isPlaced && medium.x == .sameLine && medium.rect.x == 93 + 16)
        let onlyRight = WidgetCheck.correct(Self.slots, by: [Self.widget(.smallTopRight, -5, 0)])
        #expect(onlyRight.first { $0.slot == .mediumBottom }!.rect.x == 93 - 5)
    }

    /// A row or column on which a widget was seen whose offset along it the wallpaper leaves
    /// unknown because it repeats (or runs on a slant) is not placed, with why: the widget is at
    /// one of several aliases, which the other rows cannot choose. Where the wallpaper there does
    /// not change along it (a gradient), the other rows' median is the estimate.
    @Test(arguments: [WidgetCheck.Ambiguity.repeats(every: 24), .slant(dx: 30, dy: -30), .flat])
    func aRowAWidgetSeenThereCannotTellIsNotEstimated(_ why: WidgetCheck.Ambiguity) {
        var seen = Self.widget(.smallBottomLeft, nil, nil)
        seen.whyY = why
        let measured = [Self.widget(.smallTopLeft, 0, 4), Self.widget(.smallMiddleRight, 0, 16)]
        let corrected = WidgetCheck.correct(Self.slots, by: measured, seen: measured + [seen])
        for id in [SlotID.smallBottomLeft, .smallBottomRight, .mediumBottom] {
            let slot = corrected.first { $0.slot == id }!
            if why == .flat {
                #expect(slot.y == .estimated && slot.yError == 12 && slot.isPlaced, "\(id)")
            } else {
                #expect(slot.y == .unplaced && !slot.isPlaced, "\(id)")
                let why = slot.unplaced ?? ""
                #expect(why.contains("the widget seen at small-bottom-left is on its row, where the wallpaper repeats"), "\(why)")
            }
        }
        // The rows measured are placed as before.
        #expect(corrected.first { $0.slot == .smallTopRight }!.y == .sameLine)
    }

    /// A row no widget measured: the median of the others, with their spread as its error, or
    /// "unknown" when one widget alone measured it.
    @Test func anEstimatedRowCarriesItsError() {
        let two = WidgetCheck.correct(Self.slots, by: [Self.widget(.smallMiddleLeft, 0, 4), Self.widget(.smallBottomLeft, 0, 16)])
        let top = two.first { $0.slot == .smallTopRight }!
        #expect(top.y == .estimated && top.yError == 12)
        let one = WidgetCheck.correct(Self.slots, by: [Self.widget(.smallMiddleLeft, 0, 4)])
        let alone = one.first { $0.slot == .smallTopRight }!
        #expect(alone.y == .estimated && alone.yError == nil)
    }

    /// Every slot with two smaller slots inside it, each pair of those measured apart along x,
    /// along y, by the most one widget agrees with and by a pixel more, with the other axis
    /// unknown on one: a slot is held by two widgets (not looked at, never taken as one) only
    /// beyond ``WidgetCheck/twoWidgetsApart`` along an axis both know.
    @Test func aSlotOverTwoWidgetsMeasuredApartIsNotOneWidget() {
        let apart = WidgetCheck.twoWidgetsApart
        func isWithin(_ outer: PixelRect, _ inner: PixelRect) -> Bool {
            inner.x >= outer.x && inner.y >= outer.y && inner.maxX <= outer.maxX && inner.maxY <= outer.maxY
        }
        var pairs = 0
        for slot in Self.slots {
            let inside = Self.slots.filter {
                $0.rect.width * $0.rect.height < slot.rect.width * slot.rect.height && isWithin(slot.rect, $0.rect)
            }
            #expect(WidgetCheck.inside(slot.rect, of: inside.map { Self.widget($0.id, 0, 0) }).count == inside.count)
            for (i, a) in inside.enumerated() {
                for b in inside[(i + 1)...] {
                    pairs += 1
                    let label = Comment(rawValue: "\(slot.id.rawValue) over \(a.id.rawValue) and \(b.id.rawValue)")
                    for (by, holds) in [(apart, false), (apart + 1, true), (-apart - 1, true)] {
                        #expect(WidgetCheck.holdsTwoWidgets(slot.rect, [Self.widget(a.id, 3, 2), Self.widget(b.id, 3 + by, 2)]) == holds, label)
                        #expect(WidgetCheck.holdsTwoWidgets(slot.rect, [Self.widget(a.id, -1, 2), Self.widget(b.id, -1, 2 + by)]) == holds, label)
                        #expect(WidgetCheck.holdsTwoWidgets(slot.rect, [Self.widget(a.id, 3, nil), Self.widget(b.id, 3 + by, 7)]) == holds, label)
                        // Apart only along an axis one of them does not know: nothing is said.
                        #expect(!WidgetCheck.holdsTwoWidgets(slot.rect, [Self.widget(a.id, nil, 2), Self.widget(b.id, 3 + by, 2)]), label)
                    }
                    // Seen but not measured: no offset to compare.
                    let seen = WidgetCheck.FoundWidget(
                        slot: b.id, listed: b.rect, found: b.rect, dx: nil, dy: nil, unknown: "covered", evidence: .wallpaper, match: 0,
                        compared: 0, notMeasured: .covered(share: 80))
                    #expect(!WidgetCheck.holdsTwoWidgets(slot.rect, [Self.widget(a.id, 30, 30), seen]), label)
                }
            }
            // Widgets beside the slot, or in slots as large, do not count.
            let outside = Self.slots.filter { !isWithin(slot.rect, $0.rect) || $0.rect.width * $0.rect.height >= slot.rect.width * slot.rect.height }
            #expect(!WidgetCheck.holdsTwoWidgets(slot.rect, outside.enumerated().map { Self.widget($0.element.id, 10 * $0.offset, 0) }))
        }
        // large-top: the two top smalls, the two middle ones, medium-top and medium-middle (15
        // pairs), as large-bottom; a medium: its two smalls.
        #expect(pairs == 2 * 15 + 3)
    }
}

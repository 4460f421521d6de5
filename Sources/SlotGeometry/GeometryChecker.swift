import CheckCodes

/// Runs every geometry check on a device's layouts.
public enum GeometryChecker {
    /// All findings for every layout of the device, layout by layout, in check order.
    public static func check(_ device: DeviceProfile) -> [GeometryFinding] {
        device.resolvedLayouts.flatMap(check)
    }

    /// All findings for one resolved layout. Findings of checks the layout declares as exceptions
    /// become notes; an exception that no longer fires is itself reported.
    public static func check(_ layout: ResolvedLayout) -> [GeometryFinding] {
        let raw = checks.flatMap { $0(layout) }
        var findings = raw.map { finding -> GeometryFinding in
            guard let reason = layout.spec.exceptions[finding.check] else { return finding }
            var accepted = finding
            accepted.severity = .note
            accepted.message += " (accepted exception: \(reason))"
            return accepted
        }
        let fired = Set(raw.map { $0.check })
        for check in layout.spec.exceptions.keys.sorted() where !fired.contains(check) {
            findings.append(
                GeometryFinding(
                    check: .exceptionStillNeeded, layout: layout.kind, fields: [],
                    message: "the layout declares an exception for \(check.code), but \(check.code) no longer fires; remove the exception"
                ))
        }
        return findings
    }

    private static let checks: [@Sendable (ResolvedLayout) -> [GeometryFinding]] = [
        slotsInsideScreen, sameFamilyNoOverlap, equal(.smallHeightIsMediumHeight, .smallHeight, .mediumHeight),
        equal(.mediumWidthIsLargeWidth, .mediumWidth, .largeWidth), smallColumnsSpanMediumWidth, columnsSymmetric, rowsEvenlySpaced,
        largeBottomOnMiddleRow, wholePixels, largeHeightSpansTwoRows, slotsOnGrid, noZeroPlaceholders,
        equal(.smallIsSquare, .smallWidth, .smallHeight) { "small widget is \($0)x\($1) px, not square" }, derivable,
        equal(.extraLargePortraitWidthIsMediumWidth, .mediumWidth, .extraLargePortraitWidth), extraLargePortraitSpansThreeRows,
    ]

    /// The check `check` that the grid's `first` and `second` are the same number of pixels, where
    /// both are known; `message` words a difference (by default "`first` is 10 px but `second` is 12 px").
    static func equal(
        _ check: GeometryCheck, _ first: GridField, _ second: GridField, message: (@Sendable (Int, Int) -> String)? = nil
    ) -> @Sendable (ResolvedLayout) -> [GeometryFinding] {
        { layout in
            guard let a = layout[first], let b = layout[second], a != b else { return [] }
            return [
                GeometryFinding(
                    check: check, layout: layout.kind, fields: [first, second].sorted { $0.rawValue < $1.rawValue },
                    message: message?(a, b) ?? "\(first.rawValue) is \(a) px but \(second.rawValue) is \(b) px")
            ]
        }
    }

    static func slotsInsideScreen(_ layout: ResolvedLayout) -> [GeometryFinding] {
        let screen = layout.screen.pixels
        return layout.slots.compactMap { slot in
            guard !slot.rect.isInside(screen) else { return nil }
            let r = slot.rect
            var reasons: [String] = []
            if r.x < 0 { reasons.append("starts at x \(r.x)") }
            if r.y < 0 { reasons.append("starts at y \(r.y)") }
            if r.maxX > screen.width { reasons.append("reaches x \(r.maxX), past the screen's \(screen.width) px width") }
            if r.maxY > screen.height { reasons.append("reaches y \(r.maxY), past the screen's \(screen.height) px height") }
            return GeometryFinding(
                check: .slotInsideScreen, layout: layout.kind, slot: slot.id,
                fields: [.row(slot.id.row), .column(slot.id.column)],
                message: "slot \(r) \(reasons.joined(separator: " and ")) of a \(screen) screenshot")
        }
    }

    static func sameFamilyNoOverlap(_ layout: ResolvedLayout) -> [GeometryFinding] {
        var findings: [GeometryFinding] = []
        for (index, slot) in layout.slots.enumerated() {
            for other in layout.slots[(index + 1)...] where other.family == slot.family {
                // The two large slots share the middle row by design: large-bottom starts where
                // large-top's second row is. They are alternatives, never on one page together.
                if slot.family == .large { continue }
                guard slot.rect.intersects(other.rect) else { continue }
                let field: GridField = slot.id.row == other.id.row ? .right : .row(other.id.row)
                findings.append(
                    GeometryFinding(
                        check: .sameFamilyNoOverlap, layout: layout.kind, slot: other.id, fields: [field],
                        message: "\(other.id.rawValue) \(other.rect) overlaps \(slot.id.rawValue) \(slot.rect)"))
            }
        }
        return findings
    }

    static func smallColumnsSpanMediumWidth(_ layout: ResolvedLayout) -> [GeometryFinding] {
        columnRules(of: layout.values.mapValues { $0.pixels }, screenWidth: layout.screen.pixels.width, layout: layout.kind)
            .filter { $0.check == .smallColumnsSpanMediumWidth }
    }

    static func columnsSymmetric(_ layout: ResolvedLayout) -> [GeometryFinding] {
        columnRules(of: layout.values.mapValues { $0.pixels }, screenWidth: layout.screen.pixels.width, layout: layout.kind)
            .filter { $0.check == .columnsSymmetric }
    }

    /// The column rules on grid numbers however they were found (a profile's, or a pair of the
    /// user's screenshots measured): the small columns span the medium width (G005), and the
    /// columns sit as far from either side of a screen `screenWidth` pixels wide (G006).
    public static func columnRules(of grid: [GridField: Int], screenWidth: Int, layout: LayoutKind) -> [GeometryFinding] {
        guard let left = grid[.left], let right = grid[.right], let small = grid[.smallWidth] else { return [] }
        var findings: [GeometryFinding] = []
        if let medium = grid[.mediumWidth], right + small - left != medium {
            findings.append(
                GeometryFinding(
                    check: .smallColumnsSpanMediumWidth, layout: layout, fields: [.mediumWidth, .right, .left, .smallWidth],
                    message: "small columns span \(right + small - left) px (\(left) to \(right) + \(small)) but medium width is \(medium) px"))
        }
        let rightMargin = screenWidth - right - small
        if abs(left - rightMargin) > 1 {
            findings.append(
                GeometryFinding(
                    check: .columnsSymmetric, layout: layout, fields: [.left, .right],
                    message: "left margin is \(left) px but right margin is \(rightMargin) px (\(screenWidth) − \(right) − \(small))"))
        }
        return findings
    }

    static func rowsEvenlySpaced(_ layout: ResolvedLayout) -> [GeometryFinding] {
        guard layout.spec.rows == 3, let top = layout[.top], let middle = layout[.middle], let bottom = layout[.bottom]
        else { return [] }
        let first = middle - top
        let second = bottom - middle
        guard abs(first - second) > 1 else { return [] }
        return [
            GeometryFinding(
                check: .rowsEvenlySpaced, layout: layout.kind, fields: [.bottom, .middle, .top],
                message: "rows are \(first) px then \(second) px apart (top \(top), middle \(middle), bottom \(bottom))")
        ]
    }

    static func largeBottomOnMiddleRow(_ layout: ResolvedLayout) -> [GeometryFinding] {
        guard let slot = layout.slot(.largeBottom), let middle = layout[.middle], slot.rect.y != middle else { return [] }
        return [
            GeometryFinding(
                check: .largeBottomOnMiddleRow, layout: layout.kind, slot: .largeBottom, fields: [.middle],
                message: "large-bottom starts at y \(slot.rect.y) but the middle row is at y \(middle)")
        ]
    }

    static func wholePixels(_ layout: ResolvedLayout) -> [GeometryFinding] {
        let scale = layout.screen.scale
        var findings: [GeometryFinding] = []
        for field in GridField.allCases {
            guard let value = layout.values[field], value.isStated, !value.isWholePixel,
                let stated = layout.spec.values[field]?.length
            else { continue }
            findings.append(
                GeometryFinding(
                    check: .wholePixels, layout: layout.kind, fields: [field],
                    message: "\(field.rawValue) is \(stated.written) = \(formatNumber(value.exactPixels)) px at @\(scale)x, not a whole pixel"))
        }
        for (slot, origin) in layout.spec.slotOrigins.sorted(by: { $0.key < $1.key }) {
            for (axis, length) in [("x", origin.x), ("y", origin.y)] {
                guard let length else { continue }
                guard !length.isWholePixel(scale: scale) else { continue }
                let exact = length.pixels(scale: scale)
                findings.append(
                    GeometryFinding(
                        check: .wholePixels, layout: layout.kind, slot: slot, fields: [],
                        message: "\(axis) is \(length.written) = \(formatNumber(exact)) px at @\(scale)x, not a whole pixel"))
            }
        }
        return findings
    }

    static func largeHeightSpansTwoRows(_ layout: ResolvedLayout) -> [GeometryFinding] {
        guard let large = layout[.largeHeight], let top = layout[.top], let middle = layout[.middle],
            let small = layout[.smallHeight]
        else { return [] }
        let expected = middle - top + small
        guard large != expected else { return [] }
        return [
            GeometryFinding(
                check: .largeHeightSpansTwoRows, layout: layout.kind, fields: [.largeHeight, .middle, .top],
                message: "large height is \(large) px but middle − top + small height is \(expected) px (\(middle) − \(top) + \(small))")
        ]
    }

    static func slotsOnGrid(_ layout: ResolvedLayout) -> [GeometryFinding] {
        layout.slots.compactMap { slot -> GeometryFinding? in
            guard layout.spec.slotOrigins[slot.id] != nil else { return nil }
            var offGrid: [String] = []
            if let column = layout[.column(slot.id.column)], slot.rect.x != column {
                offGrid.append("x \(slot.rect.x) but the \(slot.id.column.rawValue) column is at x \(column)")
            }
            // large-bottom's row is G008's business.
            if slot.id != .largeBottom, let row = layout[.row(slot.id.row)], slot.rect.y != row {
                offGrid.append("y \(slot.rect.y) but the \(slot.id.row.rawValue) row is at y \(row)")
            }
            guard !offGrid.isEmpty else { return nil }
            return GeometryFinding(
                check: .slotOnGrid, layout: layout.kind, slot: slot.id, fields: [],
                message: "\(slot.id.rawValue) is at \(offGrid.joined(separator: ", and "))")
        }
    }

    static func noZeroPlaceholders(_ layout: ResolvedLayout) -> [GeometryFinding] {
        var findings: [GeometryFinding] = []
        for field in GridField.allCases {
            guard let stated = layout.spec.values[field]?.length, stated.pixels(scale: 1) == 0 else { continue }
            findings.append(
                GeometryFinding(
                    check: .noZeroPlaceholders, layout: layout.kind, fields: [field],
                    message: "\(field.rawValue) is 0, a placeholder rather than a measurement; leave unknown numbers out"))
        }
        for (slot, origin) in layout.spec.slotOrigins.sorted(by: { $0.key < $1.key })
        where origin.x?.pixels(scale: 1) == 0 && origin.y?.pixels(scale: 1) == 0 {
            findings.append(
                GeometryFinding(
                    check: .noZeroPlaceholders, layout: layout.kind, slot: slot, fields: [],
                    message: "\(slot.rawValue) is at (0, 0), a placeholder rather than a measurement; leave unknown slots out"))
        }
        return findings
    }

    static func extraLargePortraitSpansThreeRows(_ layout: ResolvedLayout) -> [GeometryFinding] {
        guard let large = layout[.largeHeight], let small = layout[.smallHeight], let extraLarge = layout[.extraLargePortraitHeight],
            extraLarge != 2 * large - small
        else { return [] }
        return [
            GeometryFinding(
                check: .extraLargePortraitSpansThreeRows, layout: layout.kind,
                fields: [.extraLargePortraitHeight, .largeHeight, .smallHeight],
                message: "extra-large portrait height is \(extraLarge) px but 2 × large − small is \(2 * large - small) px (2 × \(large) − \(small))")
        ]
    }

    static func derivable(_ layout: ResolvedLayout) -> [GeometryFinding] {
        layout.spec.values.keys.sorted().compactMap { field in
            guard layout.spec.values[field]?.length == nil, layout.values[field] == nil else { return nil }
            return GeometryFinding(
                check: .derivable, layout: layout.kind, fields: [field],
                message: "\(field.rawValue) is marked derived, but no grid rule can compute it from the numbers given")
        }
    }
}

import SlotGeometry

/// Measures a layout from a screenshot with widgets placed.
public enum Calibrator {
    /// A candidate layout to compare with and to name rows by: a device's resolved layout whose
    /// screenshots have the same size (a candidate of another size is refused with
    /// ``CalibrationError/notTheLayoutsScreen(shot:device:layout:screen:)``).
    public typealias Candidate = (device: String, layout: ResolvedLayout)

    /// Refuses a pair that cannot be told apart: two sizes, or one picture twice (the same file
    /// given for both, a copy of it, or the same picture stored another way).
    static func checkPair(_ shot: ColorField, empty: ColorField) throws(CalibrationError) {
        if empty.size != shot.size { throw .differentSizes(shot: shot.size, empty: empty.size) }
        if empty.showsTheSamePicture(as: shot) { throw .identicalImages }
    }

    /// Finds the widgets on `shot`, fits the grid they sit on, names the slots they fill and
    /// compares them with each candidate layout. `empty`, a screenshot of the same page without
    /// widgets, lets widgets be told apart from the wallpaper by difference.
    public static func calibrate(_ shot: ColorField, empty: ColorField? = nil, candidates: [Candidate] = []) throws(CalibrationError) -> Calibration {
        if let empty { try checkPair(shot, empty: empty) }
        if let other = candidates.first(where: { $0.layout.screen.pixels != shot.size }) {
            throw .notTheLayoutsScreen(shot: shot.size, device: other.device, layout: other.layout.kind, screen: other.layout.screen.pixels)
        }
        let found = FootprintFinder(shot: shot, empty: empty).find()
        var footprints = found.footprints
        guard !footprints.isEmpty else {
            // Said region by region when something that may be a widget was rejected; app icons,
            // the dock and the like alone are no news.
            throw found.rejected.contains { $0.reason.mayBeAWidget } ? .everyRegionRejected(found.rejected) : .noWidgets
        }
        var notes = found.notes

        // Families by shape: medium widgets are wide; large ones are as wide as medium ones (over
        // 0.6 of the screen's width, where a small one is under 0.45) or taller than the others;
        // iOS 27's extra-large portrait ones are as wide and about 1.6 times as tall as wide
        // (large ones about 1.05).
        let shortest = footprints.map { $0.rect.height }.min()!
        for index in footprints.indices {
            let r = footprints[index].rect
            let fullWidth = Double(r.width) > 0.6 * Double(shot.width)
            if Double(r.width) > 1.6 * Double(r.height) {
                footprints[index].family = .medium
            } else if fullWidth, Double(r.height) > 1.35 * Double(r.width) {
                footprints[index].family = .extraLargePortrait
            } else if Double(r.height) > 1.5 * Double(shortest) || fullWidth {
                footprints[index].family = .large
            } else {
                footprints[index].family = .small
            }
        }
        var grid: [GridField: MeasuredNumber] = [:]
        func measure(_ field: GridField, _ values: [Int]) throws(CalibrationError) {
            guard let value = median(values) else { return }
            let spread = values.map { abs($0 - value) }.max()!
            if spread > 2 {
                throw .notOnGrid("\(field.rawValue) differs by \(spread) px between widgets (\(values.map(String.init).joined(separator: ", ")))")
            }
            grid[field] = MeasuredNumber(pixels: value, spread: spread, count: values.count)
        }
        for family in WidgetFamily.allCases {
            let members = footprints.filter { $0.family == family }
            let fields = GridField.size(of: family)
            try measure(fields.width, members.map { $0.rect.width })
            try measure(fields.height, members.map { $0.rect.height })
        }

        // Columns: medium and large widgets and the left small ones start on the left column.
        let centre = shot.width / 2
        let leftStarts = footprints.filter { $0.family != .small || $0.rect.x + $0.rect.width / 2 < centre }
        let rightStarts = footprints.filter { $0.family == .small && $0.rect.x + $0.rect.width / 2 >= centre }
        try measure(.left, leftStarts.map { $0.rect.x })
        try measure(.right, rightStarts.map { $0.rect.x })

        // Rows: cluster the top edges, then name the clusters.
        let tolerance = max(8, shortest / 4)
        var clusters: [[Int]] = []
        for y in footprints.map({ $0.rect.y }).sorted() {
            if let last = clusters.last?.last, y - last <= tolerance { clusters[clusters.count - 1].append(y) } else { clusters.append([y]) }
        }
        guard clusters.count <= 3 else { throw .notOnGrid("the widgets' top edges fall on \(clusters.count) rows; a home-screen page has at most 3") }
        let rowValues = clusters.map { median($0)! }
        let (names, namedByOrder) = rowNames(rowValues, candidates: candidates, height: shot.height, widgetHeight: shortest, notes: &notes)
        for (cluster, name) in zip(clusters, names) { try measure(.row(name), cluster) }

        // Which slot each widget fills.
        var slots: [(id: SlotID, rect: PixelRect)] = []
        for footprint in footprints {
            let rowIndex = clusters.firstIndex { $0.contains(footprint.rect.y) }!
            let row = names[rowIndex]
            let id = SlotID.allCases.first { id in
                id.family == footprint.family && id.row == row
                    && (footprint.family != .small || id.column == (footprint.rect.x + footprint.rect.width / 2 < centre ? .left : .right))
            }
            guard let id else {
                throw .notOnGrid(
                    "a \(footprint.family.rawValue) widget at \(footprint.rect) is on the \(row.rawValue) row, where no \(footprint.family.rawValue) slot starts"
                )
            }
            if slots.contains(where: { $0.id == id }) {
                throw .notOnGrid("two widgets fill \(id.rawValue)")
            }
            slots.append((id, footprint.rect))
        }
        slots.sort { $0.id < $1.id }

        // Which columns and rows no widget measured: the page has the candidates' rows (3 when unknown).
        let pageRows = candidates.map { $0.layout.spec.rows }.max() ?? GridRow.allCases.count
        if let coverage = GridCoverage.note(grid, rows: pageRows) { notes.append(coverage) }

        let comparisons = candidates.map { compare(slots, with: $0) }
        if candidates.isEmpty {
            notes.append(
                "no layout in the catalog has \(shot.size) screenshots: the screen class is unknown, so the measurement is compared with nothing")
        }
        let edgeWidth = footprints.map { $0.edgeWidth }.reduce(0, +) / Double(footprints.count)
        var calibration = Calibration(
            screenshot: shot.size, footprints: footprints, rejected: found.rejected, slots: slots, grid: grid, edgeWidth: edgeWidth, notes: notes,
            comparisons: comparisons)
        calibration.rowsNamedByOrder = namedByOrder
        return calibration
    }

    /// Names the measured rows: like the closest candidate layout's rows when one is close, else
    /// top, middle, bottom in order (said in the notes).
    ///
    /// Two rows of a page whose third row would lie above the screenshot are its top and middle
    /// rows; two whose third would run past its bottom are its middle and bottom rows.
    private static func rowNames(
        _ rows: [Int], candidates: [Candidate], height: Int, widgetHeight: Int, notes: inout [String]
    ) -> (names: [GridRow], byOrder: Bool) {
        var best: (error: Int, names: [GridRow])?
        for candidate in candidates {
            let known = GridRow.allCases.compactMap { row in candidate.layout[.row(row)].map { (row, $0) } }
            guard !known.isEmpty else { continue }
            let names = rows.map { y in known.min { abs($0.1 - y) < abs($1.1 - y) }! }
            guard Set(names.map { $0.0 }).count == rows.count else { continue }
            let error = zip(rows, names).map { abs($0 - $1.1) }.max()!
            if best == nil || error < best!.error { best = (error, names.map { $0.0 }) }
        }
        if let best, best.error <= 60 { return (best.names, false) }
        if rows.count == 2 {
            let pitch = rows[1] - rows[0]
            if rows[0] - pitch < 0 { return ([.top, .middle], false) }
            if rows[1] + pitch + widgetHeight > height { return ([.middle, .bottom], false) }
        }
        if rows.count < 3 {
            notes.append(
                "the rows were named top to bottom (\(GridRow.allCases.prefix(rows.count).map { $0.rawValue }.joined(separator: ", "))): no catalog layout says which rows these are"
            )
        }
        return (Array(GridRow.allCases.prefix(rows.count)), rows.count < 3)
    }

    private static func compare(_ slots: [(id: SlotID, rect: PixelRect)], with candidate: Candidate) -> LayoutComparison {
        var worst = (deviation: -1, text: "")
        var compared = 0
        for (id, rect) in slots {
            guard let expected = candidate.layout.slot(id)?.rect else { continue }
            compared += 1
            let largest = EdgeOffsets(measured: rect, listed: expected).largest
            if abs(largest.pixels) > worst.deviation {
                worst = (abs(largest.pixels), "\(id.rawValue) \(largest.edge.rawValue) \(largest.measured) vs \(largest.listed)")
            }
        }
        var sizeDeviation: Int?
        if compared == 0 {
            // Positions unknown: compare the sizes the widgets show with the layout's.
            for (id, rect) in slots {
                let fields = GridField.size(of: id.family)
                for (name, measured, field) in [("width", rect.width, fields.width), ("height", rect.height, fields.height)] {
                    guard let listed = candidate.layout[field], abs(measured - listed) > (sizeDeviation ?? -1) else { continue }
                    sizeDeviation = abs(measured - listed)
                    worst.text = "\(id.family.rawValue) \(name) \(measured) vs \(listed)"
                }
            }
        }
        return LayoutComparison(
            device: candidate.device, layout: candidate.layout.kind, compared: compared, maxDeviation: compared > 0 ? worst.deviation : nil,
            worst: worst.text, sizeDeviation: sizeDeviation)
    }
}

import SlotGeometry

/// Every slot a calibration's grid gives: the slots a widget showed (seen) and the ones the fitted
/// grid implies (four small widgets in two rows give every small, medium and large slot of those
/// rows), and the slots it cannot determine, each with why. No catalog is needed.
public struct MeasuredLayout: Sendable {
    /// How a slot's rectangle is known.
    public enum Evidence: String, Sendable {
        /// A widget on the page filled the slot: its rectangle is the fitted grid's, which that
        /// widget measured together with the others of its column, row and family.
        case seen
        /// No widget filled it; the fitted grid gives it by the grid rules.
        case implied
    }

    /// A slot with its rectangle. Every slot of a family has the family's one size, as on a
    /// phone: a widget measured a pixel or two off its fellows (within the grid's tolerance) does
    /// not give its crop a size of its own; its ``disagreement`` says how far it was.
    public struct MeasuredSlot: Sendable {
        public var id: SlotID
        public var rect: PixelRect
        public var kind: Evidence
        /// For a seen slot, the largest difference in pixels between its widget's edges and the
        /// fitted grid; for an implied slot, the largest spread of the grid numbers it rests on.
        public var disagreement: Int
        /// Whether the slot's row was named by order (``Calibration/rowsNamedByOrder``): its
        /// rectangle is measured, but which row of the page it is, is not known.
        public var rowNamedByOrder: Bool
    }

    /// A slot the page may have whose rectangle the measurement does not give.
    public struct UndeterminedSlot: Sendable {
        public var id: SlotID
        /// Why, in words: "no widget showed the bottom row".
        public var reason: String
    }

    public var screenshot: PixelSize
    /// Known slots, in canonical order.
    public var slots: [MeasuredSlot]
    /// Slots that cannot be determined, in canonical order; never guessed.
    public var undetermined: [UndeterminedSlot]
    /// The grid numbers measured and those the grid rules give from them, in pixels.
    public var grid: [GridField: Int]

    /// Measures the slots of a page from two screenshots of it: `placed`, with widgets, and
    /// `empty`, without. They must have one size and show the same page (the wallpaper may shift
    /// or be re-rendered with noise of a few levels). `candidates` are the catalog layouts of that
    /// size, to name rows by and compare with; none are needed.
    public static func measure(
        placed: ColorField, empty: ColorField, candidates: [Calibrator.Candidate] = []
    ) throws(CalibrationError) -> (calibration: Calibration, layout: MeasuredLayout) {
        try Calibrator.checkPair(placed, empty: empty)
        let step = FootprintFinder.step
        let noise = DifferenceThreshold(
            shot: placed, empty: empty, cells: CellGrid(placed, step: step), emptyCells: CellGrid(empty, step: step))
        if let different = noise.note { throw .notTheSamePage(different) }
        let calibration = try Calibrator.calibrate(placed, empty: empty, candidates: candidates)
        if PairOrder.isSwapped(calibration.footprints, placed: placed, empty: empty) { throw .swappedPair }
        // The page's rows: the candidates' (2 only where every candidate has 2), else 3.
        let rows = candidates.map { $0.layout.spec.rows }.max() ?? 3
        let layout = MeasuredLayout(calibration, rows: rows)
        // The grid rules every home screen keeps, as the catalog's layouts and `calibrate --into`
        // keep them; a measurement that matches a catalog layout within 1 px is that layout's.
        if calibration.match == nil {
            let findings = GeometryChecker.columnRules(
                of: layout.grid, screenWidth: placed.width, layout: candidates.first?.layout.kind ?? .ios26)
            if !findings.isEmpty { throw .offGrid(findings) }
        }
        return (calibration, layout)
    }

    /// The slots of `calibration`'s grid. The extra-large portrait family (iOS 27) is given only
    /// when a widget of it was seen, since the screenshot cannot tell whether the phone offers it.
    /// `rows` is how many widget rows the page has (2 on the 4-inch screen, else 3): no slot of a
    /// row the page lacks is implied.
    public init(_ calibration: Calibration, rows: Int = 3) {
        screenshot = calibration.screenshot
        let families: [WidgetFamily] =
            calibration.slots.contains { $0.id.family == .extraLargePortrait } ? WidgetFamily.allCases : [.small, .medium, .large]
        var values: [GridField: ResolvedValue] = [:]
        for (field, number) in calibration.grid { values[field] = .measured(number.pixels) }
        // Rows evenly spaced carry the grid into rows no widget showed only when the rows seen
        // are known to be the page's top, middle or bottom.
        GridRules.derive(into: &values, rows: calibration.rowsNamedByOrder ? 2 : rows, families: families)
        let byOrder = calibration.rowsNamedByOrder
        // Regions set aside that may be widgets: a slot "no widget showed" may have been shown by one.
        let lost = calibration.rejected.filter { $0.reason.mayBeAWidget }.count
        let setAside =
            lost == 0
            ? ""
            : " (\(lost) region\(lost == 1 ? "" : "s") that may be \(lost == 1 ? "a widget was" : "widgets were") set aside: see the regions not taken for widgets)"

        var slots: [MeasuredSlot] = []
        var undetermined: [UndeterminedSlot] = []
        for id in SlotID.allCases where families.contains(id.family) && (rows == 3 || !id.rowsCovered.contains(.bottom)) {
            // Rows named by order say nothing of what lies below the second row seen: a large
            // widget from there may run into the dock.
            if byOrder, calibration.slots.first(where: { $0.id == id }) == nil, id.rowsCovered.count > 1, id.row != .top {
                undetermined.append(
                    UndeterminedSlot(
                        id: id,
                        reason:
                            "no catalog layout of this screenshot size says which rows the widgets are on, so what lies below the second row seen is not known"
                    ))
                continue
            }
            let grid = Self.rect(id, values)
            if let seen = calibration.slots.first(where: { $0.id == id }) {
                // The widget measured its column, row and family size with the others: the slot
                // is where the grid puts it (the family's one size), the widget's own edges said
                // as the disagreement.
                let off = grid.map { abs(EdgeOffsets(measured: seen.rect, listed: $0).largest.pixels) } ?? 0
                slots.append(MeasuredSlot(id: id, rect: grid ?? seen.rect, kind: .seen, disagreement: off, rowNamedByOrder: byOrder))
                continue
            }
            switch grid {
            case .some(let rect) where rect.x >= 0 && rect.y >= 0 && rect.maxX <= screenshot.width && rect.maxY <= screenshot.height:
                let spread = Self.fields(of: id).compactMap { calibration.grid[$0]?.spread }.max() ?? 0
                slots.append(MeasuredSlot(id: id, rect: rect, kind: .implied, disagreement: spread, rowNamedByOrder: byOrder))
            case .some:
                undetermined.append(UndeterminedSlot(id: id, reason: "the fitted grid puts it outside the screenshot"))
            case .none:
                let missing = Self.fields(of: id).filter { values[$0] == nil }.map { $0.rawValue }
                undetermined.append(
                    UndeterminedSlot(
                        id: id, reason: "no widget showed its \(missing.joined(separator: ", ")), and the grid rules cannot give it\(setAside)"))
            }
        }
        self.slots = slots
        self.undetermined = undetermined
        self.grid = values.mapValues { $0.pixels }
    }

    /// The grid numbers a slot's rectangle rests on: its column, row and family size.
    static func fields(of id: SlotID) -> [GridField] {
        let size = GridField.size(of: id.family)
        return [GridField.column(id.column), GridField.row(id.row), size.width, size.height]
    }

    /// The slot's rectangle from the grid, when all four of its numbers are known.
    static func rect(_ id: SlotID, _ values: [GridField: ResolvedValue]) -> PixelRect? {
        let numbers = fields(of: id).compactMap { values[$0]?.pixels }
        guard numbers.count == 4 else { return nil }
        return PixelRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
}

import SlotGeometry

/// Reads a home-screen page's widget slots off its app icons (``IconPage``).
///
/// ``read(home:empty:layout:hints:)`` reads as its steps: the pair checked, the icons found, the
/// columns and the rows fitted, the rows numbered, the rule applied.
public enum IconPageReader {
    /// What is known of the page besides its pictures: from the catalog's layout of the screen
    /// (``init(_:)``), or from an app that knows its phone.
    public struct Hints: Sendable {
        /// The layout's top row in pixels, and how far off it may be: the rows are numbered from it.
        public var top: (pixels: Int, error: Int)?
        /// How many widget rows the page has (2 on the 4-inch screen, else 3), when known.
        public var widgetRows: Int?
        /// The screen's scale; `nil` for a phone the catalog lacks (taken from the width then).
        public var scale: Int?

        public init(top: (pixels: Int, error: Int)? = nil, widgetRows: Int? = nil, scale: Int? = nil) {
            self.top = top
            self.widgetRows = widgetRows
            self.scale = scale
        }

        /// What the catalog's layout says.
        public init(_ layout: ResolvedLayout) {
            self.init(
                top: layout.values[.top].map { ($0.pixels, $0.provenance.errorPixels ?? 0) }, widgetRows: layout.spec.rows,
                scale: layout.screen.scale)
        }
    }

    /// Reads the slots of `layout` off the icons on `home`, a screenshot of a page with app icons,
    /// against `empty`, a screenshot of an empty page over the same wallpaper, of the same size.
    /// `hints` say what is known of the phone (the catalog's layout of this screen, when it has
    /// one): the top row the rows are numbered from (without it they are numbered only where the
    /// screenshot leaves no doubt), how many widget rows the page has, and the scale (without
    /// it, taken from the screenshot's width).
    public static func read(home: ColorField, empty: ColorField, layout: LayoutKind, hints: Hints) throws(IconPageError) -> IconPage {
        guard let rule = IconGridRule.rule(for: layout) else { throw .noRule(layout, IconGridRule.noRule(for: layout)) }
        let threshold = try checkPair(home: home, empty: empty)
        let fromWidth = hints.scale == nil
        let scale = hints.scale ?? (home.width >= 1000 ? 3 : 2)

        let found = IconFinder(home: home, empty: empty, threshold: threshold).find()
        let shapes = found.icons.count + found.tilted
        if found.tilted >= 2, 3 * found.tilted >= shapes { throw .jiggleMode(tilted: found.tilted, of: shapes) }
        if PairOrder.isSwapped(found.icons + found.widgets, placed: home, empty: empty) { throw .pair(.swappedPair) }
        guard let iconSize = found.iconSize, !found.icons.isEmpty else {
            throw found.widgets.isEmpty ? .noIcons : .tooFewIcons(0)
        }
        if found.icons.count < 2, found.widgets.isEmpty { throw .tooFewIcons(found.icons.count) }
        let points = iconSize / Double(scale)
        guard (54.0...84.0).contains(points) else { throw .iconSize(points: points, scale: scale) }
        // iOS 26's icons are 60 to 68 pt with the small setting and 74 to 76 pt with the large one:
        // the page says which setting it shows, whichever was asked for.
        let setting = setting(of: layout, iconPoints: points)
        let top = setting == layout ? hints.top : nil

        var fit = IconGridFit(size: home.size, iconSize: iconSize, widening: rule.widening(scale: scale))
        var setAside = found.setAside
        setAside += try fit.fitColumns(icons: found.icons, widgets: found.widgets)
        try fit.fitRows(icons: found.icons.filter { icon in !setAside.contains { $0.rect == icon.rect } }, widgets: found.widgets)
        fit.numberRows(top: top, scale: scale)
        if setting != layout {
            fit.notes.append(
                "the icons are \(formatNumber(roundedToHundredths(points))) pt: the page shows the \(setting == .ios26LargeIcons ? "large" : "small")-icon setting, so its slots are \(setting.rawValue)'s"
            )
        }
        let icons = found.icons.filter { icon in !setAside.contains { $0.rect == icon.rect } }
        return try fit.page(
            rule: rule, layout: setting, widgetRows: hints.widgetRows, scale: scale, scaleFromWidth: fromWidth, icons: icons, widgets: found.widgets,
            setAside: setAside)
    }

    /// The largest small icon, in points: iOS 26's small icons are 60 to 68 pt, its large ones 74 to 76.
    static let largestSmallIcon = 71.0

    /// The icon setting the page shows, by its icons' size: for the iOS 26 layouts, the small or
    /// the large one; any other layout as asked.
    static func setting(of layout: LayoutKind, iconPoints: Double) -> LayoutKind {
        guard layout == .ios26 || layout == .ios26LargeIcons else { return layout }
        return iconPoints > largestSmallIcon ? .ios26LargeIcons : .ios26
    }

    /// The difference threshold of a pair that can be compared; refuses two sizes, one picture
    /// twice, and two pages that differ all over (another wallpaper, or light against dark).
    static func checkPair(home: ColorField, empty: ColorField) throws(IconPageError) -> DifferenceThreshold {
        do {
            try Calibrator.checkPair(home, empty: empty)
        } catch {
            throw .pair(error)
        }
        let step = FootprintFinder.step
        let threshold = DifferenceThreshold(shot: home, empty: empty, cells: CellGrid(home, step: step), emptyCells: CellGrid(empty, step: step))
        if let different = threshold.note {
            if let ratio = brightnessRatio(home, empty) { throw .lightAndDark(ratio: ratio) }
            throw .pair(.notTheSamePage(different))
        }
        return threshold
    }

    /// When one screenshot is about as much brighter than the other everywhere (iOS dims the
    /// wallpaper in dark mode), how bright the darker is against the brighter; otherwise `nil`.
    static func brightnessRatio(_ first: ColorField, _ second: ColorField) -> Double? {
        var ratios: [Float] = []
        for y in stride(from: 8, to: first.height, by: 24) {
            for x in stride(from: 8, to: first.width, by: 24) {
                let (a, b) = (first[x, y], second[x, y])
                let (la, lb) = ((a.x + a.y + a.z) / 3, (b.x + b.y + b.z) / 3)
                if la > 0.04, lb > 0.04 { ratios.append(la / lb) }
            }
        }
        guard ratios.count >= 100 else { return nil }
        // Most of the page (all but its icons and widgets) is the same wallpaper dimmed alike.
        let middle = ratios.sorted()[ratios.count / 2]
        let alike = ratios.filter { abs($0 - middle) <= 0.1 * middle }.count
        guard 2 * alike >= ratios.count, middle < 0.85 || middle > 1 / 0.85 else { return nil }
        return Double(min(middle, 1 / middle))
    }
}

/// The icon grid fitted to the icons (and widgets) found, axis by axis.
struct IconGridFit {
    let size: PixelSize
    let iconSize: Double
    /// How far widgets reach past their outer icons, in pixels, by the rule.
    var widening: Int

    var columns: [Double?] = [nil, nil, nil, nil]
    var columnSources: [IconPage.ColumnSource] = Array(repeating: .unknown, count: IconGrid.columnCount)
    /// The tops of the rows seen, top to bottom, with their number relative to the first (0).
    var rowsSeen: [(top: Double, index: Int)] = []
    var pitch: Double?
    /// The number (1-based) of the first row seen, when it can be told, and how.
    var firstRowNumber: Int?
    var rowNaming = ""
    var unknownAxes: [String] = []
    var notes: [String] = []

    init(size: PixelSize, iconSize: Double, widening: Int) {
        self.size = size
        self.iconSize = iconSize
        self.widening = widening
    }

    /// The shortest and longest distance between neighbouring icon columns or rows, against the
    /// icons' side: 1.4 to 1.55 times it on every measured screen, about 1.25 with large icons.
    var pitches: ClosedRange<Double> { (1.1 * iconSize)...(1.9 * iconSize) }

    /// Which of the four columns (0-based) an icon whose left edge is `left` stands in, from its
    /// distance to the screen's middle (iPhone icon grids are symmetric about it): half a column
    /// pitch for the inner columns, one and a half for the outer ones.
    func column(ofLeft left: Double) -> Int? {
        let offset = left + iconSize / 2 - Double(size.width) / 2
        if pitches.contains(2 * abs(offset)) { return offset < 0 ? 1 : 2 }
        if pitches.contains(2 * abs(offset) / 3) { return offset < 0 ? 0 : 3 }
        return nil
    }

    /// The four columns' left edges from the icons standing in them (and from the widgets' outer
    /// edges, which lie the rule's widening outside their outer icons), then the mirror image of
    /// a column no icon stood in; the icons off every column are set aside.
    mutating func fitColumns(icons: [Footprint], widgets: [Footprint]) throws(IconPageError) -> [IconPage.SetAside] {
        var observed: [[Double]] = Array(repeating: [], count: IconGrid.columnCount)
        var setAside: [IconPage.SetAside] = []
        for icon in icons {
            if let index = column(ofLeft: icon.left) {
                observed[index].append(icon.left)
            } else {
                setAside.append(IconPage.SetAside(rect: icon.rect, reason: .offTheGrid))
            }
        }
        if icons.count - setAside.count < 1, widgets.isEmpty {
            throw .offTheGrid("no icon stands where an iPhone's four columns are, symmetric about the screen's middle")
        }
        for widget in widgets {
            let first = widget.left + Double(widening)
            let last = widget.right - Double(widening) - iconSize
            if let index = column(ofLeft: first), observed[index].isEmpty { observed[index].append(first) }
            if let index = column(ofLeft: last), observed[index].isEmpty { observed[index].append(last) }
        }
        for index in 0..<IconGrid.columnCount {
            guard let value = median(observed[index]) else { continue }
            let spread = observed[index].map { abs($0 - value) }.max()!
            if spread > 2 {
                throw .offTheGrid("the icons of column \(index + 1) stand \(Int(spread.rounded())) px apart, and iOS puts a column at one x")
            }
            columns[index] = value
            columnSources[index] = .measured(observed[index].count)
        }
        let width = Double(size.width)
        for index in 0..<IconGrid.columnCount {
            let mirror = IconGrid.columnCount - 1 - index
            if let own = columns[index], let other = columns[mirror], index < mirror {
                let asymmetry = own + other + iconSize - width
                if abs(asymmetry) > 3 {
                    throw .offTheGrid(
                        "columns \(index + 1) and \(mirror + 1) are \(Int(abs(asymmetry).rounded())) px off symmetric about the screen's middle")
                }
            }
            if columns[index] == nil, let other = columns[mirror] {
                columns[index] = width - iconSize - other
                columnSources[index] = .mirrored(of: mirror + 1)
            }
        }
        let missing = (0..<IconGrid.columnCount).filter { columns[$0] == nil }.map { String($0 + 1) }
        if !missing.isEmpty {
            unknownAxes.append(
                "columns \(missing.joined(separator: " and ")): no icon stands in \(missing.count == 1 ? "it" : "them") nor in \(missing.count == 1 ? "its" : "their") mirror image"
            )
        }
        return setAside
    }

    /// The rows' tops from the icons' tops (and the widgets' top and bottom edges, which lie on
    /// icon rows), their pitch, and each row's number relative to the first seen.
    mutating func fitRows(icons: [Footprint], widgets: [Footprint]) throws(IconPageError) {
        let tops = (icons.map { $0.top } + widgets.flatMap { [$0.top, $0.bottom - iconSize] }).sorted()
        var clusters: [[Double]] = []
        for top in tops {
            if let last = clusters.last?.last, top - last <= iconSize / 4 { clusters[clusters.count - 1].append(top) } else { clusters.append([top]) }
        }
        var rows: [Double] = []
        for cluster in clusters {
            let value = median(cluster)!
            let spread = cluster.map { abs($0 - value) }.max()!
            if spread > 2 {
                throw .offTheGrid(
                    "the icons of the row at y \(Int(value.rounded())) stand \(Int(spread.rounded())) px apart, and iOS puts a row at one y")
            }
            rows.append(value)
        }
        guard let first = rows.first else { return }
        // The pitch: the one distance between rows seen that fits an iPhone's, a whole number
        // of times into each distance.
        var estimate: Double?
        if rows.count > 1 {
            let gaps = zip(rows.dropFirst(), rows).map { $0 - $1 }
            let smallest = gaps.min()!
            let fits = (1...5).map { smallest / Double($0) }.filter { pitches.contains($0) }
            if fits.count == 1 { estimate = fits[0] }
        } else {
            // One row of icons: a widget's height spans an odd number of pitches and an icon.
            let fits = widgets.flatMap { widget in [1.0, 3.0, 5.0].map { (widget.bottom - widget.top - iconSize) / $0 } }.filter {
                pitches.contains($0)
            }
            if let fit = fits.first, fits.allSatisfy({ abs($0 - fit) <= 1 }) { estimate = fit }
        }
        guard let estimate else {
            rowsSeen = [(first, 0)]
            unknownAxes.append(
                rows.count > 1
                    ? "rows: the rows seen are \(Int((rows[1] - rows[0]).rounded())) px apart, which more than one row pitch could make"
                    : "rows: one row of icons gives no row pitch")
            return
        }
        let indices = rows.map { Int((($0 - first) / estimate).rounded()) }
        // Least squares over the rows seen: the pitch that fits all of them best.
        let meanIndex = Double(indices.reduce(0, +)) / Double(indices.count)
        let meanTop = rows.reduce(0, +) / Double(rows.count)
        let spread = indices.map { (Double($0) - meanIndex) * (Double($0) - meanIndex) }.reduce(0, +)
        let fitted = spread > 0 ? zip(indices, rows).map { (Double($0) - meanIndex) * ($1 - meanTop) }.reduce(0, +) / spread : estimate
        let origin = meanTop - meanIndex * fitted
        for (index, row) in zip(indices, rows) where abs(origin + Double(index) * fitted - row) > 2 {
            throw .offTheGrid(
                "the row at y \(Int(row.rounded())) is \(Int(abs(origin + Double(index) * fitted - row).rounded())) px off evenly spaced rows")
        }
        pitch = fitted
        rowsSeen = zip(rows, indices).map { (origin + Double($1) * fitted, $1) }
    }

    /// The smallest top of icon row 1, in points: under the status bar of any iPhone.
    static let lowestFirstRowPoints = 20.0

    /// Which row seen is which icon row of the page: from the catalog's top row when it has this
    /// screen (and tells one row apart), else from the status bar (when no row fits above the
    /// first one seen, it is row 1).
    mutating func numberRows(top known: (pixels: Int, error: Int)?, scale: Int) {
        guard let pitch, let first = rowsSeen.first?.top else { return }
        let candidates = (1...6).map { number in (number: number, top: first - Double(number - 1) * pitch) }
        if let known {
            let (top, error) = (known.pixels, Double(known.error))
            let ranked = candidates.sorted { abs($0.top - Double(top)) < abs($1.top - Double(top)) }
            let (best, next) = (ranked[0], ranked[1])
            if abs(best.top - Double(top)) <= error + 4, abs(next.top - Double(top)) > error + 4 {
                firstRowNumber = best.number
                let words = error > 0 ? "derived, ±\(Int(error)) px" : "measured or published"
                rowNaming = "row 1 is the icon row nearest the layout's top row (y \(top), \(words))"
                return
            }
        }
        let lowest = Self.lowestFirstRowPoints * Double(scale)
        let possible = candidates.filter { $0.top >= lowest }
        if possible.count == 1 {
            firstRowNumber = possible[0].number
            rowNaming = "row 1 is the first row seen: no icon row fits above it under the status bar"
        } else {
            unknownAxes.append(
                "rows: which icon row is row 1 cannot be told (icons in row 1 would show it"
                    + (known == nil ? ", and the catalog has no layout of this screen)" : "; the layout's top row is too far off to tell)"))
        }
    }

    /// The page: the grid, and every slot the rule gives on it or why not. Refuses a page whose
    /// widgets do not sit where the rule puts them (more than 2 px off): the rule does not hold
    /// there, and no slot of it can be trusted.
    func page(
        rule: IconGridRule, layout: LayoutKind, widgetRows knownRows: Int?, scale: Int, scaleFromWidth: Bool, icons: [Footprint],
        widgets: [Footprint], setAside: [IconPage.SetAside]
    ) throws(IconPageError) -> IconPage {
        let size = Int(iconSize.rounded())
        let rounded = columns.map { $0.map { Int($0.rounded()) } }
        var firstRow: Int?
        var rowPitch: Int?
        var rowNumbers: [Int] = []
        if let pitch, let number = firstRowNumber, let seen = rowsSeen.first {
            rowPitch = Int(pitch.rounded())
            firstRow = Int((seen.top - Double(number - 1) * pitch).rounded())
            rowNumbers = rowsSeen.map { number + $0.index }
        }
        let grid = IconGrid(iconSize: size, columns: rounded, firstRow: firstRow, rowPitch: rowPitch)
        var notes = notes
        if scaleFromWidth {
            notes.append("the catalog has no phone with \(self.size) screenshots: the scale (@\(scale)x) is taken from the width")
        }
        if rule.isAssumed(for: layout) {
            notes.append("with large icons the rule's widening (\(rule.wideningPoints) pt) has not been measured: widths may be a few pixels off")
        }
        let widgetRows: Int? = knownRows ?? (rowNumbers.contains { $0 >= 5 } ? 3 : nil)
        var slots: [IconPage.Slot] = []
        var unknown: [IconPage.UnknownSlot] = []
        for id in SlotID.allCases where layout.families.contains(id.family) {
            if id.rowsCovered.contains(.bottom), widgetRows == 2 { continue }
            if id.rowsCovered.contains(.bottom), widgetRows == nil {
                unknown.append(IconPage.UnknownSlot(id: id, reason: "no icon shows on rows 5 and 6, and the catalog has no layout of this screen"))
                continue
            }
            switch rule.rect(of: id, on: grid, scale: scale) {
            case .success(let rect):
                guard rect.x >= 0, rect.y >= 0, rect.maxX <= self.size.width, rect.maxY <= self.size.height else {
                    unknown.append(IconPage.UnknownSlot(id: id, reason: "the rule puts it off the screen"))
                    continue
                }
                let used = id.family == .small ? (id.column == .left ? [0, 1] : [2, 3]) : [0, 3]
                let mirrored = used.contains { if case .mirrored = columnSources[$0] { true } else { false } }
                slots.append(IconPage.Slot(id: id, rect: rect, error: mirrored ? 1 : 0))
            case .failure(let gap):
                unknown.append(IconPage.UnknownSlot(id: id, reason: Self.words(gap)))
            }
        }
        for widget in widgets {
            let nearest = slots.map { slot in
                (
                    slot,
                    max(
                        abs(slot.rect.x - widget.rect.x), abs(slot.rect.y - widget.rect.y), abs(slot.rect.maxX - widget.rect.maxX),
                        abs(slot.rect.maxY - widget.rect.maxY))
                )
            }.min { $0.1 < $1.1 }
            if let (slot, off) = nearest, off > 2, off < Int(iconSize) {
                throw .offTheGrid(
                    "the widget at \(widget.rect.x), \(widget.rect.y) (\(widget.rect.width)×\(widget.rect.height)) is \(off) px from where the rule puts \(slot.id.rawValue) "
                        + "(\(slot.rect.x), \(slot.rect.y), \(slot.rect.width)×\(slot.rect.height)): the rule does not hold on this page")
            }
        }
        return IconPage(
            screenshot: self.size, scale: scale, scaleFromWidth: scaleFromWidth, layout: layout, rule: rule, icons: icons, widgets: widgets,
            setAside: setAside, grid: grid, columnSources: columnSources, rowsSeen: rowNumbers, rowNaming: rowNaming, slots: slots,
            unknownSlots: unknown, unknownAxes: unknownAxes, notes: notes)
    }

    /// Why a slot is not given, in words.
    static func words(_ gap: IconGridGap) -> String {
        switch gap {
        case .column(let number): "icon column \(number) is not known"
        case .firstRow: "which icon row is row 1 is not known"
        case .rowPitch: "the distance between icon rows is not known"
        }
    }
}

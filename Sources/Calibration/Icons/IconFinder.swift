import SlotGeometry

/// Finds the app icons and the widgets on a home-screen page, by difference from an empty page of
/// the same wallpaper, and measures their edges.
///
/// The page differs from the empty one where icons, their labels and badges, folders and widgets
/// are; the dock, the Search pill and the status bar are the same on both (the clock may differ by
/// a minute: text, too small to count). The differing cells are opened, so that labels and text
/// vanish, and each connected area is reduced to its body (its full rows and columns: a badge
/// sticking out of an icon's corner is not), then measured to a fraction of a pixel on its
/// straight edges (``EdgeMeasurer``). Bodies of an icon's size and square are icons; larger ones
/// are widgets; the rest (text, the clock) is left out.
struct IconFinder {
    let home: ColorField
    let empty: ColorField
    let threshold: DifferenceThreshold

    /// What the page shows.
    struct Found {
        /// The icons, square and of one size, top to bottom, left to right.
        var icons: [Footprint] = []
        /// Icon-sized shapes not taken for icons, each with why.
        var setAside: [IconPage.SetAside] = []
        /// The widgets.
        var widgets: [Footprint] = []
        /// How many of the icon-sized shapes are tilted (jiggle mode turns every icon a little).
        var tilted = 0
        /// The icons' side, in pixels (the median of their measured sides).
        var iconSize: Double?
    }

    /// The smallest and largest side of an icon's body, as a share of the screen's width: iPhone
    /// icons are 14 to 19 % of it in the small setting and up to 22 % in the large one.
    static let iconSides = 0.09...0.27
    /// The smallest side of a widget's body, as a share of the screen's width (a small widget is
    /// about 40 % of it).
    static let widgetSide = 0.3
    /// The most a measured icon's edges may stray along their length, in pixels: straight edges
    /// stray under one; an icon turned by 2° strays 3 px over the middle half of its side.
    static let straightness = 2.5
    /// The most two icons' sides may differ, in pixels, to be of one size.
    static let sizeTolerance = 3.0

    func find() -> Found {
        let step = FootprintFinder.step
        let cells = CellGrid(home, step: step)
        let emptyCells = CellGrid(empty, step: step)
        var mask = CellMask(columns: cells.columns, rows: cells.rows)
        for cell in 0..<cells.count { mask.bits[cell] = cells.difference(cell, in: emptyCells) > threshold.cell }
        let measurer = EdgeMeasurer(shot: home, empty: empty, threshold: threshold.pixel, steepest: true)
        let width = Double(home.width)

        var found = Found()
        var shapes: [Footprint] = []
        for group in mask.opened(radius: RegionFinder.openingRadius).components() {
            guard let box = Self.body(of: group, in: cells) else { continue }
            let (shorter, longer) = (Double(min(box.width, box.height)), Double(max(box.width, box.height)))
            if shorter >= Self.widgetSide * width {
                if case .measured(let footprint) = measurer.measure(box, color: .zero) { found.widgets.append(footprint) }
                continue
            }
            guard Self.iconSides.contains(shorter / width), Self.iconSides.contains(longer / width), longer <= 1.4 * shorter else { continue }
            switch measurer.measure(box, color: .zero) {
            case .measured(let footprint):
                if footprint.edgeSpread > Self.straightness {
                    found.tilted += 1
                    found.setAside.append(IconPage.SetAside(rect: footprint.rect, reason: .tilted))
                } else if abs((footprint.right - footprint.left) - (footprint.bottom - footprint.top)) > Self.sizeTolerance {
                    found.setAside.append(IconPage.SetAside(rect: footprint.rect, reason: .notSquare))
                } else {
                    shapes.append(footprint)
                }
            case .failed:
                found.setAside.append(IconPage.SetAside(rect: box, reason: .edgesNotMeasured))
            }
        }
        guard let size = median(shapes.map { $0.right - $0.left }) else { return found }
        found.iconSize = size
        for shape in shapes {
            if abs((shape.right - shape.left) - size) > Self.sizeTolerance {
                found.setAside.append(IconPage.SetAside(rect: shape.rect, reason: .anotherSize))
            } else {
                found.icons.append(shape)
            }
        }
        found.icons.sort { ($0.rect.y, $0.rect.x) < ($1.rect.y, $1.rect.x) }
        found.widgets.sort { ($0.rect.y, $0.rect.x) < ($1.rect.y, $1.rect.x) }
        found.setAside.sort { ($0.rect.y, $0.rect.x) < ($1.rect.y, $1.rect.x) }
        return found
    }

    /// The box of a group's body in pixels: its rows at least ``fullShare`` as full as its fullest,
    /// then its columns within those rows, then its rows within those columns (the longest run of
    /// each), so that a badge on a corner or a label joined below are left out; `nil` when empty.
    static func body(of group: [Int], in cells: CellGrid) -> PixelRect? {
        let (local, minX, minY) = cells.localMask(of: group)
        var rows = 0..<local.rows
        var columns = 0..<local.columns
        for pass in 0..<3 {
            if pass == 1 {
                columns = longestFullRun(columns.map { x in rows.filter { local[x, $0] }.count }, offset: columns.lowerBound)
            } else {
                rows = longestFullRun(rows.map { y in columns.filter { local[$0, y] }.count }, offset: rows.lowerBound)
            }
        }
        guard !rows.isEmpty, !columns.isEmpty else { return nil }
        return cells.pixels(column: minX + columns.lowerBound, row: minY + rows.lowerBound, columns: columns.count, rows: rows.count)
    }

    /// How full a line of a body is, at least, against the fullest: the rounded corners of an
    /// icon leave its first and last few lines shorter, which the edge measurement reaches past.
    static let fullShare = 0.6

    /// The longest run of counts at least ``fullShare`` of the largest, as a range of line
    /// indices (`counts[0]` being line `offset`).
    private static func longestFullRun(_ counts: [Int], offset: Int) -> Range<Int> {
        let threshold = max(1, Int((Double(counts.max() ?? 0) * fullShare).rounded(.up)))
        var best = offset..<offset
        var start: Int?
        for (index, count) in counts.enumerated() {
            if count >= threshold {
                if start == nil { start = index }
                if index + 1 - start! > best.count { best = (offset + start!)..<(offset + index + 1) }
            } else {
                start = nil
            }
        }
        return best
    }
}

import SlotGeometry

/// Finds the regions of a screenshot that may be widgets, on a ``CellGrid``.
///
/// With an empty page of the same wallpaper, a region is a connected area of cells that differ
/// from it: any widget content, photos, glass, dark widgets on a dark wallpaper. Thin
/// differences (lines drawn across the page, labels, text in the status bar) are opened away
/// first, so that they neither join widgets nor become regions.
///
/// Without one, a region is a connected area of flat cells of one colour: solid widgets of any
/// colour. It grows across gaps of up to ``GapBridger/widestGap`` cells, so that a line drawn
/// across a widget does not cut it in two. The wallpaper, which reaches the screen's edges, and
/// patches of it, which have an edge (``EdgeProbe``) on two sides at most, are left out.
///
/// Regions whose shorter side is under ``WidgetShape/candidateSideOfWidth`` of the screen's width
/// (text, page dots, noise) are specks, not candidates.
struct RegionFinder {
    let shot: ColorField
    let cells: CellGrid
    let emptyCells: CellGrid?
    /// Differences of cell means from the empty page above this are changes.
    let threshold: Float
    let screen: PixelSize

    /// Flat cells: their samples stray at most this far from their mean.
    static let flatSpread: Float = 0.03
    /// A solid region's cells are at most this far from the colour of the cell it grew from.
    static let colorTolerance: Float = 0.06
    /// Regions are opened with a square of `2 × radius + 1` cells: lines up to 6 px wide (of any
    /// colour on a difference, of the widgets' own colour without an empty page) and text strokes
    /// vanish, widgets keep their shape.
    static let openingRadius = 2

    struct Regions {
        var regions: [Region] = []
        /// Regions rejected before their shape is judged (reaching the screen's edge on a difference).
        var rejected: [RejectedRegion] = []
    }

    func find() -> Regions {
        var found = Regions()
        let groups = if let emptyCells { changedGroups(emptyCells) } else { solidGroups() }
        let speck = max(1, Int(WidgetShape.candidateSideOfWidth * Double(screen.width)))
        for group in groups {
            let (minX, minY, maxX, maxY) = cells.bounds(of: group)
            let box = cells.pixels(column: minX, row: minY, columns: maxX - minX + 1, rows: maxY - minY + 1)
            guard min(box.width, box.height) >= speck else { continue }
            if minX == 0 || minY == 0 || maxX == cells.columns - 1 || maxY == cells.rows - 1 {
                // The wallpaper, without an empty page; a page that is not the same, with one.
                if emptyCells != nil { found.rejected.append(RejectedRegion(rect: box, reason: .reachesScreenEdge)) }
                continue
            }
            let region = Region(cells: group, grid: cells, fillingHoles: emptyCells != nil)
            guard min(region.rect.width, region.rect.height) >= speck else { continue }
            // Without an empty page, a region with an edge on fewer than three sides is a patch of
            // wallpaper (between widgets, it has two); a solid widget has an edge all round. It is
            // reported when it has two and is otherwise shaped like a widget: it may be a widget of
            // about the wallpaper's colour.
            if emptyCells == nil {
                let sides = EdgeProbe.edges(of: region.rect, in: shot)
                if sides < 3 {
                    if sides == 2, WidgetShape.rejection(of: region, on: screen) == nil {
                        found.rejected.append(RejectedRegion(rect: region.rect, reason: .fades(edges: sides)))
                    }
                    continue
                }
            }
            found.regions.append(region)
        }
        return found
    }

    /// Connected areas of cells that differ from the empty page, thin ones opened away; and thin
    /// rings of them with what they close, where nothing else is (a transparent widget moved
    /// along a wallpaper that repeats there differs from it only at its rim). Only there: a ring
    /// around a region (a large difference with a widget inside) is not taken for one.
    private func changedGroups(_ empty: CellGrid) -> [[Int]] {
        var mask = CellMask(columns: cells.columns, rows: cells.rows)
        for cell in 0..<cells.count { mask.bits[cell] = cells.difference(cell, in: empty) > threshold }
        let opened = mask.opened(radius: Self.openingRadius)
        let rings = GapBridger.holesFilled(mask).opened(radius: Self.openingRadius).components().filter { ring in
            !ring.contains { opened.bits[$0] }
        }
        return bandsJoined(opened.components(), mask: mask) + rings
    }

    /// `groups` (the opened mask's components), with those that are bands of one widget joined:
    /// a widget moved along stripes across matches the wallpaper on a row or two of cells every
    /// period, so its differences fall apart into bands, none shaped like a widget. Where the mask
    /// with its gaps of up to ``GapBridger/widestGap`` cells bridged (then opened) joins two
    /// groups or more, none of them shaped like a widget, into one that is, that one is taken.
    private func bandsJoined(_ groups: [[Int]], mask: CellMask) -> [[Int]] {
        let shaped = groups.map { WidgetShape.rejection(of: Region(cells: $0, grid: cells, fillingHoles: true), on: screen) == nil }
        // Fewer than two groups not shaped like a widget: none to join (and no bridging done).
        guard shaped.count(where: { !$0 }) > 1 else { return groups }
        let joined = GapBridger.bridged(mask, fillingHoles: false).opened(radius: Self.openingRadius).components()
        var owner = [Int](repeating: 0, count: mask.bits.count)
        for (index, group) in joined.enumerated() { for cell in group { owner[cell] = index } }
        // Each joined region's groups (every group lies in one: bridging and opening only add cells).
        var parts = [[Int]](repeating: [], count: joined.count)
        for (index, group) in groups.enumerated() { parts[owner[group[0]]].append(index) }
        var result: [[Int]] = []
        var taken = [Bool](repeating: false, count: groups.count)
        for (whole, members) in parts.enumerated() where members.count > 1 && !members.contains(where: { shaped[$0] }) {
            guard WidgetShape.rejection(of: Region(cells: joined[whole], grid: cells, fillingHoles: true), on: screen) == nil else { continue }
            result.append(joined[whole])
            for member in members { taken[member] = true }
        }
        return result + groups.indices.filter { !taken[$0] }.map { groups[$0] }
    }

    /// Connected areas of flat cells of one colour, each grown from its first cell (in reading
    /// order) over cells of about that colour, across gaps of up to ``GapBridger/widestGap`` cells
    /// of anything else, then bridged and opened (see ``separated(_:)``).
    private func solidGroups() -> [[Int]] {
        var region = [Int](repeating: -1, count: cells.count)
        var groups: [[Int]] = []
        var stack: [Int] = []
        for seed in 0..<cells.count where region[seed] < 0 && cells.spreads[seed] <= Self.flatSpread {
            let color = cells.color(seed)
            let id = groups.count
            var group: [Int] = []
            region[seed] = id
            stack.append(seed)
            while let cell = stack.popLast() {
                group.append(cell)
                let (x, y) = (cell % cells.columns, cell / cells.columns)
                for direction in 0..<4 {
                    // The nearest cell of the colour within reach, across anything else.
                    for distance in 1...(GapBridger.widestGap + 1) {
                        let (nx, ny) = CellMask.neighbour(x, y, direction, distance: distance)
                        guard nx >= 0, ny >= 0, nx < cells.columns, ny < cells.rows else { break }
                        let next = ny * cells.columns + nx
                        guard cells.spreads[next] <= Self.flatSpread, cells.difference(next, from: color) <= Self.colorTolerance else { continue }
                        if region[next] < 0 {
                            region[next] = id
                            stack.append(next)
                        }
                        break
                    }
                }
            }
            groups += separated(group)
        }
        return groups
    }

    /// A grown group with the gaps that lines cut bridged, then opened: lines of the group's own
    /// colour come off, and what they joined comes apart.
    private func separated(_ group: [Int]) -> [[Int]] {
        let speck = Int(WidgetShape.candidateSideOfWidth * Double(screen.width)) / cells.step
        var (local, minX, minY) = cells.localMask(of: group)
        guard min(local.columns, local.rows) >= speck else { return [] }
        local = GapBridger.bridged(local, fillingHoles: false).opened(radius: Self.openingRadius)
        return local.components().map { part in
            part.map { index in (index / local.columns + minY) * cells.columns + index % local.columns + minX }
        }
    }
}

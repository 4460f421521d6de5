import SlotGeometry

/// Finds the widgets on a screenshot of a home-screen page with widgets placed, and every region
/// that could have been one but was rejected.
///
/// Three steps, each in its own type: ``RegionFinder`` finds candidate regions on a coarse grid
/// (by difference from an empty page of the same wallpaper, or as solid colours without one),
/// bridging the gaps thin lines cut; ``WidgetShape`` rejects those that are not shaped like a
/// widget; ``EdgeMeasurer`` measures the straight edges of the rest on the pixels.
struct FootprintFinder {
    let shot: ColorField
    let empty: ColorField?
    /// The size of a cell of the coarse grid, in pixels.
    static let step = 4

    struct Footprints {
        /// The widgets, top to bottom, left to right.
        var footprints: [Footprint] = []
        /// The candidate regions that are not widgets, top to bottom, left to right.
        var rejected: [RejectedRegion] = []
        /// What to know about how they were found.
        var notes: [String] = []
    }

    func find() -> Footprints {
        let cells = CellGrid(shot, step: Self.step)
        let emptyCells = empty.map { CellGrid($0, step: Self.step) }
        var threshold = DifferenceThreshold.pixelFloor
        var cellThreshold = DifferenceThreshold.cellFloor
        var notes: [String] = []
        if let empty, let emptyCells {
            let noise = DifferenceThreshold(shot: shot, empty: empty, cells: cells, emptyCells: emptyCells)
            (threshold, cellThreshold) = (noise.pixel, noise.cell)
            if let note = noise.note { notes.append(note) }
        }
        let candidates = RegionFinder(shot: shot, cells: cells, emptyCells: emptyCells, threshold: cellThreshold, screen: shot.size).find()
        var found = Footprints(rejected: candidates.rejected, notes: notes)
        let measurer = EdgeMeasurer(shot: shot, empty: empty, threshold: threshold)
        for region in candidates.regions {
            if let reason = WidgetShape.rejection(of: region, on: shot.size) {
                found.rejected.append(RejectedRegion(rect: region.rect, reason: reason))
                continue
            }
            switch measurer.measure(region) {
            case .measured(let footprint): found.footprints.append(footprint)
            case .failed(let edge): found.rejected.append(RejectedRegion(rect: region.rect, reason: .edgeNotMeasured(edge)))
            }
        }
        found.footprints.sort { ($0.rect.y, $0.rect.x) < ($1.rect.y, $1.rect.x) }
        found.rejected.sort { ($0.rect.y, $0.rect.x) < ($1.rect.y, $1.rect.x) }
        return found
    }
}

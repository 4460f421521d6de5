import Calibration
import GeometryFormat
import SlotGeometry

extension GeometryCatalog {
    /// The catalog's layouts drawn on screenshots of `size`, as the candidates `backdrop calibrate`
    /// compares with, in the catalog's order (the command line makes them from its catalog).
    public func candidates(matching size: PixelSize) -> [Calibrator.Candidate] {
        layouts(matching: size).map { (device: $0.device, layout: Self.resolved($0)) }
    }

    /// A ``ResolvedLayout`` with the slots of a `geometry.json` layout: its grid numbers are read
    /// off the slots (sizes, and each row's and column's most common origin), a slot elsewhere
    /// keeps its own origin, and the grid rules fill in the rest as they do for the profile.
    static func resolved(_ layout: GeometryLayout) -> ResolvedLayout {
        let scale = layout.scale
        let provenance = Provenance(kind: .measured)
        let known = layout.slots.map { (id: $0.id, rect: $0.rect) }
        var values: [GridField: StatedValue] = [:]
        func state(_ field: GridField, _ pixels: Int) {
            if values[field] == nil { values[field] = StatedValue(.pixels(Double(pixels)), provenance) }
        }
        var rows = 2
        for (id, rect) in known {
            let fields = GridField.size(of: id.family)
            state(fields.width, rect.width)
            state(fields.height, rect.height)
            if id.rowsCovered.contains(.bottom) { rows = 3 }
        }
        for id in SlotID.allCases {
            guard let size = layout.unknownSizes[id] else { continue }
            let fields = GridField.size(of: id.family)
            state(fields.width, size.width)
            state(fields.height, size.height)
        }
        // The page has its known and unknown slots; 4-inch screens have no bottom row.
        for id in layout.unknown where id.rowsCovered.contains(.bottom) { rows = 3 }
        for row in GridRow.allCases {
            if let y = mostCommon(known.filter { $0.id.row == row }.map { $0.rect.y }) { state(.row(row), y) }
        }
        for column in [GridColumn.left, .right] {
            if let x = mostCommon(known.filter { $0.id.column == column }.map { $0.rect.x }) { state(.column(column), x) }
        }
        var origins: [SlotID: SlotOrigin] = [:]
        for (id, rect) in known {
            let x = values[.column(id.column)]?.length?.wholePixels(scale: scale)
            let y = values[.row(id.row)]?.length?.wholePixels(scale: scale)
            if x != rect.x || y != rect.y {
                origins[id] = SlotOrigin(x: .pixels(Double(rect.x)), y: .pixels(Double(rect.y)), provenance: provenance)
            }
        }
        let spec = LayoutSpec(kind: layout.layout, rows: rows, values: values, slotOrigins: origins)
        let screen = Screen(width: layout.screenshot.width / scale, height: layout.screenshot.height / scale, scale: scale)
        var resolved = ResolvedLayout(
            spec, of: DeviceProfile(id: layout.device, name: layout.deviceName, models: [], screen: screen, layouts: [spec]))
        // The screenshot's own size, even if it is not a whole number of points.
        resolved.screen = screen
        return resolved
    }

    /// The value most of `values` have (the first of them on a tie), or nil when there is none.
    private static func mostCommon(_ values: [Int]) -> Int? {
        var best: (value: Int, count: Int)?
        for value in values {
            let count = values.filter { $0 == value }.count
            if best == nil || count > best!.count { best = (value, count) }
        }
        return best?.value
    }
}

import SlotGeometry

extension Calibration {
    /// The layout block to paste into a device profile, one YAML line each (indented for the
    /// `layouts:` map): the matching layout's name (or LAYOUT), unit, source, every measured
    /// widget size and grid value, e.g. `    left: 87`. `backdrop calibrate` prints these lines, and
    /// the measure page shows the same.
    public var layoutBlock: [String] {
        var lines = ["  \(match?.layout.rawValue ?? "LAYOUT"):", "    unit: px", "    source: measured calibration"]
        for family in WidgetFamily.allCases {
            let fields = GridField.size(of: family)
            guard let width = grid[fields.width]?.pixels, let height = grid[fields.height]?.pixels else { continue }
            lines.append("    \(family.rawValue): \(family == .small && width == height ? "\(width)" : "\(width)x\(height)")")
        }
        for field in [GridField.left, .right, .top, .middle, .bottom] {
            if let value = grid[field]?.pixels { lines.append("    \(field.rawValue): \(value)") }
        }
        return lines
    }
}

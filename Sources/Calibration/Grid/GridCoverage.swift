import SlotGeometry

/// Says which columns and rows of the page the widgets measured, when some were not: a grid fitted
/// from two widgets must not read like one fitted from six.
enum GridCoverage {
    /// A note such as `columns from 2 widgets (left 1, right 1), rows from 2 (middle 2); not
    /// measured (no widget found starts there): the top and bottom rows`, or `nil` when every
    /// column and each of the page's `rows` rows was measured.
    static func note(_ grid: [GridField: MeasuredNumber], rows: Int) -> String? {
        let columns = [GridColumn.left, .right].map { (name: $0.rawValue, number: grid[.column($0)]) }
        let pageRows = GridRow.allCases.prefix(rows).map { (name: $0.rawValue, number: grid[.row($0)]) }
        let missingColumns = columns.filter { $0.number == nil }.map { $0.name }
        let missingRows = pageRows.filter { $0.number == nil }.map { $0.name }
        guard !missingColumns.isEmpty || !missingRows.isEmpty else { return nil }

        func counts(_ measured: [(name: String, number: MeasuredNumber?)]) -> (total: Int, detail: String) {
            let present = measured.compactMap { entry in entry.number.map { (entry.name, $0.count) } }
            return (present.map { $0.1 }.reduce(0, +), present.map { "\($0.0) \($0.1)" }.joined(separator: ", "))
        }
        let (columnTotal, columnDetail) = counts(columns)
        let (rowTotal, rowDetail) = counts(pageRows)
        var missing: [String] = []
        if !missingColumns.isEmpty {
            missing.append("the \(list(missingColumns)) column\(missingColumns.count == 1 ? "" : "s")")
        }
        if !missingRows.isEmpty { missing.append("the \(list(missingRows)) row\(missingRows.count == 1 ? "" : "s")") }
        return "columns from \(columnTotal) widget\(columnTotal == 1 ? "" : "s") (\(columnDetail)), rows from \(rowTotal) (\(rowDetail)); "
            + "not measured (no widget found starts there): \(missing.joined(separator: ", "))"
    }

    /// `a`, `a and b`, `a, b and c`.
    private static func list(_ names: [String]) -> String {
        names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}

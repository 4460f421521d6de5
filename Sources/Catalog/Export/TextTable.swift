import Foundation

/// Rows of text laid out in left-aligned columns, as the commands print their lists and reports
/// (`devices`, `slots`, `checks`, `calibrate`, `crop --measured-from`).
public enum TextTable {
    /// The rows, each cell padded to its column's widest and the cells two spaces apart; the last
    /// cell of a row is not padded. Empty when there is no row.
    public static func render(_ rows: [[String]]) -> String {
        guard let columns = rows.map(\.count).max() else { return "" }
        let widths = (0..<columns).map { column in
            rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}

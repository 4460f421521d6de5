import Catalog
import Foundation

// What the commands print, and how: standard output and standard error, tables and JSON.

/// Prints a line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Prints a line to standard output unbuffered, so that a program reading the pipe sees it at once.
func printLine(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

/// Encodes a value as pretty, key-sorted JSON text.
func jsonText(_ value: some Encodable) throws -> String {
    String(decoding: try encodeJSON(value), as: UTF8.self)
}

/// Lays out rows of text in left-aligned columns.
func table(_ rows: [[String]]) -> String {
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

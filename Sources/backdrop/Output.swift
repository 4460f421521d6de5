import ArgumentParser
import Catalog
import Foundation

/// The `--content` option shared by the commands that read the catalog.
struct ContentOptions: ParsableArguments {
    @Option(name: .long, help: "The content folder (device profiles in devices/).")
    var content: String = "content"

    /// Loads the catalog. Errors go to standard error; the caller decides the exit code.
    func loadCatalog(reportErrors: Bool = true) -> Catalog {
        let catalog = Catalog.load(content: content)
        if reportErrors {
            for diagnostic in catalog.diagnostics where diagnostic.severity == .error {
                printError(diagnostic.description)
            }
        }
        return catalog
    }
}

/// Prints a line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}

/// Encodes a value as pretty, key-sorted JSON text.
func jsonText(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
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

/// Problems that make a command fail, each on its own line of standard error.
struct CommandFailure: Error, CustomStringConvertible {
    var problems: [String]

    init(_ problems: [String]) {
        self.problems = problems
    }

    var description: String { problems.joined(separator: "\n") }
}

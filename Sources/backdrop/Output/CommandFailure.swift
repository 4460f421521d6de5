import FileAccess

/// Problems that make a command fail, each on its own line of standard error.
struct CommandFailure: Error, CustomStringConvertible {
    var problems: [String]

    init(_ problems: [String]) {
        self.problems = problems
    }

    var description: String { problems.joined(separator: "\n") }
}

/// Makes a folder the command writes to, or fails with a message naming it and the reason.
func makeFolder(_ path: String) throws(CommandFailure) {
    do {
        try FileWriter.makeFolder(path)
    } catch {
        throw CommandFailure([error.description])
    }
}

/// Writes a file the command was asked to write (see ``FileWriter/replace(_:with:)``), or fails
/// with a message naming it and the reason.
func writeFile(_ path: String, _ text: String) throws(CommandFailure) {
    do {
        try FileWriter.replace(path, with: Array(text.utf8))
    } catch {
        throw CommandFailure([error.description])
    }
}

/// Refuses a pair of screenshots that is one file given twice (the same path, `./A` and `A`, a
/// hard or symbolic link): measuring needs the empty page and the page with widgets. A copy is
/// refused from its pixels (``CalibrationError/identicalImages``).
func requireTwoScreenshots(placed: String, empty: String) throws(CommandFailure) {
    guard FileReader.isSameFile(placed, empty) else { return }
    throw CommandFailure([
        "\(placed): is the same file as the empty screenshot \(empty); give two screenshots: "
            + "the page without widgets and the same page with widgets placed"
    ])
}

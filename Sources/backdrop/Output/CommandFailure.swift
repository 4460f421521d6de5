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

import CheckCodes
import FileAccess

/// Problems that make a command fail, each on its own line of standard error: what the libraries
/// threw, kept as their ``ProblemText``s until `main` prints them.
struct CommandFailure: Problem {
    var problems: [ProblemText]

    init(_ problems: [ProblemText]) {
        self.problems = problems
    }

    /// The problems of `error`, each about `file` when given and it names none.
    init(_ error: some Problem, naming file: String? = nil) {
        self.problems = file.map { error.problems(naming: $0) } ?? error.problems
    }

    /// The problems of an error whose type the caller does not know: a ``Problem``'s own, else the
    /// error's description (an error from outside Backdrop), about `file` when given.
    init(anyError error: any Error, naming file: String? = nil) {
        let problems = (error as? any Problem)?.problems ?? [ProblemText(reason: "\(error)")]
        self.problems = file.map { file in problems.map { $0.naming(file) } } ?? problems
    }
}

/// Makes a folder the command writes to, or fails with a message naming it and the reason.
func makeFolder(_ path: String) throws(CommandFailure) {
    do {
        try FileWriter.makeFolder(path)
    } catch {
        throw CommandFailure(error)
    }
}

/// Writes a file the command was asked to write (see ``FileWriter/replace(_:with:)``), or fails
/// with a message naming it and the reason.
func writeFile(_ path: String, _ text: String) throws(CommandFailure) {
    do {
        try FileWriter.replace(path, with: Array(text.utf8))
    } catch {
        throw CommandFailure(error)
    }
}

/// Refuses a pair of screenshots that is one file given twice (the same path, `./A` and `A`, a
/// hard or symbolic link): measuring needs the empty page and the page with widgets. A copy is
/// refused from its pixels (``CalibrationError/identicalImages``).
func requireTwoScreenshots(placed: String, empty: String) throws(CommandFailure) {
    guard FileReader.isSameFile(placed, empty) else { return }
    throw CommandFailure([
        ProblemText(
            file: placed,
            reason: "is the same file as the empty screenshot \(empty); give two screenshots: "
                + "the page without widgets and the same page with widgets placed")
    ])
}

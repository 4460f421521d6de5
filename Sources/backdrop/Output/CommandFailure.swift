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

/// Writes a file the command was asked to write (see ``FileWriter/replace(_:with:)``), or fails
/// with a message naming it and the reason.
func writeFile(_ path: String, _ text: String) throws(CommandFailure) {
    do {
        try FileWriter.replace(path, with: Array(text.utf8))
    } catch {
        throw CommandFailure(error)
    }
}

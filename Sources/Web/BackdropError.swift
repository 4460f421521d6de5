import CheckCodes
import GeometryFormat

/// An error for the page: the file it is about, the reason, and the message worded exactly as the
/// command-line tool words it (``ProblemText/message``), made from any ``Problem``.
public struct BackdropError: Problem, Hashable, Sendable {
    public var file: String?
    public var reason: String

    public init(file: String?, reason: String) {
        self.file = file
        self.reason = reason
    }

    /// The error a page is given for `error`: its first problem's file, and every reason.
    public init(_ error: some Problem) {
        let problems = error.problems
        var reason = ""
        for problem in problems {
            if !reason.isEmpty { reason += "; " }
            reason += problem.line.map { "line \($0): \(problem.reason)" } ?? problem.reason
        }
        self.init(file: problems.first?.file, reason: reason)
    }

    /// `error`, about `file` when it names none.
    public init(_ error: some Problem, naming file: String) {
        self.init(file: error.problems.first?.file ?? file, reason: BackdropError(error).reason)
    }

    public var problems: [ProblemText] { [ProblemText(file: file, reason: reason)] }

    /// ``ProblemText/message``: "FILE: reason".
    public var message: String { description }

    /// `{ file, reason, message }`, what the glue throws.
    public var json: JSONValue {
        .object([("file", file.map { .string($0) } ?? .null), ("reason", .string(reason)), ("message", .string(message))])
    }
}

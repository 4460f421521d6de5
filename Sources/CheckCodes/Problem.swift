/// One problem as a person reads it: the file it is about, the line in it, the code of the check
/// that found it, and why.
public struct ProblemText: Hashable, Sendable {
    /// The file or folder, as the user named it; nil when the problem is about none.
    public var file: String?
    /// The 1-based line in the file, when known.
    public var line: Int?
    /// The stable code of the check that found the problem (`G005`, `S003`), when a check did.
    public var code: String?
    /// Why, in words, without the file's name.
    public var reason: String

    public init(file: String? = nil, line: Int? = nil, code: String? = nil, reason: String) {
        self.file = file
        self.line = line
        self.code = code
        self.reason = reason
    }

    /// The one wording of every problem, on the command line and in the browser: `FILE:LINE: reason`,
    /// `FILE: reason`, or the reason alone.
    public var message: String {
        guard let file else { return reason }
        guard let line else { return "\(file): \(reason)" }
        return "\(file):\(line): \(reason)"
    }

    /// The same problem, about `file` when it names none.
    public func naming(_ file: String) -> ProblemText {
        var named = self
        if named.file == nil { named.file = file }
        return named
    }
}

/// The one shape of every error Backdrop reports: what went wrong as ``ProblemText``s (file,
/// line, check code, reason), most errors one, a failed build one per finding. Its description is
/// their messages, a line each, so that every error is worded in one place: a type adopting it
/// gives its facts, never its own sentence around them.
public protocol Problem: Error, CustomStringConvertible {
    /// What went wrong, as a person reads it.
    var problems: [ProblemText] { get }
}

extension Problem {
    /// Each problem's ``ProblemText/message``, a line each.
    public var description: String { problems.messages }

    /// Why, without any file's name: every problem's reason, joined by "; ". For a caller that
    /// names the file itself, in a problem of its own.
    public var reasons: String { problems.joined(separator: "; ") { $0.reason } }

    /// The problems, each about `file` when it names none: how a caller that knows the file names
    /// a problem found without it (a decoder's error, a calibration's).
    public func problems(naming file: String) -> [ProblemText] {
        problems.map { $0.naming(file) }
    }
}

extension Array where Element == ProblemText {
    /// Each problem's ``ProblemText/message``, a line each: how a list of problems is printed.
    public var messages: String { joined(separator: "\n") { $0.message } }

    /// One text of each problem, joined by `separator` (Embedded Swift has no key paths to map with).
    func joined(separator: String, _ text: (ProblemText) -> String) -> String {
        var joined = ""
        for problem in self {
            if !joined.isEmpty { joined += separator }
            joined += text(problem)
        }
        return joined
    }
}

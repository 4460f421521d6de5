import CheckCodes

/// Why a crop wrote nothing: each problem with its file and reason (a refused output folder, a
/// screenshot that cannot be read, a size no layout has, a crop that differs from its region).
public struct CropFailure: Problem {
    public var problems: [ProblemText]
    /// True when the arguments are at fault (a device id the catalog does not have): the command
    /// says it with its usage, as it says a mistake found while parsing.
    public var isArgumentMistake: Bool

    public init(_ problems: [ProblemText], isArgumentMistake: Bool = false) {
        self.problems = problems
        self.isArgumentMistake = isArgumentMistake
    }

    /// The problems of `error`, each about `file` when given and it names none.
    public init(_ error: some Problem, naming file: String? = nil) {
        self.init(file.map { error.problems(naming: $0) } ?? error.problems)
    }

    /// One problem: `file: reason`, or the reason alone.
    init(file: String? = nil, reason: String, isArgumentMistake: Bool = false) {
        self.init([ProblemText(file: file, reason: reason)], isArgumentMistake: isArgumentMistake)
    }
}

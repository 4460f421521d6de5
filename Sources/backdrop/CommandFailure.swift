/// Problems that make a command fail, each on its own line of standard error.
struct CommandFailure: Error, CustomStringConvertible {
    var problems: [String]

    init(_ problems: [String]) {
        self.problems = problems
    }

    var description: String { problems.joined(separator: "\n") }
}

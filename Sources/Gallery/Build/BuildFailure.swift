import Catalog
import CheckCodes

/// A build that did not produce a site, with every problem found. The previous site is untouched.
public struct BuildFailure: Problem {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var problems: [ProblemText] { diagnostics.flatMap(\.problems) }
}

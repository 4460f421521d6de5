import Catalog

/// A build that did not produce a site, with every problem found. The previous site is untouched.
public struct BuildFailure: Error, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

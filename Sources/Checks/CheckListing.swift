import Catalog
import CheckCodes

/// What `backdrop checks [CODE…] [--markdown]` prints: every check in a table, the checks asked
/// for explained with their example finding, or the checks reference as Markdown (`docs/checks.md`).
/// The examples are given: the build's own checks have theirs made by the build's code (the
/// gallery's `BuildExamples`), the others are ``CheckExamples``.
public enum CheckListing {
    /// Codes given that name no check: one problem each.
    public struct UnknownCodes: Problem {
        public var codes: [String]

        public var problems: [ProblemText] {
            codes.map { ProblemText(reason: "there is no check \($0); `backdrop checks` lists every code") }
        }
    }

    /// The checks of `codes`, in their order (a code matches in any case); empty when no code is
    /// given. Refuses every code that names no check.
    public static func checks(_ codes: [String]) throws(UnknownCodes) -> [CheckInfo] {
        var chosen: [CheckInfo] = []
        var unknown: [String] = []
        for code in codes {
            if let check = AllChecks.infos.first(where: { $0.code == code.uppercased() }) { chosen.append(check) } else { unknown.append(code) }
        }
        guard unknown.isEmpty else { throw UnknownCodes(codes: unknown) }
        return chosen
    }

    /// The text for the checks chosen (``checks(_:)``): the checks reference in Markdown with
    /// `markdown` (of every check when none is chosen), else a table of every check (code,
    /// severity, title) when none is chosen, else each chosen check explained with its example.
    public static func text(_ chosen: [CheckInfo], markdown: Bool, examples: [String: Diagnostic]) -> String {
        if markdown {
            return CheckReference.markdown(chosen.isEmpty ? AllChecks.infos : chosen, examples: examples)
        }
        if chosen.isEmpty {
            return TextTable.render(AllChecks.infos.map { [$0.code, $0.severity.rawValue, $0.title] })
        }
        return chosen.map { explanation($0, example: examples[$0.code]) }.joined(separator: "\n\n")
    }

    /// One check explained: code, family, severity and title, what it asserts and why, and its
    /// example finding when it has one.
    public static func explanation(_ check: CheckInfo, example: Diagnostic?) -> String {
        let example = example.map { "\nFor example:\n  \($0.description)" } ?? ""
        return "\(check.code) (\(check.family), \(check.severity.rawValue)): \(check.title).\n\(check.explanation)\(example)"
    }
}

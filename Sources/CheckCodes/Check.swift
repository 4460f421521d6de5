/// How bad a finding is.
public enum Severity: String, CaseIterable, Comparable, Sendable {
    /// Fails the build.
    case error
    /// Reported; does not fail the build.
    case warning
    /// Reported for information, e.g. a check a layout is known and documented to break.
    case note

    /// An error comes before a warning, a warning before a note.
    public static func < (left: Severity, right: Severity) -> Bool {
        allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }
}

/// One family of checks, e.g. the geometry checks `G001`…`G015`.
///
/// Each family is an enum with one case per check; every diagnostic Backdrop reports is made from
/// one of these cases, so a code cannot exist without its title and explanation. The checks page
/// and the checks reference are generated from the families' cases.
public protocol Check: CaseIterable, Hashable, Sendable {
    /// The family's name, as the checks reference heads it, e.g. "Geometry".
    static var family: String { get }
    /// The stable code, e.g. `G005`.
    var code: String { get }
    /// How bad a finding of this check is when nothing says otherwise.
    var severity: Severity { get }
    /// What the check asserts, in a few words.
    var title: String { get }
    /// Why the check exists and what to do when it fails.
    var explanation: String { get }
}

extension Check where Self: RawRepresentable, RawValue == String {
    /// The code is the case's raw value.
    public var code: String { rawValue }
}

extension Check {
    /// Most checks fail the build.
    public var severity: Severity { .error }

    /// The check as a plain value, whatever its family.
    public var info: CheckInfo {
        CheckInfo(family: Self.family, code: code, severity: severity, title: title, explanation: explanation)
    }

    /// Every check of the family, in order, as plain values.
    public static var infos: [CheckInfo] { allCases.map { $0.info } }
}

/// The facts of one check, whatever its family: what a diagnostic carries and what the checks
/// reference lists.
public struct CheckInfo: Hashable, Sendable {
    public var family: String
    public var code: String
    public var severity: Severity
    public var title: String
    public var explanation: String

    package init(family: String, code: String, severity: Severity, title: String, explanation: String) {
        self.family = family
        self.code = code
        self.severity = severity
        self.title = title
        self.explanation = explanation
    }
}

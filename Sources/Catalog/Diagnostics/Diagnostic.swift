import CheckCodes
import SlotGeometry

/// One problem found while building: where it is, how bad, and the numbers that disagree.
///
/// Its description is the line a build prints, e.g.
/// `content/devices/iphone-15.md:14: error[G005] iphone-15 ios18: small columns span 1017 px but medium width is 1014 px`.
public struct Diagnostic: Problem, Hashable, Sendable, Comparable {
    /// The file, as given to the build (relative to the working directory when possible).
    public var file: String
    /// The 1-based line in the file, when known.
    public var line: Int?
    public var severity: Severity
    /// The check that found the problem; its code (`F005`, `G005`, `S003`, …) is stable.
    public var check: CheckInfo
    public var device: String?
    public var layout: LayoutKind?
    public var slot: SlotID?
    public var message: String

    /// A finding of `check`, as severe as the check says unless `severity` says otherwise (a
    /// geometry rule a layout declares as an exception is reported as a note).
    public init(
        file: String, line: Int? = nil, severity: Severity? = nil, check: some Check, device: String? = nil,
        layout: LayoutKind? = nil, slot: SlotID? = nil, message: String
    ) {
        self.file = file
        self.line = line
        self.severity = severity ?? check.severity
        self.check = check.info
        self.device = device
        self.layout = layout
        self.slot = slot
        self.message = message
    }

    /// The check's stable code, e.g. `G005`.
    public var code: String { check.code }

    /// What the diagnostic is about: device, layout and slot, as far as known.
    public var subject: String {
        [device, layout?.rawValue, slot?.rawValue].compactMap { $0 }.joined(separator: " ")
    }

    /// The finding as one problem, its reason `severity[CODE] subject: message`.
    public var problems: [ProblemText] {
        let about = subject.isEmpty ? "" : "\(subject): "
        return [ProblemText(file: file, line: line, code: code, reason: "\(severity.rawValue)[\(code)] \(about)\(message)")]
    }

    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        (lhs.file, lhs.line ?? 0, lhs.code, lhs.message) < (rhs.file, rhs.line ?? 0, rhs.code, rhs.message)
    }
}

extension Array where Element == Diagnostic {
    /// How many problems of one file are listed before the rest are only counted.
    public static var perFileLimit: Int { 100 }

    /// The diagnostics with at most ``perFileLimit`` per file (the first by line); the rest of a
    /// file's are counted in one diagnostic of that file, as severe as the worst of them.
    public func limitedPerFile(_ limit: Int = perFileLimit) -> [Diagnostic] {
        var byFile: [String: [Diagnostic]] = [:]
        for diagnostic in self { byFile[diagnostic.file, default: []].append(diagnostic) }
        var result: [Diagnostic] = []
        for (file, diagnostics) in byFile.sorted(by: { $0.key < $1.key }) {
            let sorted = diagnostics.sorted()
            result += sorted.prefix(limit)
            let rest = sorted.dropFirst(limit)
            guard !rest.isEmpty else { continue }
            let errors = rest.filter { $0.severity == .error }.count
            result.append(
                Diagnostic(
                    file: file, severity: errors > 0 ? .error : rest.map(\.severity).min()!, check: ContentCheck.problemLimit,
                    device: sorted[0].device,
                    message: "… and \(grouped(rest.count)) more problems in this file (\(grouped(errors)) errors); the first \(limit) are listed"))
        }
        return result
    }

    /// Whether any diagnostic is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// How many diagnostics have the given severity.
    public func count(_ severity: Severity) -> Int { filter { $0.severity == severity }.count }
}

/// A count with thousands separators, the same whatever the locale: `149,990`.
func grouped(_ count: Int) -> String {
    let digits = Array(String(count))
    var text = ""
    for (index, digit) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { text += "," }
        text.append(digit)
    }
    return text
}

/// A content file split into its YAML front matter and its Markdown body.
struct FrontMatterSplit: Equatable {
    /// The YAML text between the two `---` lines.
    var yaml: String
    /// The 1-based line of the file on which the YAML starts.
    var yamlFirstLine: Int
    /// The Markdown after the closing `---` line.
    var body: String
    /// The 1-based line of the file on which the body starts.
    var bodyFirstLine: Int

    /// Splits a file's text. Returns `nil` when the text does not start with a `---` line or the
    /// front matter is never closed.
    init?(_ text: String) {
        // Swift reads "\r\n" as one character, so lines are split on both kinds of ending.
        var lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        if lines.first?.hasPrefix("\u{FEFF}") == true { lines[0] = lines[0].dropFirst() }
        guard lines.first?.trimmingTrailingSpaces == "---" else { return nil }
        guard let close = lines.indices.dropFirst().first(where: { lines[$0].trimmingTrailingSpaces == "---" }) else {
            return nil
        }
        yaml = lines[1..<close].joined(separator: "\n")
        yamlFirstLine = 2
        body = lines[(close + 1)...].joined(separator: "\n")
        bodyFirstLine = close + 2
    }
}

extension Substring {
    fileprivate var trimmingTrailingSpaces: Substring {
        var copy = self
        while copy.last == " " || copy.last == "\t" { copy.removeLast() }
        return copy
    }
}

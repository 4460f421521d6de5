import Yams

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// One line of a text and the line break that ends it, so that lines join back byte for byte.
struct TextLine: Hashable, Sendable {
    var content: String
    /// `"\n"`, `"\r\n"`, or `""` for a last line without a break.
    var ending: String

    var scalars: [Unicode.Scalar] { Array(content.unicodeScalars) }

    /// How many spaces the line starts with.
    var indent: Int { content.unicodeScalars.prefix { $0 == " " }.count }

    var isBlank: Bool { content.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" } }

    /// Whether the line holds only a comment.
    var isComment: Bool { content.unicodeScalars.first { $0 != " " && $0 != "\t" } == "#" }

    /// Splits a text into lines; `"\r\n"` and `"\n"` end a line.
    static func split(_ text: String) -> [TextLine] {
        var lines: [TextLine] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard scalar == "\n" else {
                current.append(scalar)
                continue
            }
            if current.last == "\r" {
                current.removeLast()
                lines.append(TextLine(content: String(current), ending: "\r\n"))
            } else {
                lines.append(TextLine(content: String(current), ending: "\n"))
            }
            current = String.UnicodeScalarView()
        }
        lines.append(TextLine(content: String(current), ending: ""))
        return lines
    }

    /// The lines joined back into a text.
    static func join(_ lines: [TextLine]) -> String {
        var text = ""
        for line in lines {
            text.unicodeScalars.append(contentsOf: line.content.unicodeScalars)
            text.unicodeScalars.append(contentsOf: line.ending.unicodeScalars)
        }
        return text
    }
}

/// A place in a text: a line index and a column counted in Unicode scalars (as libyaml counts).
struct TextPosition: Hashable, Sendable, Comparable {
    var line: Int
    var column: Int

    static func < (a: TextPosition, b: TextPosition) -> Bool { (a.line, a.column) < (b.line, b.column) }
}

/// A stretch of text, from `start` up to (not including) `end`.
struct TextSpan: Hashable, Sendable {
    var start: TextPosition
    var end: TextPosition
}

/// A key of a YAML mapping, its value and where the key is.
struct MappingEntry {
    var key: String
    var keyNode: Node
    var value: Node
    var position: TextPosition
}

/// A profile's text as lines, with its front matter composed by Yams so that every key and value
/// can be found at its line and column.
struct ProfileText {
    var lines: [TextLine]
    /// The index of the closing `---` line; the YAML is lines 1 up to it.
    var close: Int
    var root: Node.Mapping
    /// The line break new lines get: the one most lines of the file end with.
    var newline: String

    init(_ text: String) throws(ProfileEditError) {
        let lines = TextLine.split(text)
        self.lines = lines
        func isDelimiter(_ line: TextLine) -> Bool {
            var content = Substring(line.content)
            if content.hasPrefix("\u{FEFF}") { content = content.dropFirst() }
            while content.last == " " || content.last == "\t" { content.removeLast() }
            return content == "---"
        }
        guard let first = lines.first, isDelimiter(first),
            let close = lines.indices.dropFirst().first(where: { isDelimiter(lines[$0]) })
        else { throw .unsupportedText("the profile has no front matter between two `---` lines") }
        self.close = close
        let crlf = lines.count { $0.ending == "\r\n" }
        let lf = lines.count { $0.ending == "\n" }
        newline = crlf > lf ? "\r\n" : "\n"

        // libyaml also ends lines at a lone carriage return and at U+0085, U+2028 and U+2029; the
        // editor counts lines as the catalog does, so such text is left alone.
        for index in 1..<close {
            if let odd = lines[index].content.unicodeScalars.first(where: { ["\r", "\u{85}", "\u{2028}", "\u{2029}"].contains($0) }) {
                let hex = String(odd.value, radix: 16, uppercase: true)
                throw .unsupportedText(
                    "line \(index + 1) holds U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex), which YAML reads as a line break; remove it first"
                )
            }
        }
        let yaml = lines[1..<close].map(\.content).joined(separator: "\n")
        let node: Node?
        do {
            node = try Yams.compose(yaml: yaml)
        } catch {
            throw .unsupportedText("the front matter is not valid YAML: \(error)")
        }
        guard let node, let root = node.mapping, !Self.isFlow(node, in: lines) else {
            throw .unsupportedText("the front matter is not a block mapping of keys to values")
        }
        self.root = root
    }

    /// Whether a mapping or list is written in flow style (`{…}`, `[…]`). (Yams takes a
    /// collection's style from its end event, so the text is looked at instead.)
    func isFlow(_ node: Node) -> Bool {
        Self.isFlow(node, in: lines)
    }

    private static func isFlow(_ node: Node, in lines: [TextLine]) -> Bool {
        guard node.mapping != nil || node.sequence != nil, let mark = node.mark, lines.indices.contains(mark.line) else { return false }
        let first = lines[mark.line].content.unicodeScalars.dropFirst(mark.column - 1).first
        return first == "{" || first == "["
    }

    var text: String { TextLine.join(lines) }

    /// Where a node starts in the file.
    func position(of node: Node) -> TextPosition {
        // Yams counts lines from 1 at the first YAML line, which is line index 1 of the file.
        guard let mark = node.mark else { return TextPosition(line: 1, column: 0) }
        return TextPosition(line: mark.line, column: mark.column - 1)
    }

    /// The entries of a mapping with plain-word keys, in the order written.
    func entries(of mapping: Node.Mapping) -> [MappingEntry] {
        mapping.compactMap { key, value in
            key.scalar.map { MappingEntry(key: $0.string, keyNode: key, value: value, position: position(of: key)) }
        }
    }

    func entry(_ key: String, in mapping: Node.Mapping) -> MappingEntry? {
        entries(of: mapping).first { $0.key == key }
    }

    /// The line after the last line of a block entry: its key line and the lines indented deeper
    /// than its key, and for a block list the `- ` lines at the key's own indent. Comment and blank
    /// lines (which YAML ignores at any indent) belong to it only when more of it follows them.
    func end(of entry: MappingEntry, limit: Int) -> Int {
        let indent = entry.position.column
        let sameIndentItems = entry.value.sequence != nil && !isFlow(entry.value)
        var last = entry.position.line
        for index in (entry.position.line + 1)..<max(entry.position.line + 1, limit) {
            let line = lines[index]
            if line.isBlank || line.isComment { continue }
            let continues =
                line.indent > indent || (sameIndentItems && line.indent == indent && line.content.unicodeScalars.dropFirst(indent).first == "-")
            guard continues else { break }
            last = index
        }
        return last + 1
    }

    /// Where a value written on one or more lines ends: a scalar (plain or quoted) or a flow
    /// collection. `nil` for block values and forms the editor does not change.
    func span(of node: Node) -> TextSpan? {
        let start = position(of: node)
        let flat = FlatText(lines: lines, from: start.line, to: close)
        guard let offset = flat.offset(start) else { return nil }
        let end: Int?
        switch node {
        case .scalar(let scalar):
            switch scalar.style {
            case .plain, .any:
                let written = Array(scalar.string.unicodeScalars)
                guard !written.isEmpty, flat.scalars.count >= offset + written.count,
                    Array(flat.scalars[offset..<(offset + written.count)]) == written
                else { return nil }
                end = offset + written.count
            case .singleQuoted, .doubleQuoted: end = flat.endOfQuoted(at: offset)
            case .literal, .folded: return nil
            }
        case .mapping, .sequence:
            guard isFlow(node) else { return nil }
            end = flat.endOfFlow(at: offset)
        default: return nil
        }
        return end.map { TextSpan(start: start, end: flat.position($0)) }
    }
}

/// Lines as one run of scalars, each line break one `"\n"`, for scanning values over lines.
struct FlatText {
    var scalars: [Unicode.Scalar] = []
    var lineStarts: [Int] = []
    var firstLine: Int

    init(lines: [TextLine], from first: Int, to end: Int) {
        firstLine = first
        for index in first..<max(first, end) {
            lineStarts.append(scalars.count)
            scalars.append(contentsOf: lines[index].content.unicodeScalars)
            scalars.append("\n")
        }
    }

    func offset(_ position: TextPosition) -> Int? {
        let index = position.line - firstLine
        guard lineStarts.indices.contains(index) else { return nil }
        return lineStarts[index] + position.column
    }

    func position(_ offset: Int) -> TextPosition {
        let index = (lineStarts.lastIndex { $0 <= offset } ?? 0)
        return TextPosition(line: firstLine + index, column: offset - lineStarts[index])
    }

    /// The offset after a quoted scalar starting at `start`.
    func endOfQuoted(at start: Int) -> Int? {
        let quote = scalars[start]
        var index = start + 1
        while index < scalars.count {
            let scalar = scalars[index]
            if quote == "\"", scalar == "\\" {
                index += 2
                continue
            }
            if scalar == quote {
                if quote == "'", index + 1 < scalars.count, scalars[index + 1] == "'" {
                    index += 2
                    continue
                }
                return index + 1
            }
            index += 1
        }
        return nil
    }

    /// The offset after the flow collection (`{…}` or `[…]`) starting at `start`.
    func endOfFlow(at start: Int) -> Int? {
        var depth = 0
        var index = start
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "\"", "'":
                guard let end = endOfQuoted(at: index) else { return nil }
                index = end
                continue
            case "#" where index == 0 || [" ", "\t", "\n"].contains(scalars[index - 1]):
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
                continue
            case "{", "[": depth += 1
            case "}", "]":
                depth -= 1
                if depth == 0 { return index + 1 }
            default: break
            }
            index += 1
        }
        return nil
    }
}

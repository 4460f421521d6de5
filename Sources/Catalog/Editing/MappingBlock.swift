import Yams

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// A block mapping of a profile as lines: its key line (none for the front matter itself), then
/// its entries and the comment or blank lines between them, each kept verbatim until changed.
///
/// Changes are made at the exact spots: a value is replaced where it is written, an entry is
/// inserted as new lines beside its neighbours, a list item appended after the last one. The
/// block renders back to lines; everything not changed comes out byte for byte.
struct MappingBlock {
    /// How a value is written, as far as the editor needs to know to change it.
    enum Shape {
        /// A scalar or flow collection written at `span` (lines counted from the entry's key line).
        case inline(TextSpan, node: Node)
        /// A block mapping whose keys start at `column`.
        case blockMapping(column: Int)
        /// A block list whose last item's value starts at `lastItem`.
        case blockList(lastItem: TextPosition)
        /// No value at all (`key:`).
        case empty
        case unsupported(String)
    }

    /// One key of the block: its lines, where it starts and what its value is.
    struct Pair {
        var key: String
        var lines: [TextLine]
        /// The column of the key.
        var column: Int
        var shape: Shape
        /// The value, for reading scalars (`unit`, `source`); `nil` for an entry added by the editor.
        var value: Node?
    }

    enum Item {
        case entry(Pair)
        case other(TextLine)
    }

    var header: TextLine?
    var items: [Item]
    /// The indent of the block's keys.
    var indent: Int
    /// One indentation step of the file, for nested lines the editor writes.
    var step: Int
    var newline: String

    /// An empty block under a new key line.
    init(header: TextLine, indent: Int, step: Int, newline: String) {
        self.header = header
        items = []
        self.indent = indent
        self.step = step
        self.newline = newline
    }

    /// The block of `mapping` in `text`, from the line after `header` (or the first YAML line)
    /// up to `end`; `mapping` is `nil` for an entry with no value yet.
    init(_ mapping: Node.Mapping?, in text: ProfileText, header: Int?, end: Int, indent: Int, step: Int) {
        self.header = header.map { text.lines[$0] }
        self.indent = indent
        self.step = step
        newline = text.newline
        items = []
        var cursor = (header ?? 0) + 1
        let entries = mapping.map { text.entries(of: $0) } ?? []
        for (index, entry) in entries.enumerated() {
            self.indent = entry.position.column
            while cursor < entry.position.line {
                items.append(.other(text.lines[cursor]))
                cursor += 1
            }
            let next = index + 1 < entries.count ? entries[index + 1].position.line : end
            let entryEnd = max(entry.position.line + 1, min(text.end(of: entry, limit: end), next))
            items.append(
                .entry(
                    Pair(
                        key: entry.key, lines: Array(text.lines[entry.position.line..<entryEnd]), column: entry.position.column,
                        shape: Self.shape(of: entry, in: text, lines: entryEnd - entry.position.line), value: entry.value)))
            cursor = entryEnd
        }
        while cursor < end {
            items.append(.other(text.lines[cursor]))
            cursor += 1
        }
    }

    /// How an entry's value is written; positions are counted from the entry's key line, and must
    /// lie within its `lines` lines.
    private static func shape(of entry: MappingEntry, in text: ProfileText, lines: Int) -> Shape {
        let shape = shape(of: entry, in: text)
        let outside = Shape.unsupported("`\(entry.key)` is written over lines the editor cannot tell apart from its neighbours")
        func inside(_ position: TextPosition) -> Bool { (0..<lines).contains(position.line) && position.column >= 0 }
        switch shape {
        case .inline(let span, _): return inside(span.start) && inside(span.end) ? shape : outside
        case .blockList(let last): return inside(last) ? shape : outside
        default: return shape
        }
    }

    private static func shape(of entry: MappingEntry, in text: ProfileText) -> Shape {
        func relative(_ position: TextPosition) -> TextPosition {
            TextPosition(line: position.line - entry.position.line, column: position.column)
        }
        switch entry.value {
        case .scalar(let scalar) where scalar.string.isEmpty && (scalar.style == .plain || scalar.style == .any):
            return .empty
        case .mapping(let mapping) where !text.isFlow(entry.value):
            let column = mapping.first.map { text.position(of: $0.key).column } ?? entry.position.column + 2
            return .blockMapping(column: column)
        case .sequence(let sequence) where !text.isFlow(entry.value):
            guard let last = sequence.last else { return .unsupported("`\(entry.key)` is an empty list") }
            return .blockList(lastItem: relative(text.position(of: last)))
        case .alias: return .unsupported("`\(entry.key)` is an alias")
        default:
            guard let span = text.span(of: entry.value) else {
                return .unsupported("`\(entry.key)` is written in a form the editor does not change (a block scalar or a value over several lines)")
            }
            return .inline(TextSpan(start: relative(span.start), end: relative(span.end)), node: entry.value)
        }
    }

    /// The block's lines.
    func render() -> [TextLine] {
        var lines = header.map { [$0] } ?? []
        for item in items {
            switch item {
            case .entry(let entry): lines += entry.lines
            case .other(let line): lines.append(line)
            }
        }
        return lines
    }

    func index(of key: String) -> Int? {
        items.firstIndex {
            if case .entry(let entry) = $0 { return entry.key == key }
            return false
        }
    }

    func entry(_ key: String) -> Pair? {
        index(of: key).flatMap {
            if case .entry(let entry) = items[$0] { return entry }
            return nil
        }
    }

    /// The text of a plain or quoted scalar value, words separated by single spaces.
    func scalar(_ key: String) -> String? {
        guard let string = entry(key)?.value?.scalar?.string else { return nil }
        return string.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// Changes the entry of `key` with `change`; an entry the editor cannot change (``Shape/unsupported``)
    /// is refused first, with its reason, so `change` only meets the shapes it edits.
    private mutating func update(_ key: String, _ change: (inout Pair) throws(ProfileEditError) -> Void) throws(ProfileEditError) {
        guard let index = index(of: key), case .entry(var entry) = items[index] else {
            throw .unsupportedText("there is no `\(key)` to change")
        }
        if case .unsupported(let reason) = entry.shape { throw .unsupportedText(reason) }
        try change(&entry)
        items[index] = .entry(entry)
    }

    /// A new line at `indent`.
    func line(_ content: String, indent: Int) -> TextLine {
        TextLine(content: String(repeating: " ", count: indent) + content, ending: newline)
    }

    /// Inserts `key: value` (and any nested lines) after the last entry that comes before `key` in
    /// `order`, or above the first entry (and the comment lines just above it) when none does.
    mutating func insert(_ key: String, value: String?, nested: [String] = [], order: [String]) {
        let rank = order.firstIndex(of: key) ?? order.count
        var lines = [line(value.map { "\(key): \($0)" } ?? "\(key):", indent: indent)]
        lines += nested.map { line($0, indent: indent + step) }
        let entry = Pair(key: key, lines: lines, column: indent, shape: .unsupported("`\(key)` was just added"))
        let entries = items.indices.filter {
            if case .entry = items[$0] { return true }
            return false
        }
        let before = entries.last { index in
            guard case .entry(let other) = items[index] else { return false }
            return (order.firstIndex(of: other.key) ?? order.count) < rank
        }
        var position = before.map { $0 + 1 } ?? entries.first ?? items.count
        if before == nil {
            // Comment lines just above the first entry are about it: the new entry goes above them.
            while position > 0, case .other(let line) = items[position - 1], line.isComment { position -= 1 }
        }
        items.insert(.entry(entry), at: position)
    }

    /// Replaces the value of `key`, where it is written; a comment after it stays.
    mutating func replaceValue(of key: String, with value: String) throws(ProfileEditError) {
        try update(key) { (entry: inout Pair) throws(ProfileEditError) in
            switch entry.shape {
            case .inline(let span, _):
                entry.lines.splice(span, with: value)
            case .blockMapping, .blockList, .empty, .unsupported:
                // `key:` then nested lines become `key: value`, keeping a comment on the key line.
                let keyLine = entry.lines[0]
                let scalars = keyLine.scalars
                guard let colon = Self.colon(in: scalars, keyColumn: entry.column) else {
                    throw .unsupportedText("cannot find the `:` after `\(key)`")
                }
                var rest = scalars[(colon + 1)...].drop { $0 == " " || $0 == "\t" }
                if rest.first != "#" { rest = [] }
                var content = String(String.UnicodeScalarView(scalars[...colon])) + " " + value
                if !rest.isEmpty { content += "  " + String(String.UnicodeScalarView(rest)) }
                entry.lines = [TextLine(content: content, ending: keyLine.ending)]
            }
        }
    }

    /// Appends an item to the list of `key`: a `- item` line after a block list's last item, an
    /// item before a flow list's `]`, or a single path made into a flow list.
    mutating func appendItem(_ item: String, to key: String) throws(ProfileEditError) {
        let newline = self.newline
        try update(key) { (entry: inout Pair) throws(ProfileEditError) in
            switch entry.shape {
            case .blockList(let last):
                let prefix = entry.lines[last.line].scalars.prefix(last.column)
                let dash = prefix.firstIndex(of: "-") ?? entry.column
                let lead =
                    prefix.allSatisfy { $0 == " " || $0 == "-" } && prefix.filter { $0 == "-" }.count == 1
                    ? String(String.UnicodeScalarView(prefix)) : String(repeating: " ", count: dash) + "- "
                entry.lines.append(TextLine(content: lead + item, ending: newline))
            case .inline(let span, let node) where node.sequence != nil:
                entry.lines.insertLast(item, inFlowCollection: span, empty: node.sequence?.isEmpty ?? true)
            case .inline(let span, _):
                let written = entry.lines.text(of: span)
                entry.lines.splice(span, with: "[\(written), \(item)]")
            case .blockMapping, .empty, .unsupported:
                throw .unsupportedText("`\(key)` is not a list")
            }
        }
    }

    /// Adds `entry` (`key: value`) to the mapping of `key`: a line after a block mapping's last
    /// line, or an entry before a flow mapping's `}`.
    mutating func addEntry(_ text: String, to key: String) throws(ProfileEditError) {
        let newline = self.newline
        try update(key) { (entry: inout Pair) throws(ProfileEditError) in
            switch entry.shape {
            case .blockMapping(let column):
                entry.lines.append(TextLine(content: String(repeating: " ", count: column) + text, ending: newline))
            case .inline(let span, let node) where node.mapping != nil:
                entry.lines.insertLast(text, inFlowCollection: span, empty: node.mapping?.isEmpty ?? true)
            default:
                throw .unsupportedText("`\(key)` is not a mapping")
            }
        }
    }

    /// The index of the `:` that ends the key starting at `keyColumn`.
    static func colon(in scalars: [Unicode.Scalar], keyColumn: Int) -> Int? {
        var index = keyColumn
        if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
            let quote = scalars[index]
            index += 1
            while index < scalars.count, scalars[index] != quote { index += 1 }
        }
        while index < scalars.count {
            if scalars[index] == ":", index + 1 == scalars.count || scalars[index + 1] == " " || scalars[index + 1] == "\t" { return index }
            index += 1
        }
        return nil
    }
}

extension [TextLine] {
    /// Replaces the text of `span` (lines counted from the first) with `text`; the lines it
    /// covered become one, ending as the last of them did.
    mutating func splice(_ span: TextSpan, with text: String) {
        let first = self[span.start.line].scalars
        let last = self[span.end.line].scalars
        var content = String.UnicodeScalarView(first.prefix(span.start.column))
        content.append(contentsOf: text.unicodeScalars)
        content.append(contentsOf: last.dropFirst(span.end.column))
        let ending = self[span.end.line].ending
        replaceSubrange(span.start.line...span.end.line, with: [TextLine(content: String(content), ending: ending)])
    }

    /// Inserts `item` as the last of the flow list or mapping `span` holds (`[a, b]`, `{a: 1}`):
    /// before its closing bracket, after a comma unless it is `empty`.
    mutating func insertLast(_ item: String, inFlowCollection span: TextSpan, empty: Bool) {
        let closing = TextPosition(line: span.end.line, column: span.end.column - 1)
        splice(TextSpan(start: closing, end: closing), with: empty ? item : ", \(item)")
    }

    /// The text of `span` (lines counted from the first), verbatim.
    func text(of span: TextSpan) -> String {
        let flat = FlatText(lines: self, from: span.start.line, to: span.end.line + 1)
        guard let start = flat.offset(span.start), let end = flat.offset(span.end) else { return "" }
        return String(String.UnicodeScalarView(flat.scalars[start..<end]))
    }
}

import GeometryFormat
import SlotGeometry
import Yams

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// What a layout of a profile states in its text, as the editor reads it: what decides how
/// numbers are written into it.
public struct LayoutFacts: Hashable, Sendable {
    /// Whether the profile has the layout.
    public var exists: Bool
    /// The layout's `unit`, when it states a valid one.
    public var unit: NumberUnit?
}

/// Writes a ``ProfileEdit`` into a profile's text at the exact spots, leaving every other byte as
/// it was: other layouts, comments, key order, line endings (CRLF stays CRLF) and the Markdown
/// body. It finds keys and values by the line and column Yams gives each node, and never
/// serialises YAML again.
public enum ProfileTextEditor {
    /// What the text states about one layout.
    public static func facts(of layout: LayoutKind, in text: String) throws(ProfileEditError) -> LayoutFacts {
        let profile = try ProfileText(text)
        guard let layouts = try layoutsMapping(profile), let entry = profile.entry(layout.rawValue, in: layouts) else {
            return LayoutFacts(exists: false)
        }
        let unit = entry.value.mapping.flatMap { profile.entry("unit", in: $0)?.value.scalar?.string }
        return LayoutFacts(
            exists: true, unit: unit.flatMap { NumberUnit(rawValue: $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")) })
    }

    /// The profile's text with the edit made.
    public static func apply(_ edit: ProfileEdit, to text: String) throws(ProfileEditError) -> String {
        var text = text
        text = try blockLayout(edit.layout, in: text)
        text = try editLayout(edit, in: text)
        if let reference = edit.reference {
            text = try addReference(reference, in: text)
        }
        return text
    }

    private static func layoutsMapping(_ profile: ProfileText) throws(ProfileEditError) -> Node.Mapping? {
        guard let entry = profile.entry("layouts", in: profile.root) else { return nil }
        guard let mapping = entry.value.mapping, !profile.isFlow(entry.value) else {
            throw .unsupportedText("`layouts` is not written as a block mapping (one layout per line); write it as one to record into it")
        }
        return mapping
    }

    /// The indentation step of the file: how much deeper layouts sit than `layouts:`.
    private static func indentStep(_ profile: ProfileText, layouts: Node.Mapping) -> Int {
        guard let entry = profile.entry("layouts", in: profile.root), let first = profile.entries(of: layouts).first else { return 2 }
        return max(1, first.position.column - entry.position.column)
    }

    /// A layout written as a flow mapping on its key line (`ios26: {}`, `ios26: {unit: px}`),
    /// rewritten as a block: the key line keeps its comment, each entry gets a line of its own with
    /// its value verbatim.
    private static func blockLayout(_ layout: LayoutKind, in text: String) throws(ProfileEditError) -> String {
        var profile = try ProfileText(text)
        guard let layouts = try layoutsMapping(profile), let entry = profile.entry(layout.rawValue, in: layouts),
            let mapping = entry.value.mapping, profile.isFlow(entry.value)
        else { return text }
        guard let span = profile.span(of: entry.value), span.start.line == entry.position.line, span.end.line == entry.position.line else {
            throw .unsupportedText("layout `\(layout.rawValue)` is a flow mapping over several lines; write it as a block to record into it")
        }
        let indent = entry.position.column + indentStep(profile, layouts: layouts)
        var lines: [TextLine] = []
        for (key, value) in profile.entries(of: mapping).map({ ($0.keyNode, $0.value) }) {
            guard let keySpan = profile.span(of: key), let valueSpan = profile.span(of: value) else {
                throw .unsupportedText("layout `\(layout.rawValue)` holds a value the editor cannot move to a line of its own")
            }
            let content = "\(profile.lines.text(of: keySpan)): \(profile.lines.text(of: valueSpan))"
            lines.append(TextLine(content: String(repeating: " ", count: indent) + content, ending: profile.newline))
        }
        // The key line loses ` {…}`; what follows the `}` (a comment) stays.
        let keyLine = profile.lines[entry.position.line]
        let scalars = keyLine.scalars
        var head = Array(scalars.prefix(span.start.column))
        while head.last == " " || head.last == "\t" { head.removeLast() }
        let tail = scalars.dropFirst(span.end.column)
        let content = String(String.UnicodeScalarView(head)) + String(String.UnicodeScalarView(tail))
        profile.lines.replaceSubrange(
            entry.position.line...entry.position.line, with: [TextLine(content: content, ending: keyLine.ending)] + lines)
        return profile.text
    }

    private static func editLayout(_ edit: ProfileEdit, in text: String) throws(ProfileEditError) -> String {
        var profile = try ProfileText(text)
        guard let layoutsEntry = profile.entry("layouts", in: profile.root), let layouts = try layoutsMapping(profile) else {
            throw .unsupportedText("the profile has no `layouts`")
        }
        let step = indentStep(profile, layouts: layouts)
        let layoutsEnd = profile.end(of: layoutsEntry, limit: profile.close)
        if let entry = profile.entry(edit.layout.rawValue, in: layouts) {
            let mapping = entry.value.mapping
            guard mapping != nil || (entry.value.scalar?.string.isEmpty ?? false) else {
                throw .unsupportedText("layout `\(edit.layout.rawValue)` is not a mapping of keys to values")
            }
            let end = profile.end(of: entry, limit: layoutsEnd)
            var block = MappingBlock(
                mapping, in: profile, header: entry.position.line, end: end, indent: entry.position.column + step, step: step)
            try fill(&block, with: edit)
            profile.lines.replaceSubrange(entry.position.line..<end, with: block.render())
        } else {
            let layoutIndent = profile.entries(of: layouts).first?.position.column ?? layoutsEntry.position.column + step
            var block = MappingBlock(
                header: TextLine(content: String(repeating: " ", count: layoutIndent) + "\(edit.layout.rawValue):", ending: profile.newline),
                indent: layoutIndent + step, step: step, newline: profile.newline)
            try fill(&block, with: edit)
            var all = MappingBlock(
                layouts, in: profile, header: layoutsEntry.position.line, end: layoutsEnd, indent: layoutIndent, step: step)
            all.insert(block.render(), as: edit.layout.rawValue, order: LayoutKind.allCases.map(\.rawValue))
            profile.lines.replaceSubrange(layoutsEntry.position.line..<layoutsEnd, with: all.render())
        }
        return profile.text
    }

    /// Writes the edit's keys into a layout's block.
    private static func fill(_ block: inout MappingBlock, with edit: ProfileEdit) throws(ProfileEditError) {
        let order = ProfileDecoder.layoutKeys
        if let screen = edit.zoomedScreen {
            block.insert("screen", value: screen, order: order)
        }
        if let path = edit.calibration {
            if block.entry("calibration") != nil {
                try block.appendItem(path, to: "calibration")
            } else {
                block.insert("calibration", value: nil, nested: ["- \(path)"], order: order)
            }
        }
        if edit.addsUnit, block.entry("unit") == nil {
            block.insert("unit", value: edit.unit.rawValue, order: order)
        }
        guard let source = edit.source, !edit.written.isEmpty else { return }
        let existing = block.scalar("source")
        if block.entry("source") == nil {
            block.insert("source", value: source, order: order)
        }
        let plain = existing == nil || existing == source
        for number in edit.written {
            let value = plain ? number.written : "{value: \(number.written), source: \(source)}"
            if block.entry(number.key) != nil {
                try block.replaceValue(of: number.key, with: value)
            } else {
                block.insert(number.key, value: value, order: order)
            }
        }
    }

    private static func addReference(_ reference: ReferenceAddition, in text: String) throws(ProfileEditError) -> String {
        var profile = try ProfileText(text)
        let step = try layoutsMapping(profile).map { indentStep(profile, layouts: $0) } ?? 2
        var root = MappingBlock(profile.root, in: profile, header: nil, end: profile.close, indent: 0, step: step)
        let entry = "\(yamlKey(reference.key)): \(doubleQuoted(reference.citation))"
        if root.entry("references") != nil {
            try root.addEntry(entry, to: "references")
        } else {
            root.insert("references", value: nil, nested: [entry], order: ProfileDecoder.deviceKeys)
        }
        profile.lines.replaceSubrange(1..<profile.close, with: root.render())
        return profile.text
    }

    /// A key as YAML reads it back: plain when it starts with a letter or digit, else quoted.
    static func yamlKey(_ key: String) -> String {
        guard let first = key.unicodeScalars.first, first.properties.isAlphabetic || ("0"..."9").contains(first) else {
            return doubleQuoted(key)
        }
        return key
    }

    /// A text as a double-quoted YAML scalar.
    static func doubleQuoted(_ text: String) -> String {
        var quoted = ""
        appendDoubleQuoted(text, to: &quoted)
        return quoted
    }
}

extension MappingBlock {
    /// Inserts a whole entry given as lines (a new layout) at its place in `order`.
    mutating func insert(_ lines: [TextLine], as key: String, order: [String]) {
        insert(key, value: nil, order: order)
        guard let index = index(of: key), case .entry(var entry) = items[index] else { return }
        entry.lines = lines
        items[index] = .entry(entry)
    }
}

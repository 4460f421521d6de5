import GeometryFormat

/// The Swift case name of a kebab-case raw value: `extra-large-portrait` → `extraLargePortrait`.
public func swiftCaseName(_ rawValue: String) -> String {
    let words = rawValue.split(separator: "-")
    return words.enumerated().map { index, word in index == 0 ? String(word) : word.prefix(1).uppercased() + word.dropFirst() }.joined()
}

/// A case declaration for a raw value: `small`, or `extraLargePortrait = "extra-large-portrait"`.
func swiftCase(declaring rawValue: String) -> String {
    let name = swiftCaseName(rawValue)
    return name == rawValue ? name : "\(name) = \(swiftStringLiteral(rawValue))"
}

/// A Swift string literal that reads back as `text`, whatever it holds: quotes, backslashes,
/// line breaks and every other control or invisible character are escaped.
func swiftStringLiteral(_ text: String) -> String {
    var literal = ""
    appendDoubleQuoted(text, to: &literal) { scalar in
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            "\\u{\(String(scalar.value, radix: 16))}"
        default:
            nil
        }
    }
    return literal
}

/// A `switch self` whose every case returns a value, the cases of one value on one line:
/// `case .ios14, .ios14Zoom: 14...17`.
func swiftSwitch<Case: CaseIterable>(_ type: Case.Type, name: (Case) -> String, value: (Case) -> String, indent: String) -> String {
    var values: [String] = []
    var names: [String: [String]] = [:]
    for item in Case.allCases {
        let written = value(item)
        if names[written] == nil { values.append(written) }
        names[written, default: []].append(".\(name(item))")
    }
    let cases = values.map { "\(indent)case \(names[$0, default: []].joined(separator: ", ")): \($0)" }
    return (["\(indent)switch self {"] + cases + ["\(indent)}"]).joined(separator: "\n")
}

/// One property of a ``swiftFacts(extending:_:name:properties:)`` table: its doc comment, name and
/// type, and its value for a case, as Swift.
struct SwiftFact<Case> {
    var doc: String
    var name: String
    var type: String
    var value: (Case) -> String
}

/// An extension of `extended` whose public properties are read off one table, a row a case
/// (`case .none: ("Exact wallpaper", 0, nil, nil)`), rather than a switch each.
func swiftFacts<Case: CaseIterable>(extending extended: String, _ type: Case.Type, name: (Case) -> String, properties: [SwiftFact<Case>])
    -> [String]
{
    var lines = ["extension \(extended) {"]
    for property in properties {
        lines += ["    /// \(property.doc)", "    public var \(property.name): \(property.type) { facts.\(property.name) }", ""]
    }
    let tuple = properties.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
    lines += ["    /// The properties above, a row a case.", "    private var facts: (\(tuple)) {", "        switch self {"]
    for item in Case.allCases {
        lines.append("        case .\(name(item)): (\(properties.map { $0.value(item) }.joined(separator: ", ")))")
    }
    return lines + ["        }", "    }"]
}

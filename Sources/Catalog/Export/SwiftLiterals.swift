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

/// A `switch self` whose every case returns a value: `case .ios14: 14...17`.
func swiftSwitch<Case: CaseIterable>(_ type: Case.Type, name: (Case) -> String, value: (Case) -> String, indent: String) -> String {
    var lines = ["\(indent)switch self {"]
    for item in Case.allCases {
        lines.append("\(indent)case .\(name(item)): \(value(item))")
    }
    lines.append("\(indent)}")
    return lines.joined(separator: "\n")
}

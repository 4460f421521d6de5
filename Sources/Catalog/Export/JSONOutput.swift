import FileAccess
import Foundation

/// Encodes a value as Backdrop writes all its JSON (`geometry.json` and every `--json` output):
/// pretty-printed, keys sorted, slashes left as they are.
public func encodeJSON(_ value: some Encodable) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(value)
}

/// Encodes a value as pretty, key-sorted JSON text (``encodeJSON(_:)``), as the commands print
/// and write it. Control, format and separator characters in strings are written as `\uXXXX`
/// escapes: the same JSON value, but nothing a terminal acts on.
public func jsonText(_ value: some Encodable) throws -> String {
    escapingHidden(String(decoding: try encodeJSON(value), as: UTF8.self))
}

/// JSON text with control, format and separator characters in its strings written as `\uXXXX`
/// (``ShownText/isHidden(_:)``); a line break between values is kept.
public func escapingHidden(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: ShownText.isHidden) else { return text }
    var escaped = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
        if ShownText.isHidden(scalar), scalar != "\n" {
            escaped.append(contentsOf: String(format: "\\u%04x", scalar.value).unicodeScalars)
        } else {
            escaped.append(scalar)
        }
    }
    return String(escaped)
}

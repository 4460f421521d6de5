/// A JSON value, read by ``JSONReader`` and written by ``JSONValue/text``: no Foundation, so that
/// the browser core (Embedded Swift) reads `geometry.json` and writes its answers with it.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in the order they were read or built.
    case object([(key: String, value: JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let values): hasher.combine(values)
        case .object(let members):
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        }
    }

    /// An integer as a JSON number.
    public static func int(_ value: Int) -> JSONValue { .number(Double(value)) }

    /// The member `key` of an object, or nil.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The value as compact JSON text.
    public var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// The value as `JSONEncoder` pretty-prints it: two spaces a level, `"key" : value`, an empty
    /// array or object on two lines. The command line prints the browser core's objects with it,
    /// byte for byte what it printed when it encoded its own.
    public var prettyText: String {
        var output = ""
        writePretty(to: &output, indent: "")
        return output
    }

    private func writePretty(to output: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .array(let values):
            output += values.isEmpty ? "[\n\n" : "[\n"
            for (index, value) in values.enumerated() {
                output += inner
                value.writePretty(to: &output, indent: inner)
                output += index < values.count - 1 ? ",\n" : "\n"
            }
            output += indent + "]"
        case .object(let members):
            output += members.isEmpty ? "{\n\n" : "{\n"
            for (index, member) in members.enumerated() {
                output += inner
                JSONValue.writeString(member.key, to: &output)
                output += " : "
                member.value.writePretty(to: &output, indent: inner)
                output += index < members.count - 1 ? ",\n" : "\n"
            }
            output += indent + "}"
        default: write(to: &output)
        }
    }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += JSONNumber.text(value)
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                JSONValue.writeString(member.key, to: &output)
                output += ":"
                member.value.write(to: &output)
            }
            output += "}"
        }
    }

    /// A JSON string: the other control characters as `\u00XX`.
    private static func writeString(_ value: String, to output: inout String) {
        appendDoubleQuoted(value, to: &output) { scalar in
            guard scalar.value < 0x20 else { return nil }
            let digits: [Character] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "b", "c", "d", "e", "f"]
            return "\\u00" + String(digits[Int(scalar.value >> 4)]) + String(digits[Int(scalar.value & 0xF)])
        }
    }
}

/// Numbers as JSON text without Foundation or C's printf.
enum JSONNumber {
    /// Integers exactly; other values as Swift's shortest text that reads back as the same
    /// `Double` (e.g. 493 / 3 = 164.33333333333334), which is what `JSONEncoder` writes, so that
    /// the browser core's numbers are the command line's to the last bit.
    static func text(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 9e15 { return String(Int(value)) }
        return value.description
    }
}

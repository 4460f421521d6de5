import CheckCodes

/// What a JSON value must be: one node of a format's description (``GeometryFormat``). One
/// description both writes the format's JSON Schema (``JSONShape/schema(title:id:)``) and checks a
/// document (``JSONShape/check(_:)``), so the schema a site publishes and what the browser core
/// accepts cannot say different things.
public indirect enum JSONShape: Sendable {
    /// An object with these members (at most 64) and no others, each once.
    case object([JSONMember])
    /// An object with members of any name, every value of one shape.
    case dictionary(JSONShape)
    /// An array of values of one shape, with at least `minimum` items.
    case array(JSONShape, minimum: Int = 0)
    /// A string of the form the rule says.
    case string(JSONTextRule)
    /// A whole number from `minimum` to ``JSONShape/largestInteger``.
    case integer(minimum: Int)
    /// A number greater than 0.
    case positiveNumber
    /// Any number.
    case number
    /// One of these strings.
    case oneOf([String])
    /// One of these whole numbers.
    case oneOfNumbers([Int])
    /// `true` or `false`.
    case boolean
    /// A value of the shape, or `null`.
    case orNull(JSONShape)
    /// Any JSON value: for a member that carries another format's document whole.
    case anything
    /// A shape written once under the schema's `$defs` by this name and referred to elsewhere.
    case named(String, JSONShape)

    /// The largest whole number the format holds: no screenshot is larger, and the browser core's
    /// `Int` (32 bits in WebAssembly) holds it.
    public static let largestInteger = 1_000_000
}

/// One member of an object shape.
public struct JSONMember: Sendable {
    public var name: String
    public var shape: JSONShape
    public var required: Bool
    /// What the member means, for the schema's reader; empty when its name says it.
    public var description: String

    public init(_ name: String, _ shape: JSONShape, required: Bool = true, _ description: String = "") {
        self.name = name
        self.shape = shape
        self.required = required
        self.description = description
    }
}

/// The forms a string of the format takes, each with its JSON Schema pattern and the same test in
/// Swift (the browser core has no regular expressions).
public enum JSONTextRule: Sendable {
    case any
    /// `YEAR.MONTH.N`, a data version: 2026.11.1.
    case dataVersion
    /// `YYYY-MM-DD`.
    case date
    /// Lowercase letters and digits in groups joined by single hyphens: `iphone-16-pro`.
    case slug

    /// The rule as a JSON Schema `pattern`.
    var pattern: String? {
        switch self {
        case .any: nil
        case .dataVersion: #"^[0-9]{4}\.[0-9]{1,2}\.[0-9]+$"#
        case .date: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
        case .slug: "^[a-z0-9]+(-[a-z0-9]+)*$"
        }
    }

    /// What a string that breaks the rule should have been, for errors.
    var expectation: String {
        switch self {
        case .any: "a string"
        case .dataVersion: "a data version YEAR.MONTH.N"
        case .date: "a date YYYY-MM-DD"
        case .slug: "lowercase letters and digits joined by single hyphens"
        }
    }

    func accepts(_ text: String) -> Bool {
        switch self {
        case .any:
            return true
        case .dataVersion:
            return Self.digitGroups(text, UInt8(ascii: "."), [4...4, 1...2, 1...Int.max])
        case .date:
            return Self.digitGroups(text, UInt8(ascii: "-"), [4...4, 2...2, 2...2])
        case .slug:
            return text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false).allSatisfy { part in
                !part.isEmpty
                    && part.allSatisfy {
                        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                    }
            }
        }
    }

    /// Whether `text` is groups of ASCII digits joined by `separator`, as many as `lengths`, each of
    /// its length.
    private static func digitGroups(_ text: String, _ separator: UInt8, _ lengths: [ClosedRange<Int>]) -> Bool {
        let groups = text.utf8.split(separator: separator, omittingEmptySubsequences: false)
        guard groups.count == lengths.count else { return false }
        for (group, length) in zip(groups, lengths) {
            guard length.contains(group.count), group.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return false }
        }
        return true
    }
}

/// Where a value breaks its shape: the JSON path of the value (`devices[0].layouts[2].scale`, empty
/// for the whole document) and what is wrong.
public struct JSONShapeMismatch: Problem, Hashable, Sendable {
    public var path: String
    public var reason: String

    public var problems: [ProblemText] { [ProblemText(reason: path.isEmpty ? reason : "\(path): \(reason)")] }
}

extension JSONShape {
    /// Checks that `value` has this shape, every member and item down; the first value that does
    /// not is the error.
    public func check(_ value: JSONValue) throws(JSONShapeMismatch) {
        var path: [PathStep] = []
        try check(value, path: &path)
    }

    /// A step down into a value: a member's name or an item's index. The path is written out only
    /// for an error, so checking a large document builds no strings.
    private enum PathStep {
        case member(String)
        case item(Int)
    }

    private func check(_ value: JSONValue, path: inout [PathStep]) throws(JSONShapeMismatch) {
        func mismatch(_ reason: String) -> JSONShapeMismatch { JSONShapeMismatch(path: Self.text(of: path), reason: reason) }
        switch self {
        case .named(_, let shape):
            try shape.check(value, path: &path)
        case .object(let members):
            guard case .object(let present) = value else { throw mismatch("expected an object") }
            precondition(members.count <= 64, "an object shape has at most 64 members")
            // One pass over the members present, each found among the shape's by its index, which
            // marks it seen (an object shape has at most 64 members).
            var seen: UInt64 = 0
            for item in present {
                guard let index = members.firstIndex(where: { $0.name == item.key }) else { throw mismatch("unknown member \"\(item.key)\"") }
                guard seen & (1 << UInt64(index)) == 0 else { throw mismatch("member \"\(item.key)\" twice") }
                seen |= 1 << UInt64(index)
                path.append(.member(item.key))
                try members[index].shape.check(item.value, path: &path)
                path.removeLast()
            }
            for (index, member) in members.enumerated() where member.required && seen & (1 << UInt64(index)) == 0 {
                throw mismatch("no member \"\(member.name)\"")
            }
        case .dictionary(let shape):
            guard case .object(let present) = value else { throw mismatch("expected an object") }
            for member in present {
                path.append(.member(member.key))
                try shape.check(member.value, path: &path)
                path.removeLast()
            }
        case .array(let shape, let minimum):
            guard case .array(let items) = value else { throw mismatch("expected an array") }
            guard items.count >= minimum else { throw mismatch("expected at least \(minimum) item\(minimum == 1 ? "" : "s")") }
            for (index, item) in items.enumerated() {
                path.append(.item(index))
                try shape.check(item, path: &path)
                path.removeLast()
            }
        case .string(let rule):
            guard case .string(let text) = value else { throw mismatch("expected a string") }
            guard rule.accepts(text) else { throw mismatch("expected \(rule.expectation)") }
        case .integer(let minimum):
            guard case .number(let number) = value, number == number.rounded(), number >= Double(minimum), number <= Double(Self.largestInteger)
            else {
                throw mismatch("expected a whole number from \(minimum) to \(Self.largestInteger)")
            }
        case .positiveNumber:
            guard case .number(let number) = value, number > 0 else { throw mismatch("expected a number greater than 0") }
        case .number:
            guard case .number = value else { throw mismatch("expected a number") }
        case .oneOf(let values):
            guard case .string(let text) = value, values.contains(text) else {
                throw mismatch("expected one of \(Self.list(values.map { "\"\($0)\"" }))")
            }
        case .oneOfNumbers(let values):
            guard case .number(let number) = value, values.contains(where: { Double($0) == number }) else {
                throw mismatch("expected \(Self.list(values.map { String($0) }))")
            }
        case .boolean:
            guard case .bool = value else { throw mismatch("expected true or false") }
        case .orNull(let shape):
            if case .null = value { return }
            try shape.check(value, path: &path)
        case .anything:
            return
        }
    }

    /// The JSON Schema (draft 2020-12) of a document of this shape: every named shape written once
    /// under `$defs`.
    public func schema(title: String, id: String) -> JSONValue {
        var definitions: [(key: String, value: JSONValue)] = []
        let root = schemaValue(definitions: &definitions)
        guard case .object(let members) = root else { return root }
        let head: [(key: String, value: JSONValue)] = [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")), ("$id", .string(id)), ("title", .string(title)),
        ]
        return .object(head + members + (definitions.isEmpty ? [] : [("$defs", .object(definitions))]))
    }

    private func schemaValue(definitions: inout [(key: String, value: JSONValue)]) -> JSONValue {
        switch self {
        case .named(let name, let shape):
            if !definitions.contains(where: { $0.key == name }) {
                definitions.append((name, .null))  // holds the place, and stops a shape that contains itself
                let value = shape.schemaValue(definitions: &definitions)
                if let index = definitions.firstIndex(where: { $0.key == name }) { definitions[index].value = value }
            }
            return .object([("$ref", .string("#/$defs/\(name)"))])
        case .object(let members):
            var properties: [(key: String, value: JSONValue)] = []
            for member in members {
                var property = member.shape.schemaValue(definitions: &definitions)
                if !member.description.isEmpty, case .object(let items) = property {
                    property = .object(items + [("description", .string(member.description))])
                }
                properties.append((member.name, property))
            }
            return .object([
                ("type", .string("object")), ("required", .array(members.filter { $0.required }.map { .string($0.name) })),
                ("additionalProperties", .bool(false)), ("properties", .object(properties)),
            ])
        case .dictionary(let shape):
            return .object([("type", .string("object")), ("additionalProperties", shape.schemaValue(definitions: &definitions))])
        case .array(let shape, let minimum):
            let items: [(key: String, value: JSONValue)] = [("type", .string("array")), ("items", shape.schemaValue(definitions: &definitions))]
            return .object(items + (minimum > 0 ? [("minItems", .int(minimum))] : []))
        case .string(let rule):
            return .object([("type", .string("string"))] + (rule.pattern.map { [("pattern", .string($0))] } ?? []))
        case .integer(let minimum):
            return .object([("type", .string("integer")), ("minimum", .int(minimum)), ("maximum", .int(Self.largestInteger))])
        case .positiveNumber:
            return .object([("type", .string("number")), ("exclusiveMinimum", .int(0))])
        case .number:
            return .object([("type", .string("number"))])
        case .oneOf(let values):
            return .object([("enum", .array(values.map { .string($0) }))])
        case .oneOfNumbers(let values):
            return .object(values.count == 1 ? [("const", .int(values[0]))] : [("enum", .array(values.map { .int($0) }))])
        case .boolean:
            return .object([("type", .string("boolean"))])
        case .orNull(let shape):
            return .object([("anyOf", .array([shape.schemaValue(definitions: &definitions), .object([("type", .string("null"))])]))])
        case .anything:
            return .object([])
        }
    }

    /// `devices[0].layouts[2].scale`; empty for the whole document.
    private static func text(of path: [PathStep]) -> String {
        var text = ""
        for step in path {
            switch step {
            case .member(let name): text += text.isEmpty ? name : ".\(name)"
            case .item(let index): text += "[\(index)]"
            }
        }
        return text
    }

    /// `a`, `a or b`, `a, b or c`.
    private static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " or " + items.last!
    }
}

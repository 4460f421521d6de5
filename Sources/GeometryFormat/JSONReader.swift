import CheckCodes

/// Why JSON text could not be read: where and what.
public struct JSONError: Problem, Hashable, Sendable {
    /// The byte offset of the problem.
    public var offset: Int
    public var reason: String

    public var problems: [ProblemText] { [ProblemText(reason: "invalid JSON at byte \(offset): \(reason)")] }
}

/// Reads JSON text (RFC 8259) into a ``JSONValue``, with limits that keep hostile text from
/// crashing or exhausting the reader: nesting depth, and numbers that must be finite.
public struct JSONReader {
    /// The deepest nesting of arrays and objects read.
    public static let maxDepth = 64

    private let bytes: [UInt8]
    private var offset = 0

    /// Reads the whole of `bytes` (UTF-8) as one JSON value.
    public static func read(_ bytes: [UInt8]) throws(JSONError) -> JSONValue {
        var reader = JSONReader(bytes: bytes)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.offset == bytes.count else { throw reader.error("text after the value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ reason: String) -> JSONError { JSONError(offset: offset, reason: reason) }

    private mutating func skipSpace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(JSONError) -> JSONValue {
        guard offset < bytes.count else { throw error("the text ends where a value should be") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected character")
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONError) -> JSONValue {
        let expected = Array(word.utf8)
        guard offset + expected.count <= bytes.count, bytes[offset..<(offset + expected.count)].elementsEqual(expected) else {
            throw error("unexpected character")
        }
        offset += expected.count
        return value
    }

    private mutating func object(depth: Int) throws(JSONError) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        try elements(depth: depth, close: "}", inside: "an object") { (reader: inout JSONReader) throws(JSONError) in
            guard reader.isAt("\"") else { throw reader.error("expected a member name") }
            let key = try reader.string()
            reader.skipSpace()
            guard reader.isAt(":") else { throw reader.error("expected ':'") }
            reader.offset += 1
            reader.skipSpace()
            members.append((key, try reader.value(depth: depth)))
        }
        return .object(members)
    }

    private mutating func array(depth: Int) throws(JSONError) -> JSONValue {
        var values: [JSONValue] = []
        try elements(depth: depth, close: "]", inside: "an array") { (reader: inout JSONReader) throws(JSONError) in
            values.append(try reader.value(depth: depth))
        }
        return .array(values)
    }

    /// Reads the elements of the object or array whose opening bracket is at `offset`, through its
    /// `close`: each by `element` (with the space around it skipped), separated by commas.
    private mutating func elements(
        depth: Int, close: Unicode.Scalar, inside container: String, _ element: (inout JSONReader) throws(JSONError) -> Void
    ) throws(JSONError) {
        guard depth <= Self.maxDepth else { throw error("nested more than \(Self.maxDepth) levels deep") }
        offset += 1
        skipSpace()
        if isAt(close) {
            offset += 1
            return
        }
        while true {
            skipSpace()
            try element(&self)
            skipSpace()
            guard offset < bytes.count else { throw error("the text ends inside \(container)") }
            if isAt(close) {
                offset += 1
                return
            }
            guard isAt(",") else { throw error("expected ',' or '\(String(decoding: [UInt8(ascii: close)], as: UTF8.self))'") }
            offset += 1
        }
    }

    /// Whether the byte at `offset` is `character`.
    private func isAt(_ character: Unicode.Scalar) -> Bool {
        offset < bytes.count && bytes[offset] == UInt8(ascii: character)
    }

    private mutating func string() throws(JSONError) -> String {
        offset += 1
        var scalars = String.UnicodeScalarView()
        var run = offset
        func flush(_ end: Int) { scalars += String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars }
        while true {
            guard offset < bytes.count else { throw error("the text ends inside a string") }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                flush(offset)
                offset += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("a control character inside a string") }
            guard byte == UInt8(ascii: "\\") else {
                offset += 1
                continue
            }
            flush(offset)
            offset += 1
            guard offset < bytes.count else { throw error("the text ends inside a string") }
            let escape = bytes[offset]
            offset += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code), offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                    bytes[offset + 1] == UInt8(ascii: "u")
                {
                    offset += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("an unpaired surrogate") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("an unpaired surrogate") }
                scalars.append(scalar)
            default: throw error("an invalid escape")
            }
            run = offset
        }
    }

    private mutating func hex4() throws(JSONError) -> UInt32 {
        guard offset + 4 <= bytes.count else { throw error("the text ends inside an escape") }
        var code: UInt32 = 0
        for byte in bytes[offset..<(offset + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("an invalid \\u escape")
            }
            code = code << 4 | UInt32(digit)
        }
        offset += 4
        return code
    }

    /// A number, as a Double; one too large to be finite is an error.
    private mutating func number() throws(JSONError) -> Double {
        let start = offset
        var negative = false
        if bytes[offset] == UInt8(ascii: "-") {
            negative = true
            offset += 1
        }
        var mantissa: Double = 0
        var exponent = 0
        var digits = 0
        func isDigit(_ index: Int) -> Bool { index < bytes.count && bytes[index] >= 48 && bytes[index] <= 57 }
        guard isDigit(offset) else { throw error("a number without digits") }
        if bytes[offset] == UInt8(ascii: "0"), isDigit(offset + 1) { throw error("a number with a leading zero") }
        while isDigit(offset) {
            if digits < 17 { mantissa = mantissa * 10 + Double(bytes[offset] - 48) } else { exponent += 1 }
            if mantissa > 0 { digits += 1 }
            offset += 1
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard isDigit(offset) else { throw error("a number without digits after '.'") }
            while isDigit(offset) {
                if digits < 17 {
                    mantissa = mantissa * 10 + Double(bytes[offset] - 48)
                    exponent -= 1
                    if mantissa > 0 { digits += 1 }
                }
                offset += 1
            }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            var negativeExponent = false
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                negativeExponent = bytes[offset] == UInt8(ascii: "-")
                offset += 1
            }
            guard isDigit(offset) else { throw error("a number without digits in its exponent") }
            var value = 0
            while isDigit(offset) {
                value = min(100_000, value * 10 + Int(bytes[offset] - 48))
                offset += 1
            }
            exponent += negativeExponent ? -value : value
        }
        var result = mantissa
        if mantissa <= 9_007_199_254_740_992, abs(exponent) <= 22 {
            // Exact digits and an exact power of ten: one correctly rounded operation, so that
            // text such as 164.67 reads as the Double nearest to it, as other JSON readers read it.
            var power = 1.0
            for _ in 0..<abs(exponent) { power *= 10 }
            result = exponent < 0 ? mantissa / power : mantissa * power
        } else if exponent > 0 {
            for _ in 0..<min(exponent, 400) { result *= 10 }
        } else if exponent < 0 {
            for _ in 0..<min(-exponent, 400) { result /= 10 }
        }
        guard result.isFinite else {
            offset = start
            throw error("a number too large")
        }
        return negative ? -result : result
    }
}

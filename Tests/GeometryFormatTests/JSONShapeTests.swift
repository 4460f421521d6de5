import Foundation
import GeometryFormat
import Testing

@Suite struct JSONShapeTests {
    private static let point = JSONShape.object([JSONMember("x", .integer(minimum: 0)), JSONMember("label", .string(.any), required: false)])

    private static func mismatch(_ shape: JSONShape, _ text: String) throws -> String? {
        let value = try JSONReader.read(Array(text.utf8))
        do {
            try shape.check(value)
            return nil
        } catch {
            return error.path.isEmpty ? error.reason : "\(error.path): \(error.reason)"
        }
    }

    @Test(
        arguments: [
            (point, #"{"x": 3}"#, nil),
            (point, #"{"x": 3, "label": "a"}"#, nil),
            (point, #"[]"#, "expected an object"),
            (point, #"{"label": "a"}"#, "no member \"x\""),
            (point, #"{"x": 3, "y": 4}"#, "unknown member \"y\""),
            (point, #"{"x": 3, "x": 4}"#, "member \"x\" twice"),
            (point, #"{"label": 3}"#, "label: expected a string"),
            (point, #"{"x": -1}"#, "x: expected a whole number from 0 to 1000000"),
            (point, #"{"x": 2.5}"#, "x: expected a whole number from 0 to 1000000"),
            (point, #"{"x": 1000001}"#, "x: expected a whole number from 0 to 1000000"),
            (point, #"{"x": "3"}"#, "x: expected a whole number from 0 to 1000000"),
            (point, #"{"x": 3, "label": 3}"#, "label: expected a string"),
            (.array(point, minimum: 1), #"[]"#, "expected at least 1 item"),
            (.array(point, minimum: 2), #"[{"x": 1}]"#, "expected at least 2 items"),
            (.array(point), #"[{"x": 1}, {"x": true}]"#, "[1].x: expected a whole number from 0 to 1000000"),
            (.array(point), #"{}"#, "expected an array"),
            (.dictionary(.string(.any)), #"{"a": "b", "c": 1}"#, "c: expected a string"),
            (.dictionary(.string(.any)), #"["a"]"#, "expected an object"),
            (.oneOf(["small", "medium"]), #""large""#, "expected one of \"small\" or \"medium\""),
            (.oneOf(["a", "b", "c"]), #"1"#, "expected one of \"a\", \"b\" or \"c\""),
            (.oneOfNumbers([2, 3]), #"4"#, "expected 2 or 3"),
            (.oneOfNumbers([1]), #"1"#, nil),
            (.positiveNumber, #"0"#, "expected a number greater than 0"),
            (.positiveNumber, #"0.5"#, nil),
            (.number, #"null"#, "expected a number"),
            (.named("point", point), #"{"x": null}"#, "x: expected a whole number from 0 to 1000000"),
            (.string(.date), #""2026-1-05""#, "expected a date YYYY-MM-DD"),
            (.string(.dataVersion), #""2026.11""#, "expected a data version YEAR.MONTH.N"),
            (.string(.slug), #""iPhone-16""#, "expected lowercase letters and digits joined by single hyphens"),
        ] as [(JSONShape, String, String?)])
    func aValueThatBreaksItsShapeNamesWhereAndWhy(_ shape: JSONShape, _ text: String, _ expected: String?) throws {
        #expect(try Self.mismatch(shape, text) == expected)
    }

    /// The Swift test of each string rule against its pattern, run by Foundation's regular
    /// expressions: the schema and the browser core accept the same strings.
    @Test(arguments: [JSONTextRule.dataVersion, .date, .slug])
    func eachTextRuleAcceptsWhatItsPatternMatches(_ rule: JSONTextRule) throws {
        let samples = [
            "", "2026.11.1", "2026.1.12", "2026.111.1", "226.11.1", "2026.11.", "2026..1", "2026.11.1.2", "a026.11.1", "2026-11-25", "2026-1-25",
            "2026-11-255", "2026-11-2a", "iphone-16-pro", "iphone--16", "-iphone", "iphone-", "iPhone", "iphone_16", "16", "a", "é", "2026.11.1 ",
            "٢٠٢٦.11.1",
        ]
        let shape = JSONShape.string(rule)
        let schema = shape.schema(title: "", id: "")
        guard case .string(let pattern)? = schema["pattern"] else {
            Issue.record("no pattern")
            return
        }
        let expression = try NSRegularExpression(pattern: pattern)
        for sample in samples {
            let matches = expression.firstMatch(in: sample, range: NSRange(sample.startIndex..., in: sample)) != nil
            let accepted = (try? shape.check(.string(sample))) != nil
            #expect(accepted == matches, "\(sample)")
        }
    }

    @Test func aNamedShapeIsWrittenOnceUnderDefsAndReferredTo() throws {
        let size = JSONShape.named("size", .object([JSONMember("width", .positiveNumber, "in points")]))
        let shape = JSONShape.object([JSONMember("screen", size), JSONMember("window", size, required: false)])
        let schema = shape.schema(title: "Sizes", id: "sizes.schema.json")
        #expect(
            schema.text
                == ##"{"$schema":"https://json-schema.org/draft/2020-12/schema","$id":"sizes.schema.json","title":"Sizes","type":"object","required":["screen"],"additionalProperties":false,"properties":{"screen":{"$ref":"#/$defs/size"},"window":{"$ref":"#/$defs/size"}},"$defs":{"size":{"type":"object","required":["width"],"additionalProperties":false,"properties":{"width":{"type":"number","exclusiveMinimum":0,"description":"in points"}}}}}"##
        )
    }
}

import Foundation
import GeometryFormat
import TestSupport
import Testing

@Suite struct GeometryFormatTests {
    @Test func theGeometryFileTheBuildWritesHasTheFormatsShape() throws {
        try GeometryFormat.document.check(try JSONReader.read(GeometryData.text))
    }

    /// Every member the format requires of a layout, taken out of a real one, is named as missing;
    /// every optional one may go.
    @Test func eachRequiredMemberOfALayoutIsRequired() throws {
        guard case .named(_, .object(let members)) = GeometryFormat.layout else {
            Issue.record("the layout is a named object")
            return
        }
        let root = try JSONReader.read(GeometryData.text)
        guard case .array(let devices)? = root["devices"], case .array(let layouts)? = devices.first?["layouts"],
            case .object(let layout)? = layouts.first
        else {
            Issue.record("no layout in geometry.json")
            return
        }
        for member in members {
            let without = JSONValue.object(layout.filter { $0.key != member.name })
            do {
                try GeometryFormat.layout.check(without)
                #expect(!member.required, "\(member.name) is required but was not missed")
            } catch {
                #expect(member.required && error.reason == "no member \"\(member.name)\"", "\(member.name): \(error)")
            }
        }
    }

    @Test func aWrongValueDeepInTheRealFileIsNamedByItsPath() throws {
        var text = String(decoding: GeometryData.text, as: UTF8.self)
        let range = try #require(text.range(of: "\"source\" : \"published\""))
        text.replaceSubrange(range, with: "\"source\" : \"guessed\"")
        let value = try JSONReader.read(Array(text.utf8))
        do {
            try GeometryFormat.document.check(value)
            Issue.record("no error")
        } catch {
            #expect(error.path.hasPrefix("devices[0].layouts[") && error.path.hasSuffix("].source"))
            #expect(error.reason == "expected one of \"measured\", \"published\", \"derived\" or \"estimated\"")
        }
    }

    @Test func theSchemaNamesTheVersionAndTheFileTheDocumentDoes() throws {
        let schema = GeometryFormat.schema
        #expect(schema["$id"] == .string(GeometryFormat.schemaFile))
        #expect(schema["properties"]?["schemaVersion"] == .object([("const", .int(GeometryFormat.version))]))
        let document = try JSONReader.read(GeometryData.text)
        #expect(document["$schema"] == .string(GeometryFormat.schemaFile))
        #expect(document["schemaVersion"] == .int(GeometryFormat.version))
    }

    @Test func writtenJSONReadsBackAsFoundationReadsIt() throws {
        let value = try JSONReader.read(GeometryData.text)
        let ours = try JSONSerialization.jsonObject(with: Data(value.text.utf8)) as! NSDictionary
        let theirs = try JSONSerialization.jsonObject(with: Data(GeometryData.text)) as! NSDictionary
        #expect(ours == theirs)
        #expect(value.prettyText == String(decoding: GeometryData.text, as: UTF8.self), "pretty text is JSONEncoder's, byte for byte")
    }
}

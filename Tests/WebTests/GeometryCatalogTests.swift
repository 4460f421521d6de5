import Foundation
import GeometryFormat
import SlotGeometry
import TestSupport
import Testing
import Web

extension WebSuites {
    @Suite struct GeometryCatalogTests {
        /// The members a document has before its devices.
        private static let head = #"{"schemaVersion": 1, "generator": "Backdrop", "dataChangelog": [], "#

        @Test func readsTheRealGeometryFile() throws {
            let catalog = try GeometryCatalog(json: GeometryData.text)
            let decoded = try JSONSerialization.jsonObject(with: Data(GeometryData.text)) as! [String: Any]
            let devices = decoded["devices"] as! [[String: Any]]
            #expect(catalog.layouts.count == devices.reduce(0) { $0 + ($1["layouts"] as! [Any]).count })
            let layout = try #require(catalog.layout("iphone-16-pro/ios18"))
            #expect(layout.screenshot == PixelSize(width: 1206, height: 2622))
            #expect(layout.deviceName == "iPhone 16 Pro, 17, 17 Pro")
            #expect(layout.slots.count == 11)
            let derived = try #require(catalog.layout("iphone-12-mini/ios26"))
            #expect(derived.slots.count == 12 && derived.unavailable.isEmpty && derived.coverage == "derived")
        }

        @Test(
            arguments: [
                ("", "geometry.json: invalid JSON at byte 0: the text ends where a value should be"),
                ("{\"devices\": [", "geometry.json: invalid JSON at byte 13: the text ends where a value should be"),
                ("{\"devices\": 1e999}", "geometry.json: invalid JSON at byte 12: a number too large"),
                ("{}", "geometry.json: no member \"schemaVersion\""),
                (Self.head + "\"devices\": {}}", "geometry.json: devices: expected an array"),
                (Self.head + "\"devices\": []}", nil),
                (Self.head + "\"devices\": [], \"version\": 2}", "geometry.json: unknown member \"version\""),
                (Self.head + "\"devices\": [{\"id\": \"phone\", \"name\": 3}]}", "geometry.json: devices[0].name: expected a string"),
                (
                    Self.head + "\"devices\": [{\"id\": \"Phone\"}]}",
                    "geometry.json: devices[0].id: expected lowercase letters and digits joined by single hyphens"
                ),
                (Self.head + "\"devices\": [1]}", "geometry.json: devices[0]: expected an object"),
                ("{\"devices\": [] } x", "geometry.json: invalid JSON at byte 17: text after the value"),
                ("\"\\ud800\"", "geometry.json: invalid JSON at byte 7: an unpaired surrogate"),
            ] as [(String, String?)])
        func hostileTextIsAClearError(_ text: String, _ message: String?) {
            do {
                _ = try GeometryCatalog(json: Array(text.utf8))
                #expect(message == nil)
            } catch {
                #expect(error.description == message)
            }
        }

        @Test func deepNestingIsRefusedAtTheLimitNotByOverflowingTheStack() {
            do {
                _ = try GeometryCatalog(json: [UInt8](repeating: UInt8(ascii: "["), count: 100_000))
                Issue.record("no error")
            } catch {
                #expect(error.description == "geometry.json: invalid JSON at byte 64: nested more than 64 levels deep")
            }
        }

        @Test func aPixelValueOutOfRangeNamesItsPath() throws {
            var text = String(decoding: GeometryData.text, as: UTF8.self)
            text = text.replacingOccurrences(of: "\"x\" : 28,", with: "\"x\" : 1e300,")
            do {
                _ = try GeometryCatalog(json: Array(text.utf8))
                Issue.record("no error")
            } catch {
                #expect(error.description.hasSuffix(".pixels.x: expected a whole number from 0 to 1000000"))
            }
        }

        @Test func everyTruncationOfTheRealFileIsAnErrorNotACrash() {
            let text = GeometryData.text
            for length in stride(from: 0, to: text.count - 1, by: 9_973) {
                #expect(throws: GeometryDataError.self) { try GeometryCatalog(json: Array(text.prefix(length))) }
            }
        }
    }
}

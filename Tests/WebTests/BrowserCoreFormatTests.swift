import Foundation
import GeometryFormat
import NativePNG
import PNGCodec
import SlotGeometry
import TestSupport
import Testing
import Web

extension WebSuites {
    /// Every answer the browser core gives has the shape ``BrowserCoreFormat`` describes, and the
    /// committed schema is the one written from it.
    @Suite struct BrowserCoreFormatTests {
        static let schemaPath = GeometryData.root + "/docs/api/" + BrowserCoreFormat.schemaFile

        /// Checks `answer` against `shape`, recording where it breaks it.
        static func expectShape(_ answer: JSONValue, _ shape: JSONShape, _ what: String) {
            do {
                try shape.check(answer)
            } catch {
                Issue.record("\(what): \(error)\n\(answer.text)")
            }
        }

        @Test func theCommittedSchemaIsWrittenFromTheFormat() throws {
            let written = BrowserCoreFormat.schema.prettyText + "\n"
            if ProcessInfo.processInfo.environment["BACKDROP_WRITE_SCHEMA"] == "1" {
                try Data(written.utf8).write(to: URL(fileURLWithPath: Self.schemaPath))
            }
            let committed = try String(contentsOfFile: Self.schemaPath, encoding: .utf8)
            #expect(
                committed == written,
                "docs/api/\(BrowserCoreFormat.schemaFile) is not the schema BrowserCoreFormat writes; write it again with BACKDROP_WRITE_SCHEMA=1 swift test --traits Tool --filter BrowserCoreFormatTests"
            )
        }

        @Test func everyAnswerOfAnImageAndItsCropsHasItsShape() throws {
            var core = BrowserCore()
            try core.setCatalog(GeometryData.text)
            let bytes = try PNGRaster.readBytes(GeometryData.root + "/content/calibration/iphone-se-2nd-gen-ios18-large-icons-widgets-light.png")
            let (handle, info) = try core.open(name: "light.png", bytes: bytes)
            Self.expectShape(info, BrowserCoreFormat.image, "open")
            Self.expectShape(try core.colorChunks(of: handle), BrowserCoreFormat.colorSummary, "colorChunks")
            core.close(handle)
            let shot = try BrowserCoreTests.read(&core, "light.png", bytes)
            Self.expectShape(try core.plan(shot, layout: "iphone-se-2nd-gen/ios18-large-icons"), BrowserCoreFormat.plan, "plan")
            Self.expectShape(try core.calibrate(shot, empty: nil), BrowserCoreFormat.calibrate, "calibrate")
            do {
                _ = try core.plan(shot, layout: "iphone-16-pro/ios26")
                Issue.record("a plan of another size's layout was made")
            } catch {
                Self.expectShape(error.json, BrowserCoreFormat.error, "error")
            }
        }

        @Test func theLayoutMenuHasItsShapeForEverySizeInTheCatalogAndForNone() throws {
            let catalog = try GeometryCatalog(json: GeometryData.text)
            var sizes = Set(catalog.layouts.map { $0.screenshot })
            sizes.insert(PixelSize(width: 1000, height: 2000))
            for size in sizes {
                Self.expectShape(LayoutMenu.choices(size, in: catalog), BrowserCoreFormat.layoutMenu, "layouts for \(size)")
            }
        }

        @Test func measuringAndCheckingWidgetsAnswerInTheirShapes() throws {
            var core = BrowserCore()
            try core.setCatalog(GeometryData.text)
            let painted = GeometryData.root + "/Tests/CalibrationTests/Painted/"
            let empty = try BrowserCoreTests.read(&core, "empty.png", PNGRaster.readBytes(painted + "glass-16pro-ios26-empty.png"))
            let placed = try BrowserCoreTests.read(&core, "placed.png", PNGRaster.readBytes(painted + "glass-16pro-ios26.png"))
            let measured = try core.measure(empty: empty, placed: placed)
            #expect(measured["problem"] == .null)
            Self.expectShape(measured, BrowserCoreFormat.measure, "measure")
            let checked = try core.checkWidgets(empty: empty, home: placed, layout: "iphone-16-pro/ios26")
            Self.expectShape(checked, BrowserCoreFormat.checkWidgets, "checkWidgets")
            // The answers that say why nothing could be done have the same shapes.
            let other = try BrowserCoreTests.read(
                &core, "other.png",
                PNGRaster.readBytes(GeometryData.root + "/content/calibration/iphone-se-2nd-gen-ios18-large-icons-widgets-light.png"))
            let unmeasured = try core.measure(empty: empty, placed: other)
            #expect(unmeasured["problem"] != .null)
            Self.expectShape(unmeasured, BrowserCoreFormat.measure, "measure of two sizes")
            let unchecked = try core.checkWidgets(empty: empty, home: other, layout: "iphone-16-pro/ios26")
            #expect(unchecked["problem"] != .null)
            Self.expectShape(unchecked, BrowserCoreFormat.checkWidgets, "checkWidgets of two sizes")
        }

        @Test func anAnswerThatBreaksItsShapeIsFound() throws {
            let error = BackdropError(file: "shot.png", reason: "truncated").json
            Self.expectShape(error, BrowserCoreFormat.error, "error")
            guard case .object(let members) = error else { throw BackdropError(file: nil, reason: "not an object") }
            for broken in [
                JSONValue.object(members.filter { $0.key != "reason" }), .object(members + [("extra", .null)]),
                .object(members.map { $0.key == "file" ? ($0.key, .int(1)) : $0 }),
            ] {
                #expect(throws: JSONShapeMismatch.self) { try BrowserCoreFormat.error.check(broken) }
            }
            #expect(throws: JSONShapeMismatch.self) { try BrowserCoreFormat.lightAndDark.check(.bool(true)) }
        }
    }
}

import Calibration
import Catalog
import Foundation
import Gallery
import GeometryFormat
import MeasurementReports
import NativePNG
import SlotGeometry
import Testing
import Web

/// The browser core's calibration (`CalibrationReport`, what the measure page shows) against
/// `backdrop calibrate --json` on the same files: every bundled calibration sample and every
/// painted scene, with and without its empty page.
@Suite(.serialized) struct WebCalibrationReportTests {
    static let root = CLIRunner.packageRoot

    /// `(folder, screenshot, empty)` for each measurement the command line is asked for.
    static var scenes: [(folder: URL, name: String, empty: String?)] {
        var scenes: [(URL, String, String?)] = []
        let samples = root.appendingPathComponent("content/calibration")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: samples.path))?.sorted() ?? [] where name.hasSuffix(".png") {
            scenes.append((samples, name, nil))
        }
        let painted = root.appendingPathComponent("Tests/CalibrationTests/Painted")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: painted.path))?.sorted() ?? []
        where name.hasSuffix(".png") && !name.hasSuffix("-empty.png") {
            scenes.append((painted, name, nil))
            let empty = String(name.dropLast(4)) + "-empty.png"
            if FileManager.default.fileExists(atPath: painted.appendingPathComponent(empty).path) { scenes.append((painted, name, empty)) }
        }
        return scenes
    }

    static let geometry: GeometryCatalog = {
        let catalog = Catalog.load(content: root.appendingPathComponent("content").path)
        return try! GeometryCatalog(json: [UInt8](try! GeometryFiles.json(catalog)))
    }()

    @Test func everySampleAndPaintedSceneGivesTheCommandLinesReport() throws {
        let scenes = Self.scenes
        #expect(scenes.count >= 10 + 17)
        for (folder, name, empty) in scenes {
            let options = (empty.map { ["--empty", $0] } ?? []) + ["--content", Self.root.appendingPathComponent("content").path]
            let cli = try CLIRunner.run(["calibrate", name, "--json"] + options, in: folder)
            let shot = try PNGRaster(contentsOfFile: folder.appendingPathComponent(name).path)
            let emptyField = try empty.map { path in
                let page = try PNGRaster(contentsOfFile: folder.appendingPathComponent(path).path)
                return ColorField(size: page.size, rgb: page.normalizedRGB())
            }
            let candidates = Self.geometry.candidates(matching: shot.size)
            let measured: Result<Calibration, CalibrationError> = Result { () throws(CalibrationError) in
                try Calibrator.calibrate(ColorField(size: shot.size, rgb: shot.normalizedRGB()), empty: emptyField, candidates: candidates)
            }
            switch measured {
            case .success(let calibration):
                #expect(cli.status == 0, "\(name) \(empty ?? ""): \(cli.stderr)")
                let ours = CalibrationReport.json(calibration, file: name, scale: CalibrationReport.scale(candidates)).text
                let theirs = try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? NSDictionary
                let mine = try JSONSerialization.jsonObject(with: Data(ours.utf8)) as? NSDictionary
                #expect(mine != nil && mine == theirs, "\(name) \(empty ?? ""):\n\(ours)\nvs\n\(cli.stdout)")
                #expect(
                    cli.stdout == CalibrationReport.json(calibration, file: name, scale: CalibrationReport.scale(candidates)).prettyText + "\n",
                    "the same bytes")
                let block = calibration.layoutBlock.joined(separator: "\n")
                let text = try CLIRunner.run(["calibrate", name] + options, in: folder)
                #expect(text.stdout.contains(block), "\(name) \(empty ?? "")")
            case .failure(let error):
                #expect(cli.status != 0, "\(name) \(empty ?? ""): we say \(error)")
                #expect(cli.stderr.contains("\(name): \(error.description)"), "\(name) \(empty ?? ""): \(cli.stderr) vs \(error)")
            }
        }
    }

    @Test func numbersAreWrittenSoThatTheyReadBackTheSame() throws {
        for value in [493.0 / 3, 1.0 / 3, 2.0 / 3, 0.1, 1.23, 87.5, -4.25, 1e-3, 2.0 / 3 * 1000, 12345.678] {
            let text = JSONValue.number(value).text
            let read = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [Double]
            #expect(read == [value], "\(value) written as \(text)")
        }
        #expect(JSONValue.number(1.23).text == "1.23")
        #expect(JSONValue.number(87).text == "87")
    }

    /// What `calibrate --json` printed when it encoded its own report: `JSONEncoder`'s pretty,
    /// key-sorted text, empty arrays and objects, escapes and whole numbers included.
    @Test func prettyTextIsJSONEncodersPrettyText() throws {
        struct Sample: Encodable {
            var a: [Int] = []
            var b: [String: Int] = [:]
            var c = [1, 2]
            var d = 1.5
            var e = "x/y \"q\" \\ \n\t\u{1} é"
            var f = 3.0
            var g = [[String: Int]()]
            var h = [[1], []]
            var i: Bool? = false
        }
        let value = JSONValue.object([
            ("a", .array([])), ("b", .object([])), ("c", .array([.int(1), .int(2)])), ("d", .number(1.5)),
            ("e", .string("x/y \"q\" \\ \n\t\u{1} é")), ("f", .number(3)), ("g", .array([.object([])])),
            ("h", .array([.array([.int(1)]), .array([])])), ("i", .bool(false)),
        ])
        #expect(value.prettyText == String(decoding: try encodeJSON(Sample()), as: UTF8.self))
    }
}

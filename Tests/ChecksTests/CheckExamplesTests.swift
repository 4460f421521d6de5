import Catalog
import Checks
import Foundation
import SlotGeometry
import TestFolders
import Testing

@Suite struct CheckExamplesTests {
    /// The families whose every check has an example.
    static let covered: Set<String> = [ContentCheck.family, GeometryCheck.family, ScreenshotCheck.family, CalibrationCheck.family]

    @Test func everyContentGeometryScreenshotAndCalibrationCheckHasAnExampleOfItsOwnCode() {
        for check in AllChecks.infos where Self.covered.contains(check.family) {
            let example = CheckExamples.all[check.code]
            #expect(example?.code == check.code, "\(check.code) has no example")
            #expect(example?.message.isEmpty == false, "\(check.code)")
        }
        for (code, example) in CheckExamples.all {
            #expect(example.code == code)
        }
    }
}

/// The examples word their findings as real findings of real files are worded: a bundled profile,
/// broken on disk in another way and with other numbers, loaded as a build loads it.
@Suite struct CheckExamplesMatchRealFindingsTests {
    /// A message with its device ids and numbers left out, to compare wordings.
    func shape(_ message: String, ids: [String] = []) -> String {
        ids.reduce(message) { $0.replacing($1, with: "ID") }.replacing(/\d+(\.\d+)?/, with: "N")
    }

    /// The findings of `code` when the bundled profile `device` has `original` replaced.
    func realFindings(_ code: String, device: String, replacing original: String, with replacement: String) throws -> [Diagnostic] {
        try withTemporaryFolder("examples") { folder in
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("devices"), withIntermediateDirectories: true)
            let text = try String(contentsOf: packageRoot.appendingPathComponent("content/devices/\(device).md"), encoding: .utf8)
            #expect(text.contains(original), "\(device).md has no `\(original)`")
            try text.replacing(original, with: replacement).write(
                to: folder.appendingPathComponent("devices/\(device).md"), atomically: true, encoding: .utf8)
            return Catalog.load(content: folder.path).diagnostics.filter { $0.code == code }
        }
    }

    @Test(arguments: [
        ("G005", "iphone-14-pro", "    medium: 1017x474", "    medium: 1014x474"),
        ("G010", "iphone-14-pro", "    large: 1017x1062", "    large: 1017x1070"),
        ("G007", "iphone-8-plus", "    bottom: 1278", "    bottom: 1284"),
        ("F003", "iphone-16-pro", "scale: 3", "scale: 3\nscaling: 3"),
        ("F005", "iphone-16-pro", "scale: 3", "scale: 1"),
    ])
    func anExampleIsWordedAsTheRealFinding(code: String, device: String, original: String, replacement: String) throws {
        let example = try #require(CheckExamples.all[code], "\(code) has no example")
        let real = try realFindings(code, device: device, replacing: original, with: replacement)
        #expect(!real.isEmpty, "the broken \(device).md has no \(code) finding")
        #expect(real.contains { shape($0.message) == shape(example.message) }, "\(example.message) vs \(real.map(\.message))")
        #expect(real.contains { $0.message != example.message } || code == "F003", "the real file breaks the rule with other numbers")
    }

    @Test func theScreenshotSizeExampleIsWordedAsTheRealFinding() throws {
        try withTemporaryFolder("examples") { folder in
            let manager = FileManager.default
            for sub in ["devices", "screenshots"] {
                try manager.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
            }
            let bundled = packageRoot.appendingPathComponent("content")
            try manager.copyItem(
                at: bundled.appendingPathComponent("devices/iphone-se-1st-gen.md"), to: folder.appendingPathComponent("devices/iphone-se-1st-gen.md"))
            // A screenshot of another phone in the place of each of the 4-inch SE's.
            for appearance in ["light", "dark"] {
                try manager.copyItem(
                    at: bundled.appendingPathComponent("screenshots/iphone-se-2nd-gen-\(appearance).png"),
                    to: folder.appendingPathComponent("screenshots/iphone-se-1st-gen-\(appearance).png"))
            }
            let catalog = Catalog.load(content: folder.path)
            // Paths as a build from `--content content` names them.
            let real = ScreenshotChecks.run(catalog, content: folder.path).diagnostics.filter { $0.code == "S003" }.map {
                var finding = $0
                finding.message = finding.message.replacing(folder.path, with: "content")
                return finding
            }
            let example = try #require(CheckExamples.all["S003"])
            #expect(!real.isEmpty)
            let ids = ["iphone-se-1st-gen", "example-phone"]
            #expect(
                real.contains { shape($0.message, ids: ids) == shape(example.message, ids: ids) }, "\(example.message) vs \(real.map(\.message))")
        }
    }
}

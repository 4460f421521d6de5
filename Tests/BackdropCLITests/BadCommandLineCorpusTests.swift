import Foundation
import NativePNG
import SlotGeometry
import TestSupport
import Testing

/// The bad-input corpus of the command line, beside the build's (`BadInputCorpusTests`): a case
/// of every class of hostile command line found so far, each met as documented (refused with a
/// message that names the word or file and what to do, or done right), and the folder byte for
/// byte as before but for what the command was asked to write. The generated tests of each class
/// are named with it.
@Suite struct BadCommandLineCorpusTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var status: Int32
        var says: [String]
        /// Makes what the case needs in the workspace first.
        var prepare: @Sendable (CommandLineWorkspace) throws -> Void = { _ in }
        /// The names it may make at the top of the folder.
        var makes: Set<String> = []
        /// Checks what it wrote.
        var check: @Sendable (CommandLineWorkspace, CLIRunner.Result) throws -> Void = { _, _ in }
        var content = true
        var testDescription: String { name }
    }

    static func copy(_ from: String, _ to: String) -> @Sendable (CommandLineWorkspace) throws -> Void {
        { workspace in
            try FileManager.default.copyItem(at: workspace.folder.appendingPathComponent(from), to: workspace.folder.appendingPathComponent(to))
        }
    }

    static let cases: [Case] = [
        // 1. File names that read as options (ArgumentsBeforeParsingTests).
        Case(
            name: "a screenshot named -photo.png", arguments: ["crop", "-photo.png", "--out", "crops"], status: 64,
            says: ["-photo.png reads as an option", "write ./-photo.png"], prepare: copy("shot.png", "-photo.png")),
        Case(
            name: "a screenshot named -h.png, to calibrate", arguments: ["calibrate", "-h.png"], status: 64,
            says: ["-h.png reads as an option", "write ./-h.png"], prepare: copy("placed.png", "-h.png")),
        // 2. `-` as a file name (ArgumentsBeforeParsingTests).
        Case(
            name: "a site written to -", arguments: ["build", "--output", "-"], status: 64,
            says: ["--output -: - means standard input or output", "./-"],
            prepare: copy("shot.png", "-")),
        Case(
            name: "the geometry source written to - is printed", arguments: ["export", "widget-geometry", "--output", "-"], status: 0,
            says: [], prepare: copy("shot.png", "-"),
            check: { _, result in #expect(result.stdout.hasPrefix("// swift-format-ignore-file"), "\(result.stdout.prefix(100))") }),
        // 3. A label used as a path (EmptyFolderTests, CatalogChoiceTests).
        Case(
            name: "samples where there is no content folder", arguments: ["samples"], status: 1,
            says: ["this command writes into the content folder, and there is none here"], content: false),
        // 4. One picture in two encodings (SameScreenshotTwiceTests, IdenticalPairTests, LightAndDarkTests).
        Case(
            name: "a pair of one picture, the second at 16 bits",
            arguments: ["crop", "placed.png", "--measured-from", "placed-16.png", "--out", "crops"],
            status: 1, says: ["placed-16.png", "are identical images"],
            prepare: { workspace in
                let image = try PNGRaster(contentsOfFile: workspace.folder.appendingPathComponent("placed.png").path)
                let wide = PNGRaster(
                    width: image.width, height: image.height, format: PNGFormat(colorType: .rgb, bitDepth: 16),
                    pixels: image.pixels.flatMap { [$0, $0] })
                try Data(try wide.encoded()).write(to: workspace.folder.appendingPathComponent("placed-16.png"))
            }),
        // 5. The build machine's paths in the site (PublishedSiteTests).
        Case(
            name: "a site built from absolute paths", arguments: ["build", "--content", "ABSOLUTE/content", "--output", "ABSOLUTE/site"], status: 0,
            says: [], makes: ["site", ".backdrop-cache"],
            check: { workspace, _ in
                for case let path as String in FileManager.default.enumerator(atPath: workspace.folder.appendingPathComponent("site").path)! {
                    let data = FileManager.default.contents(atPath: workspace.folder.appendingPathComponent("site/\(path)").path) ?? Data()
                    #expect(data.range(of: Data(workspace.folder.path.utf8)) == nil, "\(path)")
                }
                #expect(!FileManager.default.fileExists(atPath: workspace.folder.appendingPathComponent("site/.backdrop-stamp").path))
            }),
        // 6. One family, two sizes (OneSizePerFamilyTests, MeasuredCropTests).
        Case(
            name: "a widget two pixels narrower than its fellows",
            arguments: ["crop", "four-empty.png", "--measured-from", "four-placed.png", "--out", "crops"], status: 0, says: [],
            prepare: { workspace in
                let pairs = CLIRunner.packageRoot.appendingPathComponent("Tests/CalibrationTests/Pairs")
                try FileManager.default.copyItem(
                    at: pairs.appendingPathComponent("four-small-1000x2100-empty.png"), to: workspace.folder.appendingPathComponent("four-empty.png"))
                var placed = try PNGRaster(contentsOfFile: pairs.appendingPathComponent("four-small-1000x2100-placed.png").path)
                let empty = try PNGRaster(contentsOfFile: pairs.appendingPathComponent("four-small-1000x2100-empty.png").path)
                // small-top-right (530,210 400x400): its left edge 2 px in.
                for y in 210..<610 {
                    for x in 530..<532 {
                        let offset = (y * placed.width + x) * 3
                        placed.pixels.replaceSubrange(offset..<(offset + 3), with: empty.pixels[offset..<(offset + 3)])
                    }
                }
                try Data(try placed.encoded()).write(to: workspace.folder.appendingPathComponent("four-placed.png"))
            }, makes: ["crops"],
            check: { workspace, _ in
                for slot in ["small-top-left", "small-top-right", "small-middle-left", "small-bottom-right"] {
                    let bytes = Array(try Data(contentsOf: workspace.folder.appendingPathComponent("crops/\(slot).png")))
                    #expect(try PNGRaster.header(of: bytes).size == PixelSize(width: 400, height: 400), "\(slot)")
                }
            }),
        // 7. The small ones.
        Case(
            name: "a style given twice", arguments: ["crop", "shot.png", "--out", "crops", "--style", "blur", "--style", "glass"], status: 64,
            says: ["--style is given 2 times (`blur`, `glass`), and takes one value"]),
        Case(
            name: "an edge inset of -0",
            arguments: ["samples", "iphone-se-1st-gen", "--widgets", "ios14", "--slots", "small-top-left", "--out", "widgets", "--edge-inset=-0"],
            status: 0, says: [], makes: ["widgets"]),
        Case(
            name: "a damaged Adler-32 checksum", arguments: ["calibrate", "adler.png"], status: 1,
            says: ["adler.png: corrupt PNG data", "(IDAT: ADLER32 checksum mismatch)"],
            prepare: { workspace in
                var png = TestPNG(width: 8, height: 8, colorType: .rgb, bitDepth: 8, samples: Array(repeating: 7, count: 8 * 8 * 3))
                var data = Zlib.deflate(Array(repeating: 0, count: (8 * 3 + 1) * 8))
                data[data.count - 1] ^= 0xFF
                png.imageData = data
                try Data(png.bytes).write(to: workspace.folder.appendingPathComponent("adler.png"))
            }),
        Case(
            name: "a script link in the notes", arguments: ["build", "--output", "site"], status: 0, says: ["warning[F016]"],
            prepare: { workspace in
                let profile = workspace.folder.appendingPathComponent("content/devices/iphone-se-1st-gen.md")
                try (try String(contentsOf: profile, encoding: .utf8) + "\nSee [the trick](javascript:alert(1)).\n").write(
                    to: profile, atomically: true, encoding: .utf8)
            }, makes: ["site", ".backdrop-cache"],
            check: { workspace, _ in
                let page = try String(
                    contentsOf: workspace.folder.appendingPathComponent("site/devices/iphone-se-1st-gen/index.html"), encoding: .utf8)
                #expect(page.contains("See the trick.") && !page.contains("href=\"\""), "the link's text, no element")
            }),
    ]

    @Test(arguments: cases) func isMetAsDocumentedAndLosesNothing(_ bad: Case) throws {
        let workspace = try CommandLineWorkspace(content: bad.content)
        defer { workspace.remove() }
        try bad.prepare(workspace)
        let before = try workspace.snapshot()
        let arguments = bad.arguments.map { $0.replacingOccurrences(of: "ABSOLUTE", with: workspace.folder.path) }
        let result = try workspace.run(arguments)
        #expect(result.status == bad.status, "\(result.stderr)")
        for text in bad.says { #expect((result.stdout + result.stderr).contains(text), "\(result.stderr)") }
        if bad.status != 0 { #expect(result.stdout.isEmpty, "\(result.stdout.prefix(300))") }
        try bad.check(workspace, result)
        let after = try workspace.snapshot()
        let kept = after.filter { path, _ in !bad.makes.contains(String(path.prefix { $0 != "/" })) }
        #expect(
            kept == before, "nothing but \(bad.makes.sorted()) is written: \(Set(after.keys).symmetricDifference(before.keys).sorted().prefix(10))")
    }
}

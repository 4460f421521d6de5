import Catalog
import Foundation
import Gallery
import NativePNG
import Testing

/// One bad input: what it breaks in a built copy of the small content, the error codes the next
/// build must fail with, and a text its messages must name (the file, and the reason).
struct BadInput: CustomTestStringConvertible, Sendable {
    var name: String
    var codes: Set<String>
    var names: [String]
    var breakIt: @Sendable (SmallContent) throws -> Void

    var testDescription: String { name }
}

/// The bad-input corpus: every class of hostile or broken content found so far, each of which
/// must fail the build with a clear error naming the file, and change nothing: not the previous
/// site, not the content, not the cache, and leave no staging folder.
@Suite struct BadInputCorpusTests {
    static let profile = "devices/iphone-se-1st-gen.md"
    static let lightScreenshot = "screenshots/iphone-se-1st-gen-light.png"

    static func editProfile(_ small: SmallContent, _ edit: (String) -> String) throws {
        let path = small.content.appendingPathComponent(profile)
        try edit(try String(contentsOf: path, encoding: .utf8)).write(to: path, atomically: true, encoding: .utf8)
    }

    static func replace(_ old: String, _ new: String) -> @Sendable (SmallContent) throws -> Void {
        { small in
            try editProfile(small) { text in
                precondition(text.contains(old), "the profile has no `\(old)`")
                return text.replacingOccurrences(of: old, with: new)
            }
        }
    }

    static func writeProfile(_ text: String) -> @Sendable (SmallContent) throws -> Void {
        { small in try Data(text.utf8).write(to: small.content.appendingPathComponent(profile)) }
    }

    static func editScreenshot(_ edit: @escaping @Sendable ([UInt8]) -> [UInt8]) -> @Sendable (SmallContent) throws -> Void {
        { small in
            let path = small.content.appendingPathComponent(lightScreenshot)
            try Data(edit([UInt8](try Data(contentsOf: path)))).write(to: path)
        }
    }

    /// A grey RGB PNG of the given size.
    static func grey(width: Int, height: Int) -> [UInt8] {
        (try? PNGRaster(width: width, height: height, format: .rgb8, pixels: [UInt8](repeating: 120, count: width * height * 3)).encoded()) ?? []
    }

    /// A file outside the content folder that a content file links to.
    static func linkOutside(_ relative: String, to contents: Data) -> @Sendable (SmallContent) throws -> Void {
        { small in
            let outside = small.folder.appendingPathComponent("outside-\(UUID().uuidString)")
            try contents.write(to: outside)
            let link = small.content.appendingPathComponent(relative)
            try? FileManager.default.removeItem(at: link)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: outside)
        }
    }

    static let cases: [BadInput] = [
        // Front matter that holds nothing.
        BadInput(
            name: "empty front matter", codes: ["F004"], names: ["iphone-se-1st-gen.md:2", "the front matter is empty"],
            breakIt: writeProfile("---\n---\nNotes.\n")),
        BadInput(
            name: "front matter of only a comment", codes: ["F004"], names: ["iphone-se-1st-gen.md:2", "the front matter is empty"],
            breakIt: writeProfile("---\n# nothing yet\n\n---\n")),
        BadInput(name: "no front matter", codes: ["F001"], names: ["iphone-se-1st-gen.md:1"], breakIt: writeProfile("name: x\n")),
        BadInput(
            name: "malformed YAML", codes: ["F002"], names: ["iphone-se-1st-gen.md:", "YAML syntax error"], breakIt: replace("scale: 2", "scale: [2")),
        // Text that would break generated code or markup.
        BadInput(
            name: "a line break in the name", codes: ["F005"], names: ["iphone-se-1st-gen.md:2", "U+000A, line feed"],
            breakIt: replace("name: iPhone SE (1st generation)", #"name: "iPhone SE\n(1st generation)""#)),
        BadInput(
            name: "a control character in a model", codes: ["F005"], names: ["iphone-se-1st-gen.md:3", "U+0007"],
            breakIt: replace("models: [iPhone SE (1st generation)", #"models: ["iPhone SE\a""#)),
        BadInput(
            name: "a line separator in the iOS versions", codes: ["F005"], names: ["iphone-se-1st-gen.md:14", "U+2028"],
            breakIt: replace("ios: iOS 14–15", "ios: \"iOS 14\\L15\"")),
        BadInput(
            name: "a control character in a screenshot path", codes: ["F005"], names: ["iphone-se-1st-gen.md:10"],
            breakIt: replace("light: screenshots/iphone-se-1st-gen-light.png", #"light: "screenshots/\eiphone-se-1st-gen-light.png""#)),
        // Invisible formatting characters (Unicode Cf) that make text read as something it is not.
        BadInput(
            name: "a right-to-left override in the name", codes: ["F005"],
            names: ["iphone-se-1st-gen.md:2", "U+202E, right-to-left override", "invisible formatting character"],
            breakIt: replace("name: iPhone SE (1st generation)", "name: \"iPhone SE \u{202E}(1st generation)\"")),
        BadInput(
            name: "a zero-width space in a model", codes: ["F005"], names: ["iphone-se-1st-gen.md:3", "U+200B, zero width space"],
            breakIt: replace("models: [iPhone SE (1st generation)", "models: [\"iPhone\u{200B} SE\"")),
        BadInput(
            name: "a byte order mark in a citation", codes: ["F005", "F006"], names: ["iphone-se-1st-gen.md:7", "U+FEFF, zero width no-break space"],
            breakIt: replace(#"  widget-blur-2020: "mzeryck"#, "  widget-blur-2020: \"mzeryck\u{FEFF}")),
        BadInput(
            name: "a soft hyphen in the iOS versions", codes: ["F005"], names: ["iphone-se-1st-gen.md:14", "U+00AD, soft hyphen"],
            breakIt: replace("ios: iOS 14–15", "ios: \"iOS 1\u{00AD}4–15\"")),
        // Numbers no screen has, up to those that used to crash.
        BadInput(
            name: "left at Int.max", codes: ["F005"], names: ["iphone-se-1st-gen.md:22", "outside 0…640 px"],
            breakIt: replace("left: 28", "left: 9223372036854775807")),
        BadInput(
            name: "top at 2^62 with its own source", codes: ["F005"], names: ["iphone-se-1st-gen.md:24", "outside 0…1136 px"],
            breakIt: replace("top: 60", "top: {value: 4611686018427387904, source: measured clocks-widget-2021}")),
        BadInput(
            name: "middle at 9e18", codes: ["F005"], names: ["iphone-se-1st-gen.md:25"],
            breakIt: replace("middle: 400", "middle: 9000000000000000000")),
        BadInput(
            name: "a negative right", codes: ["F005"], names: ["iphone-se-1st-gen.md:23", "-1 px"], breakIt: replace("right: 330", "right: -1")),
        BadInput(
            name: "a size of 400 digits", codes: ["F005"], names: ["iphone-se-1st-gen.md:20"],
            breakIt: replace("584x282", String(repeating: "9", count: 400) + "x282")),
        BadInput(
            name: "a screen of 10^11 points", codes: ["F005"], names: ["iphone-se-1st-gen.md:4", "at most 4096"],
            breakIt: replace("screen: 320x568", "screen: 99999999999x199999999999")),
        BadInput(
            name: "a scale of 2^63", codes: ["F005"], names: ["iphone-se-1st-gen.md:5"], breakIt: replace("scale: 2", "scale: 9223372036854775808")),
        // Values of the wrong type, said in words.
        BadInput(
            name: "a reference written as a list", codes: ["F005", "F006"],
            names: ["iphone-se-1st-gen.md:8", "reference `widget-blur-2020` must be a non-empty text, got a list"],
            breakIt: replace(#"  widget-blur-2020: "mzeryck"#, "  widget-blur-2020:\n    - a\n    - b\n  unused: \"mzeryck")),
        BadInput(
            name: "a mapping as a key", codes: ["F005"], names: ["iphone-se-1st-gen.md:", "must be a plain word, got a mapping"],
            breakIt: replace("scale: 2", "scale: 2\n? {a: 1}\n: b")),
        // Files that are too big, or too full of problems.
        BadInput(
            name: "a 10 MB profile", codes: ["F012"],
            names: ["iphone-se-1st-gen.md", "is 10 MB (", "such a file may have at most 256 KB (262,144 bytes)"],
            breakIt: { small in
                try editProfile(small) { $0 + String(repeating: "Notes that go on and on.\n", count: 420_000) }
            }),
        BadInput(
            name: "5,000 unknown keys", codes: ["F003", "F013"],
            names: ["iphone-se-1st-gen.md", "… and 4,900 more problems in this file (4,900 errors)"],
            breakIt: replace("scale: 2", "scale: 2\n" + (0..<5000).map { "unknown\($0): 1" }.joined(separator: "\n"))),
        // Paths that leave the content folder, by name or by link.
        BadInput(
            name: "a screenshot path with ..", codes: ["F011"], names: ["iphone-se-1st-gen.md:10"],
            breakIt: replace("light: screenshots/", "light: ../screenshots/")),
        BadInput(
            name: "an absolute screenshot path", codes: ["F011"], names: ["iphone-se-1st-gen.md:10"],
            breakIt: replace("light: screenshots/iphone-se-1st-gen-light.png", "light: /etc/passwd")),
        BadInput(
            name: "a screenshot linking outside", codes: ["F011"], names: ["iphone-se-1st-gen.md:10", "outside the content folder"],
            breakIt: { small in
                try linkOutside(lightScreenshot, to: try Data(contentsOf: small.content.appendingPathComponent(lightScreenshot)))(small)
            }),
        BadInput(
            name: "the guide linking outside", codes: ["F011", "F014"], names: ["docs/guide.md", "outside the content folder"],
            breakIt: { small in
                try linkOutside("docs/guide.md", to: try Data(contentsOf: small.content.appendingPathComponent("docs/guide.md")))(small)
            }),
        BadInput(
            name: "a profile linking outside", codes: ["F011"], names: ["iphone-se-1st-gen.md", "outside the content folder"],
            breakIt: { small in
                try linkOutside(profile, to: try Data(contentsOf: small.content.appendingPathComponent(profile)))(small)
            }),
        BadInput(
            name: "a calibration screenshot linking outside", codes: ["C011"], names: ["iphone-se-1st-gen.md:14", "outside the content folder"],
            breakIt: { small in
                try replace("  ios14:\n", "  ios14:\n    calibration: [calibration/se.png]\n")(small)
                try FileManager.default.createDirectory(at: small.content.appendingPathComponent("calibration"), withIntermediateDirectories: true)
                try linkOutside("calibration/se.png", to: try Data(contentsOf: small.content.appendingPathComponent(lightScreenshot)))(small)
            }),
        BadInput(
            name: "a screenshot that is a folder", codes: ["S002"], names: ["iphone-se-1st-gen.md:10", "is not a regular file"],
            breakIt: { small in
                let path = small.content.appendingPathComponent(lightScreenshot)
                try FileManager.default.removeItem(at: path)
                try FileManager.default.createDirectory(at: path, withIntermediateDirectories: false)
            }),
        // Names and keys that are not what they look like.
        BadInput(
            name: "an id with a combining mark", codes: ["F008"], names: ["iphone-b\u{301}.md"],
            breakIt: { small in
                try FileManager.default.copyItem(
                    at: small.content.appendingPathComponent(profile), to: small.content.appendingPathComponent("devices/iphone-b\u{301}.md"))
            }),
        BadInput(
            name: "terminal escapes and a line break in a key", codes: ["F003"], names: ["unknown key `U+001B[2J", "U+000Aerror[F999]"],
            breakIt: replace("scale: 2", "scale: 2\n\"\\e[2J\": 1\n\"x\\nerror[F999] injected\": 2")),
        BadInput(
            name: "a fraction of a pixel", codes: ["G009"], names: ["iphone-se-1st-gen.md:22", "28.04 px = 28.04 px at @2x, not a whole pixel"],
            breakIt: replace("left: 28", "left: 28.04")),
        // Templates that cannot be used as they are.
        BadInput(
            name: "a template that does not parse", codes: ["T002"],
            names: ["doc.mustache:34", "does not parse at column", "a section is closed with another name than it was opened with"],
            breakIt: { small in
                let path = small.templates.appendingPathComponent("doc.mustache")
                try String(contentsOf: path, encoding: .utf8).replacingOccurrences(of: "<h1>{{title}}", with: "<h1>{{#title}}").write(
                    to: path, atomically: true, encoding: .utf8)
            }),
        BadInput(
            name: "a pipe among the assets", codes: ["T006"], names: ["assets/pipe", "not a regular file"],
            breakIt: { small in
                #expect(mkfifo(small.templates.appendingPathComponent("assets/pipe").path, 0o644) == 0)
            }),
        BadInput(
            name: "a link among the assets", codes: ["T006"], names: ["assets/content", "not a regular file"],
            breakIt: { small in
                try FileManager.default.createSymbolicLink(
                    at: small.templates.appendingPathComponent("assets/content"), withDestinationURL: small.content)
            }),
        // Broken PNGs.
        BadInput(
            name: "a truncated screenshot", codes: ["S002"], names: ["iphone-se-1st-gen-light.png: truncated"],
            breakIt: editScreenshot { Array($0.prefix($0.count / 3)) }),
        BadInput(
            name: "a screenshot with a bad IHDR CRC", codes: ["S002"], names: ["iphone-se-1st-gen-light.png"],
            breakIt: editScreenshot {
                var bytes = $0
                bytes[29] ^= 0xFF
                return bytes
            }),
        BadInput(
            name: "a JPEG named .png", codes: ["S002"], names: ["iphone-se-1st-gen-light.png", "JPEG"],
            breakIt: editScreenshot { _ in [0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0, count: 64) }),
        BadInput(name: "an empty screenshot", codes: ["S002"], names: ["iphone-se-1st-gen-light.png"], breakIt: editScreenshot { _ in [] }),
        // A size no phone has in any orientation is not blamed on the orientation; a phone's size
        // turned is.
        BadInput(
            name: "a screenshot turned to landscape", codes: ["S003", "S004"],
            names: ["iphone-se-1st-gen-light.png", "the screenshot is in landscape", "turned upright it is 640x1136"],
            breakIt: editScreenshot { _ in grey(width: 1136, height: 640) }),
        BadInput(
            name: "a screenshot of a size no phone has", codes: ["S003", "S004"],
            names: ["iphone-se-1st-gen-light.png", "in either orientation"],
            breakIt: editScreenshot { _ in grey(width: 1200, height: 700) }),
        // Two inputs that are one picture.
        BadInput(
            name: "one file named for light and dark", codes: ["S006"], names: ["iphone-se-1st-gen-light.png", "are one file"],
            breakIt: replace("dark: screenshots/iphone-se-1st-gen-dark.png", "dark: screenshots/iphone-se-1st-gen-light.png")),
        BadInput(
            name: "a dark screenshot that is the light one at 16 bits", codes: ["S006"],
            names: ["iphone-se-1st-gen-dark.png is the light one", "stored another way (every pixel the same at 8 bits)"],
            breakIt: { small in
                let shots = small.content.appendingPathComponent("screenshots")
                let light = try PNGRaster(contentsOfFile: shots.appendingPathComponent("iphone-se-1st-gen-light.png").path)
                let wide = PNGRaster(
                    width: light.width, height: light.height, format: PNGFormat(colorType: .rgb, bitDepth: 16),
                    pixels: light.pixels.flatMap { [$0, $0] }, colorChunks: light.colorChunks)
                try Data(try wide.encoded()).write(to: shots.appendingPathComponent("iphone-se-1st-gen-dark.png"))
            }),
        BadInput(
            name: "a dark screenshot with the light one's bytes", codes: ["S006"],
            names: ["iphone-se-1st-gen-dark.png", "has the same bytes as the light one"],
            breakIt: { small in
                let shots = small.content.appendingPathComponent("screenshots")
                try Data(contentsOf: shots.appendingPathComponent("iphone-se-1st-gen-light.png")).write(
                    to: shots.appendingPathComponent("iphone-se-1st-gen-dark.png"))
            }),
    ]

    @Test(arguments: cases) func failsClearlyAndChangesNothing(_ input: BadInput) throws {
        let small = try SmallContent.built()
        defer { small.remove() }
        try input.breakIt(small)
        let before = try small.snapshotAll()
        do {
            _ = try small.build()
            Issue.record("the build succeeded")
        } catch {
            let errors = error.diagnostics.filter { $0.severity == .error }
            #expect(Set(errors.map(\.code)) == input.codes, "\(errors.map(\.description))")
            let text = errors.map(\.description).joined(separator: "\n")
            for name in input.names {
                #expect(text.contains(name), "\(text.prefix(2000))")
            }
            #expect(!text.contains("Node") && !text.contains("Mark(") && !text.contains("Optional("), "no debug dumps: \(text.prefix(2000))")
            #expect(errors.count <= Array<Diagnostic>.perFileLimit + 1, "messages per file are capped")
        }
        #expect(try small.snapshotAll() == before, "the site, the content, the templates and the cache are as they were")
    }
}

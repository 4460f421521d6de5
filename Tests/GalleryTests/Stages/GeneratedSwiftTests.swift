import Foundation
import Gallery
import Testing

/// `WidgetGeometry.swift` compiles, and reads back every name as written, whatever text a
/// profile may hold (control and invisible formatting characters, such as a right-to-left
/// override or a zero-width joiner, are refused when the profile is read: F005).
@Suite struct GeneratedSwiftTests {
    static let hostileNames = [
        ##"iPhone "SE" \ (1st) \(interpolated) """ #"raw"# \u{41}"##,
        "iPhone עברית العربية 👍🏽 ünïcode ß",
        "iPhone /* comment */ // line",
    ]

    @Test func namesWithQuotesBackslashesAndUnicodeCompileAndReadBack() throws {
        let small = try SmallContent()
        defer { small.remove() }
        let profile = small.content.appendingPathComponent("devices/iphone-se-1st-gen.md")
        let text = try String(contentsOf: profile, encoding: .utf8)
        for (index, name) in Self.hostileNames.enumerated() {
            let yaml = "name: \"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
            try text.replacingOccurrences(of: "name: iPhone SE (1st generation)", with: yaml)
                .write(to: small.content.appendingPathComponent("devices/phone-\(index).md"), atomically: true, encoding: .utf8)
        }
        _ = try small.build()
        let main = small.folder.appendingPathComponent("main.swift")
        try """
        for id in ["phone-0", "phone-1", "phone-2"] {
            print(WidgetGeometry.layout(device: id, layout: .ios14)!.deviceName)
        }
        """.write(to: main, atomically: true, encoding: .utf8)
        let binary = small.folder.appendingPathComponent("names").path
        let compile = try run("/usr/bin/env", ["swiftc", "-o", binary, small.output.appendingPathComponent("WidgetGeometry.swift").path, main.path])
        #expect(compile.status == 0, "\(compile.text)")
        let result = try run(binary, [])
        #expect(result.text == Self.hostileNames.map { $0 + "\n" }.joined())
    }
}

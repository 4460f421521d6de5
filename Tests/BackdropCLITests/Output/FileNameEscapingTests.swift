import Foundation
import TestFolders
import Testing

/// File names with terminal escape sequences, bidirectional overrides and invisible characters
/// are printed with those characters as code points, in text and in JSON, on standard output
/// and standard error alike.
@Suite struct FileNameEscapingTests {
    static let hostile = "shot\u{1B}[2J\u{202E}gnp.\u{200B}x\u{FEFF}\u{00AD}\u{9B}"
    static let shown = "shot<U+001B>[2J<U+202E>gnp.<U+200B>x<U+FEFF><U+00AD><U+009B>"
    static let raw: [Unicode.Scalar] = ["\u{1B}", "\u{202E}", "\u{200B}", "\u{FEFF}", "\u{00AD}", "\u{9B}"]

    func expectNoRawCharacter(_ text: String) {
        for scalar in Self.raw { #expect(!text.unicodeScalars.contains(scalar), "\(scalar.value) printed raw: \(text)") }
    }

    @Test func namesInMessagesAndJSONAreEscaped() throws {
        try withTemporaryFolder("backdrop-names") { folder in
            let shot = CLIRunner.packageRoot.appendingPathComponent("content/calibration/iphone-16-pro-ios18-widgets-dark.png")
            let hostile = folder.appendingPathComponent(Self.hostile + ".png")
            try FileManager.default.copyItem(at: shot, to: hostile)

            let missing = try CLIRunner.run(["crop", hostile.path + "-missing", "--device", "iphone-16-pro", "--out", folder.path + "/o"])
            #expect(missing.status == 1)
            #expect(missing.stderr.contains(Self.shown + ".png-missing: cannot be read: no such file or folder"), "\(missing.stderr)")
            expectNoRawCharacter(missing.stderr)

            let text = try CLIRunner.run(["calibrate", hostile.path])
            #expect(text.status == 0, "\(text.stderr)")
            #expect(text.stdout.contains(Self.shown + ".png: 1206x2622"))
            expectNoRawCharacter(text.stdout)

            let json = try CLIRunner.run(["calibrate", "--json", hostile.path])
            #expect(json.status == 0, "\(json.stderr)")
            expectNoRawCharacter(json.stdout)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["file"] as? String == hostile.path, "the JSON value is the name itself, escaped as JSON")

            let cropped = try CLIRunner.run(["crop", hostile.path, "--device", "iphone-16-pro", "--layout", "ios18", "--out", folder.path + "/crops"])
            #expect(cropped.status == 0, "\(cropped.stderr)")
            #expect(cropped.stdout.contains(Self.shown + ".png: 1206x2622"))
            expectNoRawCharacter(cropped.stdout + cropped.stderr)
        }
    }
}

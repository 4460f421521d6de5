import Foundation
import TestFolders
import Testing

/// A word that names a file but reads as an option (`-x.png`, `--force`, `-1`) either works, in
/// the forms that pass it (`./-x.png`, after `--`, `--out=--force`), or is refused with a message
/// that says it reads as an option and how to pass it: never ArgumentParser's "Missing value"
/// or "Missing expected argument", which name what the person did type. Every option that takes a
/// value, of every command `backdrop --help` lists, is tried.
@Suite struct OptionLikeArgumentTests {
    /// Every option that takes a value, of every subcommand, as `(subcommand words, --option)`,
    /// from ArgumentParser's own description of the tool.
    static let valuedOptions: [[String]] = {
        let result = try! CLIRunner.run(["--experimental-dump-help"])
        let root = try! JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        var found: [[String]] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["kind"] as? String == "option" {
                let names = argument["names"] as? [[String: Any]] ?? []
                if let long = names.first(where: { $0["kind"] as? String == "long" })?["name"] as? String {
                    found.append(path + ["--\(long)"])
                }
            }
            for sub in command["subcommands"] as? [[String: Any]] ?? [] where sub["commandName"] as? String != "help" {
                walk(sub, path + [sub["commandName"] as! String])
            }
        }
        walk(root["command"] as! [String: Any], [])
        return found
    }()

    @Test func everyCommandsOptionsAreTried() {
        let commands = Set(Self.valuedOptions.map { $0.dropLast().joined(separator: " ") })
        #expect(
            commands == [
                "check", "devices", "slots", "crop", "samples", "calibrate", "build", "serve", "export widget-geometry", "export ios26-model",
                "export icon-rule",
            ])
    }

    @Test(arguments: valuedOptions, ["--force", "-x.png", "-1"])
    func anOptionFollowedByAWordThatReadsAsAnOptionSaysSo(_ words: [String], _ value: String) throws {
        let option = words.last!
        // In an empty folder: a command line read wrongly must find nothing to work on.
        try withTemporaryFolder("option-like") { folder in
            let result = try CLIRunner.run(words + [value], in: folder)
            #expect(result.status == 64)
            #expect(result.stderr.contains("\(option) is followed by \(value), which reads as an option"), "\(result.stderr)")
            #expect(result.stderr.contains("(\(option)=\(value))"), "\(result.stderr)")
            #expect(!result.stderr.contains("Missing value"), "\(result.stderr)")
        }
    }

    /// Runs `body` in a temporary folder holding the 4-inch SE's screenshot as `-x.png` and as `--force`.
    static func withWorkspace(_ body: (URL) throws -> Void) throws {
        try withTemporaryFolder("option-like") { folder in
            let shot = CLIRunner.packageRoot.appendingPathComponent("content/screenshots/iphone-se-1st-gen-light.png")
            for name in ["-x.png", "--force"] { try FileManager.default.copyItem(at: shot, to: folder.appendingPathComponent(name)) }
            try body(folder)
        }
    }

    /// The commands that take a screenshot, each with a file name that reads as an option.
    static let refused: [(arguments: [String], says: String)] = [
        (
            ["crop", "-x.png", "--out", "o"],
            "-x.png reads as an option, and backdrop crop has no option of that name: to give a file whose name starts with '-', write ./-x.png"
        ),
        (["calibrate", "-x.png"], "-x.png reads as an option, and backdrop calibrate has no option of that name"),
        (
            ["crop", "--force", "--out", "o"],
            "--force is an option of backdrop crop, though a file of that name is here: to give the file, write ./--force"
        ),
        (
            ["crop", "--", "-x.png", "--out", "o"],
            "--out comes after --, where every word is taken as a file name, not an option: put the options before --"
        ),
        (["calibrate", "--", "-x.png", "--json"], "--json comes after --, where every word is taken as a file name"),
    ]

    @Test(arguments: refused.indices) func aFileNameThatReadsAsAnOptionIsToldHowToPass(_ index: Int) throws {
        try Self.withWorkspace { folder in
            let (arguments, says) = Self.refused[index]
            let result = try CLIRunner.run(arguments, in: folder)
            #expect(result.status == 64)
            #expect(result.stderr.contains(says), "\(result.stderr)")
            #expect(!result.stderr.contains("Missing expected argument"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("o").path))
        }
    }

    @Test(arguments: [
        ["crop", "./-x.png", "--out", "o"], ["crop", "--out", "o", "--", "-x.png"], ["crop", "--out=o", "./--force"],
        ["crop", "--out", "o", "--", "--force"],
    ])
    func theFormsThatPassSuchANameWork(_ arguments: [String]) throws {
        try Self.withWorkspace { folder in
            let result = try CLIRunner.run(arguments, in: folder)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("o/small-top-left.png").path))
        }
    }
}

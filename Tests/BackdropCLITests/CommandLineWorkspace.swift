import Foundation
import TestFolders

/// A folder to run commands in, with a command line that works there for every command: the small
/// content (the 4-inch SE's profile, its screenshots and the docs pages) as `content`, or none (the
/// commands then read the catalog built into backdrop); the SE's empty page as `shot.png`; and a
/// painted pair of that page, with widgets and without, as `placed.png` and `empty.png`. A test
/// adds a word to a command line that works, so that what it sees is that word's doing.
struct CommandLineWorkspace {
    let temporary: TemporaryFolder
    var folder: URL { temporary.url }

    init(content: Bool = true) throws {
        temporary = try TemporaryFolder("command-line")
        let manager = FileManager.default
        let root = CLIRunner.packageRoot
        if content {
            for made in ["content/devices", "content/screenshots"] {
                try manager.createDirectory(at: folder.appendingPathComponent(made), withIntermediateDirectories: true)
            }
            for file in ["devices/iphone-se-1st-gen.md", "screenshots/iphone-se-1st-gen-light.png", "screenshots/iphone-se-1st-gen-dark.png", "docs"]
            {
                try manager.copyItem(at: root.appendingPathComponent("content/\(file)"), to: folder.appendingPathComponent("content/\(file)"))
            }
        }
        for (name, source) in [
            ("shot.png", "content/screenshots/iphone-se-1st-gen-light.png"),
            ("placed.png", "Tests/CalibrationTests/Painted/rerendered-noise-se1.png"),
            ("empty.png", "Tests/CalibrationTests/Painted/rerendered-noise-se1-empty.png"),
        ] {
            try manager.copyItem(at: root.appendingPathComponent(source), to: folder.appendingPathComponent(name))
        }
    }

    /// A command line that works here, for the command of `words`; nil for a command that does
    /// nothing of its own (the root, `export`). `serve`'s is given `port`, which the caller keeps
    /// in use, so that it stops as it starts: a test that lets it serve gives a port of its own.
    static func working(_ words: [String], port: UInt16) -> [String]? {
        switch words.joined(separator: " ") {
        case "check": ["check"]
        case "checks": ["checks", "G005"]
        case "devices": ["devices"]
        case "slots": ["slots", "iphone-se-1st-gen"]
        case "crop": ["crop", "shot.png", "--out", "crops"]
        case "samples": ["samples", "iphone-se-1st-gen", "--widgets", "ios14", "--slots", "small-top-left", "--out", "samples"]
        case "calibrate": ["calibrate", "placed.png", "--empty", "empty.png"]
        case "build": ["build", "--output", "site", "--cache", "cache"]
        case "serve": ["serve", "--port", String(port)]
        case "export widget-geometry": ["export", "widget-geometry"]
        case "export ios26-model": ["export", "ios26-model"]
        case "export icon-rule": ["export", "icon-rule"]
        default: nil
        }
    }

    /// `line` without the option `spelling` and its value (`--out crops`, `--out=crops`), and
    /// without a positional argument when `spelling` is one (`<screenshot>`: the word `line` gives it).
    static func without(_ spelling: String, in line: [String]) -> [String] {
        var kept: [String] = []
        var index = line.startIndex
        while index < line.endIndex {
            let word = line[index]
            index += 1
            if word == spelling {
                index += 1
            } else if !word.hasPrefix("\(spelling)=") {
                kept.append(word)
            }
        }
        return kept
    }

    /// `line` without its positional arguments (`crop shot.png --out crops` → `crop --out crops`):
    /// the words after the command's that are no option nor an option's value.
    static func withoutPositional(_ line: [String]) -> [String] {
        let command = DumpedHelp.commands.filter { line.starts(with: $0.words) }.max { $0.words.count < $1.words.count }!
        let valued = Set(command.arguments.filter { $0.kind == "option" }.flatMap(\.spellings))
        var kept = command.words
        var rest = line.dropFirst(command.words.count)[...]
        while let word = rest.popFirst() {
            if valued.contains(word), let value = rest.popFirst() {
                kept += [word, value]
            } else if word.hasPrefix("-") {
                kept.append(word)
            }
        }
        return kept
    }

    /// Runs the tool here; one still running after `timeout` seconds is interrupted (SIGINT), as
    /// Ctrl-C would, and its output up to then returned.
    func run(_ arguments: [String], timeout: TimeInterval = 120) throws -> CLIRunner.Result {
        let outputs = try TemporaryFolder("command-line-output")
        defer { outputs.remove() }
        let out = outputs.url.appendingPathComponent("stdout")
        let err = outputs.url.appendingPathComponent("stderr")
        for file in [out, err] { FileManager.default.createFile(atPath: file.path, contents: nil) }
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        let deadline = Date(timeIntervalSinceNow: timeout)
        while process.isRunning, Date() < deadline { usleep(20_000) }
        if process.isRunning { process.interrupt() }
        process.waitUntilExit()
        return CLIRunner.Result(
            status: process.terminationStatus, stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    /// Every path under the folder with its contents (a folder as empty data, a link by its target).
    func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let manager = FileManager.default
        for case let path as String in manager.enumerator(atPath: folder.path)! {
            let full = folder.appendingPathComponent(path).path
            switch try manager.attributesOfItem(atPath: full)[.type] as? FileAttributeType {
            case .typeSymbolicLink?: files[path] = Data(try manager.destinationOfSymbolicLink(atPath: full).utf8)
            case .typeDirectory?: files[path + "/"] = Data()
            default: files[path] = try Data(contentsOf: URL(fileURLWithPath: full))
            }
        }
        return files
    }

    /// The names at the top of the folder.
    func entries() throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    }

    func remove() { temporary.remove() }
}

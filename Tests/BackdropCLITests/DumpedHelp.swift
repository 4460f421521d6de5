import Foundation
import Testing

/// The tool's own description of every command and its arguments (`backdrop
/// --experimental-dump-help`): the tests that must try every command and option read it, so that
/// a command or option is tried as soon as it is declared.
enum DumpedHelp {
    /// An argument, option or flag.
    struct Argument: Sendable {
        /// `positional`, `option` (takes a value) or `flag`.
        var kind: String
        /// Its spellings: `--out`, `-q`.
        var spellings: [String]
        var isRepeating: Bool
        /// What a shell completes its value with: `file`, `directory`, `list`, or nil.
        var completion: String?
        var valueName: String?

        /// `--out`, or `<screenshot>` for a positional argument.
        var shown: String { spellings.first { $0.hasPrefix("--") } ?? spellings.first ?? "<\(valueName ?? "")>" }
        var takesValue: Bool { kind != "flag" }
        /// Whether its value names a file or folder.
        var namesAPath: Bool { completion == "file" || completion == "directory" }
    }

    /// A command: its words after `backdrop` (none for the root) and its arguments.
    struct Command: Sendable, CustomTestStringConvertible {
        var words: [String]
        var arguments: [Argument]

        var name: String { (["backdrop"] + words).joined(separator: " ") }
        var testDescription: String { name }
        /// The letters of its short flags, help's `h` among them.
        var shortFlags: Set<Character> {
            Set(arguments.filter { $0.kind == "flag" }.flatMap(\.spellings).filter { $0.count == 2 && !$0.hasPrefix("--") }.map { $0.last! })
        }
        /// Its arguments that take a value: options and positional arguments.
        var valued: [Argument] { arguments.filter(\.takesValue) }
    }

    /// Every command, the root and `export` too (but ArgumentParser's own `help`).
    static let commands: [Command] = {
        let result = try! CLIRunner.run(["--experimental-dump-help"])
        let root = try! JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        var found: [Command] = []
        func walk(_ command: [String: Any], _ words: [String]) {
            let arguments = (command["arguments"] as? [[String: Any]] ?? []).map { argument in
                let names = argument["names"] as? [[String: Any]] ?? []
                return Argument(
                    kind: argument["kind"] as! String,
                    spellings: names.map { ($0["kind"] as? String == "long" ? "--" : "-") + ($0["name"] as! String) },
                    isRepeating: argument["isRepeating"] as? Bool ?? false,
                    completion: (argument["completionKind"] as? [String: Any])?.keys.first, valueName: argument["valueName"] as? String)
            }
            found.append(Command(words: words, arguments: arguments))
            for sub in command["subcommands"] as? [[String: Any]] ?? [] where sub["commandName"] as? String != "help" {
                walk(sub, words + [sub["commandName"] as! String])
            }
        }
        walk(root["command"] as! [String: Any], [])
        return found
    }()

    /// The command named by `words` (`["export", "ios26-model"]`).
    static func command(_ words: [String]) -> Command { commands.first { $0.words == words }! }
}

import ArgumentParser
import FileAccess
import Foundation

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// Words that name a file but read as options (`-x.png`, `--force`, `-1`), and options given
/// after `--`: when the command line could not be read because of one, what happened and how to
/// pass such a name, instead of ArgumentParser's "Missing value for '--out <out>'" or "Missing
/// expected argument '<screenshot>'", which name something the person did type.
///
/// The options of each command are ArgumentParser's own description of it (what
/// `--experimental-dump-help` prints), so a new option needs no list kept here.
struct OptionLikeArguments {
    /// The command the words are for, and its name as typed (`backdrop export ios26-model`).
    let command: any ParsableCommand.Type
    let name: String
    /// Its options that take a value (`--out`), and every option and flag (`--force`, `-q`).
    let valued: Set<String>
    let known: Set<String>
    /// The words after the command's name.
    let words: [String]

    /// The command named by the first words of `arguments`, and the options it knows.
    init(arguments: [String]) {
        var command: any ParsableCommand.Type = Backdrop.self
        var names = [Backdrop._commandName]
        for word in arguments {
            guard let sub = command.configuration.subcommands.first(where: { $0._commandName == word }) else { break }
            command = sub
            names.append(word)
        }
        self.command = command
        name = names.joined(separator: " ")
        words = Array(arguments.dropFirst(names.count - 1))
        let options = Self.options(of: command)
        valued = Set(options.filter(\.takesValue).flatMap(\.spellings))
        known = Set(options.flatMap(\.spellings))
    }

    /// Why the words could not be read, if an option-like word is the cause; nil otherwise.
    var problem: String? {
        let end = words.firstIndex(of: "--") ?? words.endIndex
        for (index, word) in words[..<end].enumerated() {
            let next = index + 1 < words.count ? words[index + 1] : nil
            if valued.contains(word), let next, Self.readsAsOption(next) {
                return "\(word) is followed by \(next), which reads as an option, so \(word) was given no value: "
                    + "to give \(word) a value that starts with '-', join them with '=' (\(word)=\(next)), or, for a file, write ./\(next)"
            }
            guard Self.readsAsOption(word), word != "--" else { continue }
            let option = String(word.prefix { $0 != "=" })
            if !known.contains(option), Self.looksLikeAFile(word) {
                return "\(word) reads as an option, and \(name) has no option of that name: "
                    + "to give a file whose name starts with '-', write ./\(word), or put it last, after -- (\(name) … -- \(word))"
            }
            if known.contains(word), FileWriter.kind(word) != nil {
                return "\(word) is an option of \(name), though a file of that name is here: to give the file, write ./\(word)"
            }
        }
        if end < words.endIndex, let option = words[(end + 1)...].first(where: { known.contains(String($0.prefix { $0 != "=" })) }) {
            return "\(option) comes after --, where every word is taken as a file name, not an option: "
                + "put the options before -- and the file names after it (\(name) \(option) … -- FILE)"
        }
        return nil
    }

    /// A word the parser takes for an option: it starts with `-` and is not `-` alone.
    static func readsAsOption(_ word: String) -> Bool {
        word.hasPrefix("-") && word != "-"
    }

    /// A word that names a file or folder here, or has a file name's `.` or `/` (no option has).
    private static func looksLikeAFile(_ word: String) -> Bool {
        word.contains(".") || word.contains("/") || FileWriter.kind(word) != nil
    }

    /// An option or flag of a command, from ArgumentParser's description of it.
    private struct Option: Decodable {
        struct Name: Decodable {
            var kind: String
            var name: String
        }

        var kind: String
        var names: [Name]?

        var takesValue: Bool { kind == "option" }

        /// `--out`, `-q`, `-long` (a long name with one dash).
        var spellings: [String] {
            (names ?? []).map { $0.kind == "long" ? "--\($0.name)" : "-\($0.name)" }
        }
    }

    private struct Description: Decodable {
        struct Command: Decodable { var arguments: [Option]? }
        var command: Command
    }

    private static func options(of command: any ParsableCommand.Type) -> [Option] {
        let description = try? JSONDecoder().decode(Description.self, from: Data(command._dumpHelp().utf8))
        return (description?.command.arguments ?? []).filter { $0.kind != "positional" }
    }
}

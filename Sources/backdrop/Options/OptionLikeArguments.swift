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
    /// Every argument, option and flag of the command, as ArgumentParser describes it.
    let arguments: [Argument]
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
        self.arguments = Self.arguments(of: command)
        let options = self.arguments.filter { $0.kind != "positional" }
        valued = Set(options.filter(\.takesValue).flatMap(\.spellings))
        known = Set(options.flatMap(\.spellings))
    }

    /// Why the words could not be read, if an option-like word is the cause; nil otherwise.
    var problem: String? {
        let end = words.firstIndex(of: "--") ?? words.endIndex
        for (index, word) in words[..<end].enumerated() {
            let next = index + 1 < words.count ? words[index + 1] : nil
            if valued.contains(word), let next, Self.readsAsOption(next) {
                return followed(word, by: next)
            }
            guard Self.readsAsOption(word), word != "--" else { continue }
            let option = String(word.prefix { $0 != "=" })
            if !known.contains(option), Self.looksLikeAFile(word) {
                return unknownOption(word)
            }
            if known.contains(word), FileWriter.kind(word) != nil {
                return fileHere(word)
            }
        }
        if end < words.endIndex, let option = words[(end + 1)...].first(where: { known.contains(String($0.prefix { $0 != "=" })) }) {
            return "\(option) comes after --, where every word is taken as a file name, not an option: "
                + "put the options before -- and the file names after it (\(name) \(option) … -- FILE)"
        }
        return nil
    }

    /// `option` was given no value, because the word after it reads as an option.
    func followed(_ option: String, by next: String) -> String {
        "\(option) is followed by \(next), which reads as an option, so \(option) was given no value: "
            + "to give \(option) a value that starts with '-', join them with '=' (\(option)=\(next)), or, for a file, write ./\(next)"
    }

    /// `word` is no option of the command, yet reads as one.
    func unknownOption(_ word: String) -> String {
        "\(word) reads as an option, and \(name) has no option of that name: "
            + "to give a file whose name starts with '-', write ./\(word), or put it last, after -- (\(name) … -- \(word))"
    }

    /// `word` is an option of the command and the name of a file here.
    func fileHere(_ word: String) -> String {
        "\(word) is an option of \(name), though a file of that name is here: to give the file, write ./\(word)"
    }

    /// A word the parser takes for an option: it starts with `-` and is not `-` alone.
    static func readsAsOption(_ word: String) -> Bool {
        word.hasPrefix("-") && word != "-"
    }

    /// A word that names a file or folder here, or has a file name's `.` or `/` (no option has).
    static func looksLikeAFile(_ word: String) -> Bool {
        word.contains(".") || word.contains("/") || FileWriter.kind(word) != nil
    }

    /// An argument, option or flag of a command, from ArgumentParser's description of it.
    struct Argument: Decodable {
        struct Name: Decodable {
            var kind: String
            var name: String
        }

        /// What a shell completes the value with: files (of some extensions) or folders.
        struct Completion: Decodable {
            struct Files: Decodable { var extensions: [String]? }
            struct Folders: Decodable {}
            var file: Files?
            var directory: Folders?
        }

        /// `positional`, `option` (takes a value) or `flag`.
        var kind: String
        var names: [Name]?
        /// Whether it may be given more than once (an array: the values combine).
        var isRepeating: Bool?
        var valueName: String?
        var abstract: String?
        var completionKind: Completion?

        var takesValue: Bool { kind == "option" }

        /// Whether its value names a file or a folder: what its completion says.
        var namesAPath: Bool { completionKind?.file != nil || completionKind?.directory != nil }
        var namesAFolder: Bool { completionKind?.directory != nil }

        /// `--out`, `-q`, `-help` (a long name with one dash).
        var spellings: [String] {
            (names ?? []).map { $0.kind == "long" ? "--\($0.name)" : "-\($0.name)" }
        }

        /// The letters of its short names (`q` of `-q`).
        var shortLetters: [Character] {
            (names ?? []).filter { $0.kind == "short" }.compactMap(\.name.first)
        }
    }

    private struct Description: Decodable {
        struct Command: Decodable { var arguments: [Argument]? }
        var command: Command
    }

    private static func arguments(of command: any ParsableCommand.Type) -> [Argument] {
        let description = try? JSONDecoder().decode(Description.self, from: Data(command._dumpHelp().utf8))
        return description?.command.arguments ?? []
    }
}

import ArgumentParser
import FileAccess

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// What the command line must not be given to ArgumentParser for, since it would read it wrongly
/// without a word, found before it reads anything:
/// - a single-dash word it would take for a group of short flags holding `-h` (`-photo.png`,
///   `-h.png`), or a help word that is a file here: help would be printed and nothing done. A word
///   whose every letter is a short flag of the command is read as those flags, unless it asks for
///   help and names a file here; one that is no group of flags and has a file name's `.` or `/`, or
///   names a file here, is refused too, whatever its letters.
/// - `-` for an argument or option that names a file or folder: by convention `-` is standard
///   input or output, which only `--output` of the commands that print a file (``PrintsAFile``)
///   writes; everywhere else it is refused, never read or written as a file named `-`.
/// - an option that takes one value given twice: ArgumentParser keeps the last, silently. Options
///   that take several (`--slots`, `isRepeating`) combine.
///
/// Every rule reads the command's own description (``OptionLikeArguments/arguments``), so a new
/// option is covered as it is declared: a path by its completion (`.file`, `.directory`).
extension OptionLikeArguments {
    /// Every problem of the words, in their order; empty when ArgumentParser may read them.
    var problemsBeforeParsing: [String] {
        var problems: [String] = []
        var given: [Int: [String]] = [:]
        let end = words.firstIndex(of: "--") ?? words.endIndex
        var positionals = 0
        var index = words.startIndex
        while index < end {
            let word = words[index]
            index += 1
            let spelling = String(word.prefix { $0 != "=" })
            if Self.readsAsOption(word), let option = option(spelled: spelling), arguments[option].takesValue {
                var value: String?
                if spelling.count < word.count {
                    value = String(word.dropFirst(spelling.count + 1))
                } else if index < end, !Self.readsAsOption(words[index]) {
                    value = words[index]
                    index += 1
                } else if index < end, misreading(words[index]) != nil {
                    problems.append(followed(spelling, by: words[index]))
                    index += 1
                }
                if let value {
                    if let refusal = standardStream(value, option: option, spelled: spelling) { problems.append(refusal) }
                    given[option, default: []].append(value)
                }
            } else if Self.readsAsOption(word) {
                if let problem = misreading(word) { problems.append(problem) }
            } else {
                if let refusal = standardStream(word, position: positionals) { problems.append(refusal) }
                positionals += 1
            }
        }
        for word in words.dropFirst(end + 1) {
            if let refusal = standardStream(word, position: positionals) { problems.append(refusal) }
            positionals += 1
        }
        for (option, values) in given.sorted(by: { $0.key < $1.key }) where values.count > 1 && arguments[option].isRepeating != true {
            problems.append(repeated(option, values))
        }
        return problems
    }

    /// The option of one of these spellings (`--out`, `-q`), by its index in ``arguments``.
    private func option(spelled spelling: String) -> Int? {
        arguments.indices.first { arguments[$0].kind != "positional" && arguments[$0].spellings.contains(spelling) }
    }

    /// The letter of `-h`, and every spelling of help (`-h`, `--help`, `-help`).
    private var help: (letter: Character, spellings: Set<String>) {
        let declared = arguments.first { ($0.names ?? []).contains { $0.kind == "long" && $0.name == "help" } }
        return (declared?.shortLetters.first ?? "h", Set(declared?.spellings ?? ["-h", "--help", "-help"]))
    }

    /// Why a word that reads as an option would be misread, if it would: a help word that names a
    /// file here, or a single-dash word that is no option nor group of short flags and would be
    /// read as one holding help, or has a file name's `.` or `/`, or names a file here.
    func misreading(_ word: String) -> String? {
        let help = help
        guard !word.hasPrefix("--") else {
            return help.spellings.contains(word) && FileWriter.kind(word) != nil ? fileHere(word) : nil
        }
        let letters = word.dropFirst()
        let flags = Set(arguments.filter { $0.kind == "flag" }.flatMap(\.shortLetters) + [help.letter])
        if known.contains(word) || help.spellings.contains(word) || (!letters.isEmpty && letters.allSatisfy(flags.contains)) {
            let asksForHelp = help.spellings.contains(word) || (!known.contains(word) && letters.contains(help.letter))
            return asksForHelp && FileWriter.kind(word) != nil ? fileHere(word) : nil
        }
        return letters.contains(help.letter) || Self.looksLikeAFile(word) ? unknownOption(word) : nil
    }

    /// `-` given to an option whose value is a path, other than the standard output a command
    /// that prints a file writes to.
    private func standardStream(_ value: String, option: Int, spelled spelling: String) -> String? {
        let argument = arguments[option]
        guard value == "-", argument.namesAPath else { return nil }
        if let printer = command as? any PrintsAFile.Type, argument.spellings.contains(printer.standardOutputOption) { return nil }
        let thing = argument.namesAFolder ? "folder" : "file"
        return "\(spelling) -: - means standard input or output, which \(name) does not use for \(spelling), a \(thing): "
            + "for a \(thing) named -, write \(spelling) ./-"
    }

    /// `-` given as the positional argument at `position` (0 for the first), when it names a path.
    private func standardStream(_ word: String, position: Int) -> String? {
        let positionals = arguments.filter { $0.kind == "positional" }
        guard word == "-", let last = positionals.last else { return nil }
        let argument = position < positionals.count ? positionals[position] : (last.isRepeating == true ? last : nil)
        guard let argument, argument.namesAPath else { return nil }
        let thing = argument.namesAFolder ? "folder" : "file"
        return "- means standard input, which \(name) does not read for <\(argument.valueName ?? thing)>: "
            + "give the \(thing) by its name; for a \(thing) named -, write ./-"
    }

    /// An option that takes one value, given more than once.
    private func repeated(_ option: Int, _ values: [String]) -> String {
        let argument = arguments[option]
        let spelling = argument.spellings.first ?? "the option"
        let shown = values.map { "`\(ShownText.escaped($0))`" }.joined(separator: ", ")
        let several = (argument.abstract ?? "").contains("commas") ? "; several are separated by commas in one value (\(spelling) a,b)" : ""
        return "\(spelling) is given \(values.count) times (\(shown)), and takes one value: give it once\(several)"
    }
}

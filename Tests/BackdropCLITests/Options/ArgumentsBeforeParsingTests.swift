import Foundation
import Testing

/// What ArgumentParser would read wrongly without a word is refused before it reads it, for every
/// command and every option the tool's own description lists (``DumpedHelp``), with a message
/// that says what the word is taken for and how to pass it, status 64 and nothing touched:
/// - a file name that reads as a group of short flags holding `-h` (`-photo.png`, `-h.png`), or
///   that names a file here and asks for help, never prints the help;
/// - `-` for a file or folder is standard output only for `export … --output`, refused elsewhere;
/// - an option that takes one value, given twice, is refused instead of keeping the last.
@Suite struct ArgumentsBeforeParsingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var command: DumpedHelp.Command
        var words: [String]
        /// A file made here first, of that name.
        var file: String?
        var says: String
        var testDescription: String { "\(command.name) \(words.joined(separator: " "))\(file.map { " (a file \($0) here)" } ?? "")" }
    }

    /// A letter that is no short flag of `command`.
    static func notAFlag(_ command: DumpedHelp.Command) -> Character {
        "abcdefgijklmnopqrstuwxyz".first { !command.shortFlags.contains($0) }!
    }

    /// For every command: file names and groups of letters that would be read as short flags
    /// holding `-h` (alone, and as the value of each of its options), and help words that are
    /// files here.
    static let misread: [Case] = DumpedHelp.commands.flatMap { command -> [Case] in
        let flags = String(command.shortFlags.sorted())
        let other = notAFlag(command)
        var names = ["-h.png", "-photo.png", "-dash.png", "-\(flags).png", "-\(flags)\(other)", "-h\(other)", "-\(other)h"]
        names = names.enumerated().filter { !names[..<$0.offset].contains($0.element) }.map(\.element)
        var cases = names.map {
            Case(command: command, words: [$0], says: "\($0) reads as an option, and \(command.name) has no option of that name")
        }
        for option in command.valued where option.kind == "option" {
            for name in ["-h.png", "-\(other)h"] {
                cases.append(
                    Case(command: command, words: [option.shown, name], says: "\(option.shown) is followed by \(name), which reads as an option"))
            }
        }
        for word in Set(["-h", "--help", "-\(flags)"]) {
            cases.append(
                Case(command: command, words: [word], file: word, says: "\(word) is an option of \(command.name), though a file of that name is here")
            )
        }
        return cases
    }

    @Test(arguments: misread) func aWordThatWouldPrintTheHelpIsRefusedAndSaysHowToPassIt(_ misread: Case) throws {
        let workspace = try CommandLineWorkspace(content: false)
        defer { workspace.remove() }
        if let file = misread.file {
            try FileManager.default.copyItem(
                at: workspace.folder.appendingPathComponent("shot.png"), to: workspace.folder.appendingPathComponent(file))
        }
        let before = try workspace.snapshot()
        let result = try workspace.run(misread.command.words + misread.words)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains(misread.says), "\(result.stderr)")
        #expect(result.stderr.contains("./"), "says how to pass the file: \(result.stderr)")
        #expect(result.stdout.isEmpty, "no help: \(result.stdout.prefix(200))")
        #expect(try workspace.snapshot() == before)
    }

    /// The words that are what they look like still are: `-h` and `--help` print the help where no
    /// file has their name, and a group of real short flags (`build -qv`) is read as those flags.
    @Test(arguments: DumpedHelp.commands) func realFlagsAndHelpStillWork(_ command: DumpedHelp.Command) throws {
        let workspace = try CommandLineWorkspace(content: false)
        defer { workspace.remove() }
        for help in ["-h", "--help", "-" + String(command.shortFlags.sorted())] {
            let result = try workspace.run(command.words + [help])
            #expect(result.status == 0 && result.stdout.contains("USAGE:"), "\(help): \(result.stderr)")
        }
        let flags = command.shortFlags.subtracting(["h"])
        guard !flags.isEmpty else { return }
        let result = try workspace.run(command.words + ["-" + String(flags.sorted()), "--no-such-option"])
        #expect(!result.stderr.contains("reads as an option"), "\(result.stderr)")
        #expect(result.stderr.contains("Unknown option '--no-such-option'"), "the flags were read: \(result.stderr)")
    }

    // MARK: - as a file name

    /// Every argument that takes a value names a file or folder (its completion says so) or is one
    /// of these: a new one must say which it is.
    static let notPaths: Set<String> = [
        "backdrop checks <codes>", "backdrop slots <device>", "backdrop slots --layout", "backdrop crop --device", "backdrop crop --layout",
        "backdrop crop --style", "backdrop crop --compression-level", "backdrop crop --filters", "backdrop crop --strategy",
        "backdrop samples <devices>", "backdrop samples --widgets", "backdrop samples --slots", "backdrop samples --edge-inset",
        "backdrop calibrate --scale", "backdrop calibrate --into", "backdrop calibrate --layout", "backdrop calibrate --reference",
        "backdrop build --base-url", "backdrop serve --port",
    ]

    @Test func everyArgumentSaysWhetherItNamesAFileOrFolder() {
        let others = DumpedHelp.commands.flatMap { command in command.valued.filter { !$0.namesAPath }.map { "\(command.name) \($0.shown)" } }
        #expect(Set(others) == Self.notPaths)
        #expect(DumpedHelp.commands.flatMap { $0.valued.filter(\.namesAPath) }.count >= 20)
    }

    /// Every argument and option that names a file or folder, given `-` in each form.
    static let dashes: [Case] = DumpedHelp.commands.flatMap { command in
        command.valued.filter(\.namesAPath).flatMap { argument -> [Case] in
            let standardOutput = command.words.first == "export" && argument.shown == "--output"
            let says =
                standardOutput
                ? ""
                : argument.kind == "positional"
                    ? "- means standard input, which \(command.name) does not read" : "\(argument.shown) -: - means standard input or output"
            let forms = argument.kind == "positional" ? [["-"], ["--", "-"]] : [[argument.shown, "-"], ["\(argument.shown)=-"]]
            return forms.map { Case(command: command, words: $0, file: "-", says: says) }
        }
    }

    @Test(arguments: dashes) func aDashForAFileIsStandardOutputOrRefused(_ dash: Case) throws {
        let workspace = try CommandLineWorkspace()
        defer { workspace.remove() }
        let (listener, port) = try TCP.listen()
        defer { TCP.close(listener) }
        // A file named `-` is here, which nothing may read as the argument or write.
        try FileManager.default.copyItem(at: workspace.folder.appendingPathComponent("shot.png"), to: workspace.folder.appendingPathComponent("-"))
        let line = CommandLineWorkspace.working(dash.command.words, port: port) ?? dash.command.words
        let positional = dash.words[0] == "--" || dash.words[0] == "-"
        let spelling = String(dash.words[0].prefix { $0 != "=" })
        let arguments =
            (positional ? CommandLineWorkspace.withoutPositional(line) : CommandLineWorkspace.without(spelling, in: line)) + dash.words
        let before = try workspace.snapshot()
        let result = try workspace.run(arguments)
        if dash.says.isEmpty {
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == (try workspace.run(line)).stdout, "the file is printed, as without --output")
        } else {
            #expect(result.status == 64, "\(result.stderr)")
            #expect(result.stderr.contains(dash.says) && result.stderr.contains("./-"), "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try workspace.snapshot() == before, "the file named - is as it was, and nothing is written")
    }

    /// Every other argument that takes a value refuses `-` as it refuses any value it has no use
    /// for, and touches no file named `-`.
    @Test(arguments: DumpedHelp.commands.flatMap { command in command.valued.filter { !$0.namesAPath }.map { (command, $0.shown) } })
    func aDashForAnythingElseIsRefusedByTheOption(_ command: DumpedHelp.Command, _ argument: String) throws {
        let workspace = try CommandLineWorkspace()
        defer { workspace.remove() }
        let (listener, port) = try TCP.listen()
        defer { TCP.close(listener) }
        try FileManager.default.copyItem(at: workspace.folder.appendingPathComponent("shot.png"), to: workspace.folder.appendingPathComponent("-"))
        let line = try #require(CommandLineWorkspace.working(command.words, port: port))
        let arguments =
            argument.hasPrefix("<")
            ? CommandLineWorkspace.withoutPositional(line) + ["-"] : CommandLineWorkspace.without(argument, in: line) + ["\(argument)=-"]
        let before = try workspace.snapshot()
        let result = try workspace.run(arguments)
        #expect(result.status != 0, "\(arguments): \(result.stdout.prefix(300))")
        #expect(result.stderr.contains("-"), "\(result.stderr)")
        #expect(try workspace.snapshot() == before)
    }

    // MARK: An option given twice

    /// Every option that takes one value, of every command.
    static let single: [(DumpedHelp.Command, String)] = DumpedHelp.commands.flatMap { command in
        command.arguments.filter { $0.kind == "option" && !$0.isRepeating }.map { (command, $0.shown) }
    }

    @Test(arguments: single) func anOptionOfOneValueGivenTwiceIsRefused(_ command: DumpedHelp.Command, _ option: String) throws {
        let workspace = try CommandLineWorkspace()
        defer { workspace.remove() }
        let (listener, port) = try TCP.listen()
        defer { TCP.close(listener) }
        let line = try #require(CommandLineWorkspace.working(command.words, port: port))
        let before = try workspace.snapshot()
        for twice in [[option, "one", option, "two"], ["\(option)=one", "\(option)=two"], [option, "one", "\(option)=two"]] {
            let result = try workspace.run(CommandLineWorkspace.without(option, in: line) + twice)
            #expect(result.status == 64, "\(twice): \(result.stderr)")
            #expect(result.stderr.contains("\(option) is given 2 times (`one`, `two`), and takes one value: give it once"), "\(result.stderr)")
        }
        #expect(try workspace.snapshot() == before)
    }

    /// `crop --style`, given twice, says how to give several styles.
    @Test func aRepeatedStyleSaysHowToGiveSeveral() throws {
        let workspace = try CommandLineWorkspace()
        defer { workspace.remove() }
        let result = try workspace.run(["crop", "shot.png", "--out", "crops", "--style", "blur", "--style", "glass"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("several are separated by commas in one value (--style a,b)"), "\(result.stderr)")
    }

    /// The options that take several values combine what each gives.
    @Test func anOptionOfSeveralValuesCombinesThem() throws {
        let repeating = DumpedHelp.commands.flatMap { command in
            command.arguments.filter { $0.kind == "option" && $0.isRepeating }.map { "\(command.name) \($0.shown)" }
        }
        #expect(repeating == ["backdrop samples --slots"])
        let workspace = try CommandLineWorkspace()
        defer { workspace.remove() }
        let result = try workspace.run([
            "samples", "iphone-se-1st-gen", "--widgets", "ios14", "--out", "samples", "--slots", "small-top-left", "--slots", "medium-middle",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2 widgets"), "\(result.stdout)")
    }
}

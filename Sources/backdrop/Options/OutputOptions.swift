import ArgumentParser

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// The `--output FILE` option of the commands that print a generated file: standard output (left
/// out, or `-`, as the convention is), or the file replaced as ``FileWriter`` replaces it.
struct OutputOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write to this file instead of standard output (- is standard output too; ./- a file named -), atomically. A symbolic link is written through (its target is replaced and the link kept); a folder, FIFO or device is refused.",
            valueName: "file"),
        completion: .file())
    var output: String?

    /// The value of `--output` that means standard output.
    static let standardOutput = "-"

    /// Prints `text` as it is, or writes it to `--output`.
    func emit(_ text: String) throws(CommandFailure) {
        guard let output, output != Self.standardOutput else { return printOut(text, terminator: "") }
        try writeFile(output, text)
    }
}

/// A command that prints a generated file, with ``OutputOptions``: its `--output -` is standard
/// output. Every other option or argument that names a file or folder refuses `-`
/// (``OptionLikeArguments/problemsBeforeParsing``).
protocol PrintsAFile: ParsableCommand {}

extension PrintsAFile {
    /// The option whose `-` is standard output.
    static var standardOutputOption: String { "--output" }
}

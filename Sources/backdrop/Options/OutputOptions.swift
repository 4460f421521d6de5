import ArgumentParser

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// The `--output FILE` option of the commands that print a generated file: standard output, or the
/// file replaced as ``FileWriter`` replaces it.
struct OutputOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Write to this file instead of standard output, atomically. A symbolic link is written through (its target is replaced and the link kept); a folder, FIFO or device is refused.",
            valueName: "file"))
    var output: String?

    /// Prints `text` as it is, or writes it to `--output`.
    func emit(_ text: String) throws(CommandFailure) {
        guard let output else { return printOut(text, terminator: "") }
        try writeFile(output, text)
    }
}

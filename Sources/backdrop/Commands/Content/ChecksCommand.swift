import ArgumentParser
import CheckCodes
import Checks
import Gallery

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

struct ChecksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checks",
        abstract: "List every check Backdrop runs, or explain the checks with the given codes.",
        discussion: "`backdrop checks G005` says what G005 asserts and why. `--markdown` prints the checks reference (docs/checks.md)."
    )

    @Argument(help: "Codes of the checks to explain, e.g. G005 S003. All checks when none is given.")
    var codes: [String] = []

    @Flag(help: "Print the checks reference as Markdown.")
    var markdown = false

    func run() throws {
        let chosen: [CheckInfo]
        do {
            chosen = try CheckListing.checks(codes)
        } catch {
            throw CommandFailure(error)
        }
        // The examples of the build's own checks are made by the build's code.
        printOut(CheckListing.text(chosen, markdown: markdown, examples: BuildExamples.all), terminator: markdown ? "" : "\n")
    }
}

import ArgumentParser
import CheckCodes
import Checks
import Gallery
import SlotGeometry

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
        let all = AllChecks.infos
        var chosen: [CheckInfo] = []
        var unknown: [String] = []
        for code in codes {
            if let check = all.first(where: { $0.code == code.uppercased() }) { chosen.append(check) } else { unknown.append(code) }
        }
        guard unknown.isEmpty else {
            throw CommandFailure(unknown.map { ProblemText(reason: "there is no check \($0); `backdrop checks` lists every code") })
        }
        if markdown {
            printOut(CheckReference.markdown(chosen.isEmpty ? all : chosen, examples: BuildExamples.all), terminator: "")
        } else if chosen.isEmpty {
            printOut(table(all.map { [$0.code, $0.severity.rawValue, $0.title] }))
        } else {
            printOut(
                chosen.map { check in
                    let example = BuildExamples.line(for: check.code).map { "\nFor example:\n  \($0)" } ?? ""
                    return "\(check.code) (\(check.family), \(check.severity.rawValue)): \(check.title).\n\(check.explanation)\(example)"
                }
                .joined(separator: "\n\n"))
        }
    }
}

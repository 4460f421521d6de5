import CheckCodes
import Checks
import Testing

/// What `backdrop checks` prints, in-process: every check in a table, the checks asked for
/// explained with their example, the reference as Markdown, and unknown codes refused.
@Suite struct CheckListingTests {
    @Test func codesAreFoundInAnyCaseAndUnknownOnesAreEachRefused() throws {
        #expect(try CheckListing.checks([]).isEmpty)
        #expect(try CheckListing.checks(["g005", "S003"]).map(\.code) == ["G005", "S003"])
        let unknown = #expect(throws: CheckListing.UnknownCodes.self) { try CheckListing.checks(["G005", "X1", "Y2"]) }
        #expect(
            unknown?.problems.map(\.message) == [
                "there is no check X1; `backdrop checks` lists every code", "there is no check Y2; `backdrop checks` lists every code",
            ])
    }

    @Test func everyCheckIsARowAndAChosenOneIsExplainedWithItsExample() throws {
        let table = CheckListing.text([], markdown: false, examples: CheckExamples.all).split(separator: "\n")
        #expect(table.count == AllChecks.infos.count)
        #expect(table.allSatisfy { line in AllChecks.infos.contains { line.hasPrefix($0.code + " ") } })

        let chosen = try CheckListing.checks(["G005"])
        let text = CheckListing.text(chosen, markdown: false, examples: CheckExamples.all)
        #expect(text.hasPrefix("G005 (Geometry, "))
        #expect(text.contains(chosen[0].explanation))
        #expect(text.contains("\nFor example:\n  "), "G005 has an example finding")
        let two = CheckListing.text(try CheckListing.checks(["G005", "S003"]), markdown: false, examples: CheckExamples.all)
        #expect(two.contains("\n\nS003 ("))

        let markdown = CheckListing.text(chosen, markdown: true, examples: CheckExamples.all)
        #expect(markdown.contains("G005") && !markdown.contains("S003"))
        #expect(CheckListing.text([], markdown: true, examples: CheckExamples.all).contains("S003"), "no code: the whole reference")
    }
}

import Catalog
import SlotGeometry

/// The checks reference, generated from the check values so that a code cannot exist without its
/// explanation: a docs page of the site, and `docs/checks.md` in the repository.
public enum CheckReference {
    /// The command that writes the reference; the file says so at its top.
    public static let command = "backdrop checks --markdown > docs/checks.md"
    /// The reference's title.
    public static let title = "Checks reference"

    /// What the reference starts with, as Markdown.
    public static let introduction = """
        Every finding Backdrop reports names one of these checks, as
        `FILE:LINE: SEVERITY[CODE] DEVICE LAYOUT SLOT: message`. An error fails `backdrop check` and
        `backdrop build`; a warning or a note is reported only. A layout may declare a measured
        exception to a geometry rule, and its finding is then a note. `backdrop check` runs the content,
        geometry and screenshot checks; `backdrop build` runs them all; `backdrop crop` verifies its
        crops with C001. `backdrop checks CODE` prints one check.
        """

    /// The reference as a docs page the other docs pages link to (`checks.md#G005`): one heading
    /// per family and one row, with the code as its id, per check.
    public static let docsTarget = DocsTarget(
        name: "checks", title: title, order: 900,
        anchors: Set(AllChecks.byFamily().map { Slug.make($0.family) } + AllChecks.infos.map(\.code)))

    /// The reference as Markdown: one section per family, one table row per check, with the
    /// example finding of each check that has one in `examples` (the command and the site pass
    /// Gallery's `BuildExamples.all`, which holds every family's; `CheckExamples.all` has only
    /// those this module can make).
    public static func markdown(_ checks: [CheckInfo] = AllChecks.infos, examples: [String: Diagnostic]) -> String {
        var lines = [
            "# \(title)",
            "",
            "<!-- Generated from the check values in Sources/ by `\(command)`; edit those, not this file. -->",
            "",
            introduction,
        ]
        for (family, checks) in AllChecks.byFamily(checks) {
            lines += ["", "## \(family)", "", "| code | severity | checks that | why | for example |", "|---|---|---|---|---|"]
            for check in checks {
                let example = examples[check.code].map(\.description).map { "`` \(cell($0)) ``" } ?? ""
                lines.append("| \(check.code) | \(check.severity.rawValue) | \(cell(check.title)) | \(cell(check.explanation)) | \(example) |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text made safe for a Markdown table cell.
    private static func cell(_ text: String) -> String {
        text.replacing("|", with: "\\|")
    }
}

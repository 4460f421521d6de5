import Catalog

/// What `calibrate --into` prints: the numbers (key, old, new, source), the lines changed, the
/// screenshot copied, and the checks' summary.
public struct RecordingText {
    public var outcome: LayoutRecorder.Recording
    /// The screenshot recorded, as named on the command line.
    public var screenshot: String
    /// The content folder written into.
    public var content: String

    public init(outcome: LayoutRecorder.Recording, screenshot: String, content: String) {
        self.outcome = outcome
        self.screenshot = screenshot
        self.content = content
    }

    /// The text, its lines joined (no final line break).
    public func render() -> String {
        let edit = outcome.edit
        var lines: [String] = []
        let layout = edit.layout.rawValue
        if !edit.changesProfile {
            let listed = outcome.keepsScreenshot ? " and lists this screenshot as \(outcome.alreadyListed ?? "?")" : ""
            lines.append("\(outcome.profile): layout \(layout) already has these numbers (each within 1 px)\(listed); nothing changed")
        } else {
            lines.append("\(outcome.profile): \(edit.createsLayout ? "created" : "updated") layout \(layout) from \(screenshot)")
        }
        var rows = [["KEY", "OLD", "NEW", "SOURCE"]]
        for number in edit.numbers {
            let old = number.old.map { "\($0.written), \($0.source)" } ?? "-"
            let measured = "\(number.written) \(edit.unit.rawValue)"
            let new = number.writes ? "\(measured) (\(number.action.rawValue))" : "kept; measures \(measured)"
            let source = number.writes ? edit.source ?? "" : number.old?.source ?? ""
            rows.append([number.key, old, new, source])
        }
        lines.append(TextTable.render(rows).split(separator: "\n").map { "  \($0)" }.joined(separator: "\n"))
        if let reference = edit.reference {
            lines.append("added reference \(reference.key): \"\(reference.citation)\"")
        }
        if let copied = outcome.copied {
            lines.append("copied \(screenshot) to \(ContentFolder(content).path(of: copied))")
        } else if let listed = outcome.alreadyListed, edit.changesProfile {
            lines.append("\(screenshot) is already the layout's calibration screenshot \(listed); not copied again")
        } else if !outcome.keepsScreenshot, edit.changesProfile {
            lines.append(
                "\(screenshot) is not kept as a calibration screenshot: its transparent widgets are measured against the empty page and the layout as it was, which no build can measure again; the numbers cite \(edit.source ?? "the reference")"
            )
        }
        if !outcome.diff.hunks.isEmpty {
            lines.append("")
            lines.append("--- \(outcome.profile)")
            lines.append("+++ \(outcome.profile)")
            lines += outcome.diff.render()
        }
        if edit.changesProfile {
            lines.append("")
            lines += outcome.calibrationSummaries
            for diagnostic in outcome.diagnostics where diagnostic.severity != .error {
                lines.append(diagnostic.description)
            }
            let d = outcome.diagnostics
            lines.append(
                "checked \(edit.device): \(d.count(.error)) errors, \(d.count(.warning)) warnings, \(d.count(.note)) notes; every build measures the calibration screenshots again"
            )
        }
        return lines.joined(separator: "\n")
    }
}

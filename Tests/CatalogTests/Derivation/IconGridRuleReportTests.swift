import Catalog
import Foundation
import SlotGeometry
import TestFolders
import TestSupport
import Testing

/// The icon rule against its evidence: every layout of the bundled catalog whose profile states
/// its icon grid, the rule's numbers against the profile's, and the docs page that says so.
@Suite struct IconGridRuleReportTests {
    static let catalog = Catalog.load(content: packageRoot.appendingPathComponent("content").path)

    @Test func theRuleGivesEveryMeasuredNumberOfItsEvidenceToThePixel() {
        let report = IconGridRuleReport(Self.catalog)
        let measured = report.residuals.filter { $0.kind == .measured }
        #expect(Set(measured.map(\.device)).count >= 4, "every iOS 26 screen measured on captures states its icons")
        for residual in measured {
            #expect(
                residual.residual == 0,
                "\(residual.device) \(residual.field.rawValue): the rule gives \(residual.rule), the profile \(residual.stated)")
        }
        for residual in report.residuals where residual.kind == .published {
            #expect(
                abs(residual.residual) <= 1,
                "\(residual.device) \(residual.field.rawValue): the rule's \(residual.rule) against the published \(residual.stated)")
        }
    }

    @Test func theCommittedPageIsTheReport() throws {
        let committed = try String(
            contentsOf: packageRoot.appendingPathComponent("content").appendingPathComponent(IconGridRuleReport.docsPage), encoding: .utf8)
        #expect(committed == IconGridRuleReport(Self.catalog).text, "regenerate with `\(IconGridRuleReport.regenerateCommand)`")
    }

    @Test func anIconGridMustBeWholeEvenlySpacedPixelsOnTheScreen() {
        let good = "    icons: {size: 192, columns: [87, 360, 633, 906], rows: [261, 555, 849], source: measured table}\n"
        let layout = validProfile.replacingOccurrences(of: "    bottom: 1485\n", with: "    bottom: 1485\n" + good)
        let parsed = parse(layout)
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
        let icons = parsed.document?.profile.layouts.first?.icons
        #expect(icons?.grid == IconGrid(iconSize: 192, columns: [87, 360, 633, 906], firstRow: 261, rowPitch: 294))
        #expect(icons?.provenance.reference == "table")
        for (written, bad, words) in [
            ("rows: [261, 555, 849]", "rows: [261, 555, 850]", "evenly spaced"),
            ("columns: [87, 360, 633, 906]", "columns: [87, 360, 633]", "must be 4 whole numbers"),
            ("columns: [87, 360, 633, 906]", "columns: [87, 360, 633, 9000]", "outside"), ("size: 192", "size: 19.5", "whole numbers"),
        ] {
            let broken = good.replacingOccurrences(of: written, with: bad)
            let diagnostics = parse(validProfile.replacingOccurrences(of: "    bottom: 1485\n", with: "    bottom: 1485\n" + broken)).diagnostics
            #expect(diagnostics.contains { $0.message.contains(words) }, "\(bad): \(diagnostics)")
        }
    }
}

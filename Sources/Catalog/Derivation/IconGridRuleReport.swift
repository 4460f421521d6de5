import SlotGeometry

/// The docs page of the icon rule (``IconGridRule``): the rule per iOS family, and its evidence
/// from the catalog, every layout whose profile states its icon grid (`icons`), with the rule's
/// residuals against the layout's measured numbers and its widths against the published sizes.
public struct IconGridRuleReport {
    /// The docs page's path inside the content folder.
    public static let docsPage = "docs/icon-rule.md"
    /// The command that writes the docs page.
    public static let regenerateCommand = "backdrop export icon-rule --output content/\(docsPage)"

    /// One number of an evidence layout: what the profile states, what the rule gives from the
    /// layout's icons, and how the profile's number is known.
    public struct Residual: Sendable {
        public var device: String
        public var layout: LayoutKind
        public var field: GridField
        public var stated: Int
        public var rule: Int
        public var kind: SourceKind
        public var residual: Int { rule - stated }
    }

    public let rule: IconGridRule
    /// Every number of every evidence layout the rule gives.
    public let residuals: [Residual]
    /// The evidence layouts, with the device's name.
    let evidence: [(device: String, name: String, layout: ResolvedLayout, icons: StatedIconGrid)]

    public init(_ catalog: Catalog, rule: IconGridRule = .ios26) {
        self.rule = rule
        evidence = catalog.iconGridEvidence(for: rule).map { ($0.device.id, $0.device.profile.name, $0.layout, $0.icons) }
        var residuals: [Residual] = []
        for item in evidence {
            let scale = item.layout.screen.scale
            for id in SlotID.allCases where item.layout.kind.families.contains(id.family) {
                guard case .success(let rect) = rule.rect(of: id, on: item.icons.grid, scale: scale) else { continue }
                let size = GridField.size(of: id.family)
                let fields: [(GridField, Int)] = [
                    (size.width, rect.width), (size.height, rect.height), (.column(id.column), rect.x), (.row(id.row), rect.y),
                ]
                for (field, value) in fields where !residuals.contains(where: { $0.device == item.device && $0.field == field }) {
                    guard let stated = item.layout.values[field] else { continue }
                    residuals.append(
                        Residual(
                            device: item.device, layout: item.layout.kind, field: field, stated: stated.pixels, rule: value,
                            kind: stated.provenance.kind))
                }
            }
        }
        self.residuals = residuals
    }

    /// The page's text; `content/docs/icon-rule.md` is this text, and a test keeps the two equal.
    public var text: String {
        let measured = residuals.filter { $0.kind == .measured }
        let published = residuals.filter { $0.kind == .published }
        let worst = measured.map { abs($0.residual) }.max() ?? 0
        var lines = [
            "---",
            "title: The icon rule",
            "order: 45",
            "---",
            "*This page is generated from the catalog by `\(Self.regenerateCommand)`.*",
            "",
            "On iOS 26–27 the widget grid follows the app-icon grid, so a screenshot of any home-screen page",
            "with app icons gives that phone's own widget slots (`backdrop crop EMPTY --icons-from HOME`, and",
            "the make page). This page states the rule once, per iOS family, and checks it on every layout",
            "of the catalog whose icon grid a source shows.",
            "",
            "## The rule (iOS 26–27)",
            "",
            "- A widget covers whole icon cells: small 2×2, medium 4×2, large 4×4, extra-large 4×6.",
            "- Its rectangle is the bounding box of the icons it covers, widened by **\(rule.wideningPoints) pt** on the left and on",
            "  the right (\(rule.widening(scale: 3)) px at @3x, \(rule.widening(scale: 2)) px at @2x), and not at all in height.",
            "- Widget rows sit on icon rows \(rule.widgetRows.map { String($0) }.joined(separator: ", ")).",
            "",
            "Icon settings:",
            "",
        ]
        for (layout, evidence) in rule.settings { lines.append("- `\(layout.rawValue)` (\(layout.title)): \(evidence).") }
        lines += [
            "",
            "## The evidence",
            "",
            "Each layout below states its icon grid (`icons` in its profile, with its source); the rule is",
            "applied to that grid and compared with every number the profile states for the layout. The",
            "residual is the rule's number minus the profile's, in pixels.",
            "",
        ]
        for item in evidence {
            let grid = item.icons.grid
            let columns = grid.columns.compactMap { $0 }.map { String($0) }.joined(separator: ", ")
            let source = [item.icons.provenance.kind.rawValue, item.icons.provenance.reference].compactMap { $0 }.joined(separator: " ")
            lines.append(
                "- **\(item.name)** (\(item.layout.screen.pixels), \(item.layout.kind.rawValue)): icons \(grid.iconSize) px, columns \(columns), "
                    + "row 1 at \(grid.firstRow.map { String($0) } ?? "?"), rows \(grid.rowPitch.map { String($0) } ?? "?") px apart (\(source)).")
            let own = residuals.filter { $0.device == item.device }
            for kind in [SourceKind.measured, .published, .derived, .estimated] {
                let numbers = own.filter { $0.kind == kind }
                guard !numbers.isEmpty else { continue }
                let words = numbers.map { "\($0.field.rawValue) \($0.stated) (\(Self.signed($0.residual)))" }.joined(separator: ", ")
                lines.append("  - \(kind.rawValue): \(words)")
            }
        }
        lines += [
            "",
            "**Residuals:** on the \(measured.count) measured numbers of \(evidence.count) phone\(evidence.count == 1 ? "" : "s"), the largest is \(worst) px. "
                + (published.isEmpty
                    ? ""
                    : "Against the \(published.count) published sizes (WidgetKit's frames) of the same layouts, "
                        + (published.allSatisfy { $0.residual == 0 }
                            ? "the rule agrees everywhere."
                            : "the rule differs in \(published.filter { $0.residual != 0 }.map { "\($0.device) \($0.field.rawValue) (\(Self.signed($0.residual)) px)" }.joined(separator: ", ")).")),
            "",
            "## iOS 14–18: no rule",
            "",
            "The published tables of iOS 14–18 fit the rule's shape (a small widget is an icon and one row",
            "pitch high, rows on icon rows 1, 3 and 5), but the widening they imply differs from screen to",
            "screen, from about 0.75 pt (375×667, 414×736) to 5.5 pt (1206×2622 on iOS 18), and icon positions",
            "are known on one screen only: 828×1792 on iOS 14.0, icons 128 px at 64, 254, 446 and 636, rows",
            "210 px apart (MisutaaAsriel/iOS-System-14-Theme, `Light/Marketing/Screenshot.PNG` at",
            "a3510178670e0c82db8b8472e38808d4b1f89c0e, measured), where the widening is 5 pt. The tools read no",
            "iOS 14–18 slot off icons: \(IconGridRule.noRule(for: .ios18)).",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    static func signed(_ value: Int) -> String { value > 0 ? "+\(value)" : "\(value)" }
}

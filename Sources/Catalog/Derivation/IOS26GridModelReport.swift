import SlotGeometry

extension IOS26GridModel {
    /// The docs page's path inside the content folder.
    public static let docsPage = "docs/ios26-model.md"
    /// The command that writes the docs page.
    public static let regenerateCommand = "backdrop export ios26-model --output content/\(docsPage)"

    /// The docs page of the model: how it works, what it derives, and its leave-one-out residuals.
    /// `content/docs/ios26-model.md` is this text; a test keeps the two equal.
    public func report(_ profiles: [DeviceProfile]) -> String {
        let names = Dictionary(uniqueKeysWithValues: profiles.map { ($0.id, $0.name) })
        var lines = [
            "---",
            "title: The iOS 26 grid model",
            "order: 40",
            "---",
            "*This page is generated from the catalog by `\(Self.regenerateCommand)`.*",
            "",
            "Sources measured iOS 26–27 widget **sizes** on every iPhone screen, but widget **positions** on one",
            "screen only (402×874 pt, iPhone 16 Pro, 17 and 17 Pro). The positions of every other screen are",
            "**derived** from the model below, fitted on what was measured. Each derived number is marked",
            "`derived \(Self.referenceKey)` in its profile, with its error: the largest leave-one-out error",
            "of the part of the model it rests on. Nothing derived is shown as measured. Measure your own",
            "phone from two screenshots to replace a derived number.",
            "",
            "## What the model rests on",
            "",
            "- **Rows sit on icon rows 1, 3 and 5.** On 402×874 a small widget is one icon plus one row pitch,",
            "  a large one an icon plus three pitches, so the pitch `p = (large − small) / 2` and the icon side",
            "  `a = small − p` follow from the measured sizes, and the six-row grid is `5p + a` tall.",
            "- **Columns are centred:** `left = (screen width − medium width) / 2`, rounded half up;",
            "  `right = left + medium − small`.",
            "- **The grid keeps its vertical centre** from the screen's own measured small-icon layout (iOS 18,",
            "  else iOS 14–17 moved by the mean iOS 18 move); a screen with neither takes the centre from a",
            "  straight line through the Face ID screens' centres against their height in points.",
            "- `middle = top + 2p` and `bottom = top + 4p`.",
            "",
            "## Derived layouts",
            "",
            "Screenshot pixels, each derived, with its error: columns (left, right), then rows (top, middle, bottom).",
            "",
        ]
        for p in predictions {
            lines.append(
                "- **\(names[p.device] ?? p.device)**: columns \(p.left) and \(p.right) (±\(p.columnError) px); "
                    + "rows \(p.top), \(p.middle) and \(p.bottom) (±\(p.rowError) px); rows from the \(p.basis).")
        }
        lines += [
            "",
            "The errors are bounds found by leaving out each measured screen in turn, rounded up to whole pixels.",
            "",
            "## Leave-one-out residuals",
            "",
            "Predicted minus measured, in pixels, each predicted without the screen it is checked on.",
            "",
        ]
        for r in residuals {
            lines.append("- \(names[r.device] ?? r.device), \(r.layout.rawValue), \(r.what): \(formatNumber(r.pixels)) px")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

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
        let fitted = fittedOn.map { names[$0] ?? $0 }
        var lines = [
            "---",
            "title: The iOS 26 grid model",
            "order: 40",
            "---",
            "*This page is generated from the catalog by `\(Self.regenerateCommand)`.*",
            "",
            "Sources give iOS 26–27 widget **sizes** for every iPhone screen, but widget **positions** for",
            "\(phones) screen\(phones == 1 ? "" : "s") only: \(fitted.joined(separator: "; ")). The positions of every other screen are",
            "**derived** from the model below, fitted on those \(phones) phone\(phones == 1 ? "" : "s"). Each derived number is marked",
            "`derived \(Self.referenceKey)` in its profile, with its error and the number of phones that error",
            "was estimated from. An error estimated from \(phones) phone\(phones == 1 ? "" : "s") is itself rough: it is the largest miss",
            "seen when each known screen is left out, not a guarantee. Nothing derived is shown as measured,",
            "and the build's checks test that a layout is consistent, not that it is right. Measure your own",
            "phone from two screenshots to replace a derived number.",
            "",
            "## What the model rests on",
            "",
            "- **Rows sit on icon rows 1, 3 and 5**, on every known iOS 26 screen: a small widget is one icon",
            "  plus one row pitch and a large one an icon plus three pitches, so `p = (large − small) / 2`,",
            "  `middle = top + 2p` and `bottom = top + 4p` follow from the sizes.",
            "- **Columns are centred:** `left = (screen width − medium width) / 2`, rounded half up;",
            "  `right = left + medium − small`.",
            "- **The top row sits a fixed number of points from an older layout's top row** of the same screen",
            "  (its *anchor*): iOS 18 with large icons, or with small icons. Each anchor's offset is the mean over",
            "  the known iOS 26 screens that have it; a screen takes the anchor with the smallest leave-one-out",
            "  error that it has. A screen measured only on iOS 14–17 is first moved to iOS 18 by the mean iOS 18",
            "  move; a screen with no older layout takes its iOS 18 top row from a straight line through the",
            "  Face ID screens' against their height in points. Each step's leave-one-out error is added.",
            "- The iOS 18 grid's **centre** is not kept (the model before the captures kept it): from iOS 18 to",
            "  iOS 26 the grid's centre moved by "
                + centreMoves(profiles).map { "\(Self.signed($0.pixels)) px on \($0.screen)" }.joined(separator: ", ")
                + " (down is +).",
            "",
            "## Anchors",
            "",
        ]
        for fit in anchorFits {
            lines.append(
                "- **\(fit.kind.title)**: the iOS 26 top row is \(Self.signed(fit.offset)) pt from it (the mean), "
                    + "±\(fit.error) px when each known screen is left out.")
        }
        lines += [
            "",
            "Every derived row states at least the largest of these errors: with \(phones) known screen\(phones == 1 ? "" : "s") the",
            "choice of anchor rests on the same phones, so no derived row may claim more than the worst allows.",
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
            "The errors are the largest misses found by leaving out each known screen in turn, rounded up to",
            "whole pixels, and estimated from \(phones) phone\(phones == 1 ? "" : "s").",
            "",
            "## Leave-one-out residuals",
            "",
            "Predicted minus known, in pixels, each predicted without the screen it is checked on.",
            "",
        ]
        for r in residuals {
            lines.append("- \(names[r.device] ?? r.device), \(r.layout.rawValue), \(r.what): \(formatNumber(r.pixels)) px")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// For each known iOS 26 screen with an iOS 18 layout, how far the six-row grid's centre moved
    /// from iOS 18 to iOS 26 (down is positive), in pixels.
    func centreMoves(_ profiles: [DeviceProfile]) -> [(screen: String, pixels: Double)] {
        profiles.filter { fittedOn.contains($0.id) }.compactMap { profile in
            let layouts = profile.resolvedLayouts
            guard let old = layouts.first(where: { $0.kind == .ios18 }).flatMap(Self.gridCentre),
                let new = layouts.first(where: { $0.kind == .ios26 }).flatMap(Self.gridCentre)
            else { return nil }
            return ("\(profile.screen.width)×\(profile.screen.height)", new - old)
        }
    }

    /// The centre of a layout's six-row icon grid: top + (5p + a) / 2, p = (large − small) / 2, a = small − p.
    static func gridCentre(_ layout: ResolvedLayout) -> Double? {
        guard let top = layout[.top], let small = layout[.smallHeight], let large = layout[.largeHeight] else { return nil }
        let pitch = Double(large - small) / 2
        return Double(top) + (5 * pitch + Double(small) - pitch) / 2
    }
}

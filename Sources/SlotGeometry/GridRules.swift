/// The rules that tie a layout's numbers together, used to fill in numbers a profile leaves out.
///
/// - small widgets are square, and as tall as medium widgets;
/// - medium and large widgets are equally wide;
/// - the small columns span the medium width: `right = left + Mw − S`;
/// - a large widget covers two rows: `L = middle − top + S`;
/// - rows are evenly spaced: `bottom − middle = middle − top`;
/// - an extra-large portrait widget (iOS 27) is as wide as medium and large, and covers three
///   rows: `XL height = 2 × large height − small height`.
public enum GridRules {
    struct Rule {
        var target: GridField
        var inputs: [GridField]
        var text: String
        var compute: @Sendable ([Int]) -> Int?
    }

    static func rules(rows: Int, families: [WidgetFamily]) -> [Rule] {
        var rules: [Rule] = [
            Rule(target: .smallHeight, inputs: [.smallWidth], text: "small widgets are square") { $0[0] },
            Rule(target: .smallWidth, inputs: [.smallHeight], text: "small widgets are square") { $0[0] },
            Rule(target: .smallHeight, inputs: [.mediumHeight], text: "small height = medium height") { $0[0] },
            Rule(target: .mediumHeight, inputs: [.smallHeight], text: "medium height = small height") { $0[0] },
            Rule(target: .largeWidth, inputs: [.mediumWidth], text: "large width = medium width") { $0[0] },
            Rule(target: .mediumWidth, inputs: [.largeWidth], text: "medium width = large width") { $0[0] },
            Rule(
                target: .right, inputs: [.left, .mediumWidth, .smallWidth],
                text: "right = left + medium width − small width"
            ) { $0[0] + $0[1] - $0[2] },
            Rule(
                target: .left, inputs: [.right, .smallWidth, .mediumWidth],
                text: "left = right + small width − medium width"
            ) { $0[0] + $0[1] - $0[2] },
            Rule(
                target: .mediumWidth, inputs: [.right, .smallWidth, .left],
                text: "medium width = right + small width − left"
            ) { $0[0] + $0[1] - $0[2] },
            Rule(
                target: .largeHeight, inputs: [.middle, .top, .smallHeight],
                text: "large height = middle − top + small height"
            ) { $0[0] - $0[1] + $0[2] },
            Rule(
                target: .middle, inputs: [.top, .largeHeight, .smallHeight],
                text: "middle = top + large height − small height"
            ) { $0[0] + $0[1] - $0[2] },
            Rule(
                target: .top, inputs: [.middle, .largeHeight, .smallHeight],
                text: "top = middle − large height + small height"
            ) { $0[0] - $0[1] + $0[2] },
        ]
        if families.contains(.extraLargePortrait) {
            rules += [
                Rule(
                    target: .extraLargePortraitWidth, inputs: [.mediumWidth],
                    text: "extra-large portrait width = medium width"
                ) { $0[0] },
                Rule(
                    target: .extraLargePortraitHeight, inputs: [.largeHeight, .smallHeight],
                    text: "extra-large portrait height = 2 × large height − small height"
                ) { 2 * $0[0] - $0[1] },
            ]
        }
        if rows == 3 {
            rules += [
                Rule(target: .bottom, inputs: [.top, .middle], text: "rows are evenly spaced: bottom = 2·middle − top") {
                    2 * $0[1] - $0[0]
                },
                Rule(target: .top, inputs: [.middle, .bottom], text: "rows are evenly spaced: top = 2·middle − bottom") {
                    2 * $0[0] - $0[1]
                },
                Rule(target: .middle, inputs: [.top, .bottom], text: "rows are evenly spaced: middle = (top + bottom) / 2") {
                    ($0[0] + $0[1]).isMultiple(of: 2) ? ($0[0] + $0[1]) / 2 : nil
                },
            ]
        }
        return rules
    }

    /// Fills in every number the rules can compute from the known ones, until nothing changes.
    public static func derive(into values: inout [GridField: ResolvedValue], rows: Int, families: [WidgetFamily]) {
        let rules = rules(rows: rows, families: families)
        var changed = true
        while changed {
            changed = false
            for rule in rules where values[rule.target] == nil {
                let inputs = rule.inputs.compactMap { values[$0]?.pixels }
                guard inputs.count == rule.inputs.count, let result = rule.compute(inputs) else { continue }
                values[rule.target] = ResolvedValue(
                    pixels: result, exactPixels: Double(result), provenance: .derived(rule.text),
                    isStated: false, isWholePixel: true)
                changed = true
            }
        }
    }
}

import Catalog

/// Sample profiles that break each geometry rule once.
enum GeometryExamples {
    static var findings: [(String, [Diagnostic])] {
        let grid = "    large: 1032x1098\n    left: 87\n    right: 633\n    top: 261\n    middle: 873\n    bottom: 1485\n"
        let cases: [(String, String, String)] = [
            ("G001", "    bottom: 1485\n", "    bottom: 2200\n"),
            ("G002", "    right: 633\n", "    right: 400\n"),
            ("G003", "    medium: 1032x486\n", "    medium: 1032x480\n"),
            ("G004", "    large: 1032x1098\n", "    large: 1020x1098\n"),
            ("G005", "    right: 633\n", "    right: 630\n"),
            ("G006", "    left: 87\n    right: 633\n", "    left: 80\n    right: 626\n"),
            ("G007", "    bottom: 1485\n", "    bottom: 1490\n"),
            ("G008", "    bottom: 1485\n", "    bottom: 1485\n    slots:\n      large-bottom: {x: 87, y: 900, source: measured table}\n"),
            ("G009", "    left: 87\n", "    left: 87.5\n"),
            ("G010", "    large: 1032x1098\n", "    large: 1032x1100\n"),
            ("G011", "    bottom: 1485\n", "    bottom: 1485\n    slots:\n      small-top-left: {x: 90, y: 261, source: measured table}\n"),
            ("G012", "    top: 261\n", "    top: 0\n"),
            ("G013", "    small: 486\n", "    small: 486x480\n"),
            ("G014", grid, "    large: {source: derived}\n    left: 87\n    right: 633\n    top: 261\n"),
            ("G015", "    bottom: 1485\n", "    bottom: 1485\n    exceptions:\n      G006: measured that way\n"),
        ]
        let extraLarge: [(String, String, String)] = [
            ("G016", "extra-large-portrait: 1032x1710", "extra-large-portrait: 1040x1710"),
            ("G017", "extra-large-portrait: 1032x1710", "extra-large-portrait: 1032x1700"),
        ]
        return cases.map { code, original, replacement in (code, ExampleProfile.findings(replacing: original, with: replacement)) }
            + extraLarge.map { code, original, replacement in
                (code, ExampleProfile.findings(replacing: original, with: replacement, in: ExampleProfile.ios26))
            }
    }
}

import Catalog

/// A small valid profile that the examples break one way at a time, so that each example is a
/// finding the real parser and checks report for a real (broken) file.
enum ExampleProfile {
    /// The device id and file of every example profile.
    static let id = "example-phone"
    static let file = "content/devices/\(id).md"

    /// The profile's text, valid as it is: the iPhone 16 Pro's iOS 18 grid.
    static let text = """
        ---
        name: Example phone
        models: [Example phone]
        screen: 402x874
        scale: 3
        references:
          table: "a measured table"
        layouts:
          ios18:
            unit: px
            source: measured table
            small: 486
            medium: 1032x486
            large: 1032x1098
            left: 87
            right: 633
            top: 261
            middle: 873
            bottom: 1485
        ---
        Notes.
        """

    /// The same profile with the iOS 26 layout, the only one with the extra-large portrait family.
    static let ios26 = text.replacing("  ios18:\n", with: "  ios26:\n").replacing(
        "    large: 1032x1098\n", with: "    large: 1032x1098\n    extra-large-portrait: 1032x1710\n")

    /// The findings of the profile with `original` replaced by `replacement` (which must occur).
    static func findings(replacing original: String, with replacement: String, in base: String = text, id: String = id) -> [Diagnostic] {
        precondition(base.contains(original), "the example profile has no `\(original)`")
        let broken = base.replacing(original, with: replacement)
        return Catalog.parse(text: broken, file: "content/devices/\(id).md", id: id, content: "content").diagnostics
    }
}

import Catalog
import SlotGeometry

/// The view model of `WidgetGeometry.swift.mustache`: every layout with known slots. Text is
/// given as Swift string literals (`device`, `deviceName`, `layout`, a slot's `id`), kinds as the
/// names of the generated enums' cases (a slot's `family` and `source`).
struct WidgetGeometryModel {
    struct LayoutEntry {
        var device: String
        var deviceName: String
        var layout: String
        var scale: Int
        var screenshotWidth: Int
        var screenshotHeight: Int
        var slots: [SlotEntry]
    }

    struct SlotEntry {
        var id: String
        var family: String
        var x: Int, y: Int, width: Int, height: Int
        var source: String
    }

    /// The cases of the generated `Family` enum, comma-separated.
    var families: String
    /// The cases of the generated `Source` enum, comma-separated.
    var sources: String
    var layouts: [LayoutEntry]

    init(_ catalog: Catalog) {
        families = WidgetFamily.allCases.map { swiftCase(declaring: $0.rawValue) }.joined(separator: ", ")
        sources = SourceKind.allCases.map(\.rawValue).joined(separator: ", ")
        layouts = catalog.devices.flatMap { document in
            document.layouts.filter { !$0.slots.isEmpty }.map { layout in
                LayoutEntry(
                    device: swiftStringLiteral(document.id), deviceName: swiftStringLiteral(document.profile.name),
                    layout: swiftStringLiteral(layout.kind.rawValue), scale: layout.screen.scale,
                    screenshotWidth: layout.screen.pixels.width, screenshotHeight: layout.screen.pixels.height,
                    slots: layout.slots.map { slot in
                        SlotEntry(
                            id: swiftStringLiteral(slot.id.rawValue), family: swiftCaseName(slot.family.rawValue),
                            x: slot.rect.x, y: slot.rect.y, width: slot.rect.width, height: slot.rect.height,
                            source: slot.sources.kind.rawValue)
                    })
            }
        }
    }
}

/// The Swift case name of a kebab-case raw value: `extra-large-portrait` → `extraLargePortrait`.
func swiftCaseName(_ rawValue: String) -> String {
    let words = rawValue.split(separator: "-")
    return words.enumerated().map { index, word in index == 0 ? String(word) : word.prefix(1).uppercased() + word.dropFirst() }.joined()
}

/// A case declaration for a raw value: `small`, or `extraLargePortrait = "extra-large-portrait"`.
func swiftCase(declaring rawValue: String) -> String {
    let name = swiftCaseName(rawValue)
    return name == rawValue ? name : "\(name) = \(swiftStringLiteral(rawValue))"
}

/// A Swift string literal that reads back as `text`, whatever it holds: quotes, backslashes,
/// line breaks and every other control or invisible character are escaped.
func swiftStringLiteral(_ text: String) -> String {
    var literal = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": literal += "\\\\"
        case "\"": literal += "\\\""
        case "\n": literal += "\\n"
        case "\r": literal += "\\r"
        case "\t": literal += "\\t"
        case "\0": literal += "\\0"
        default:
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                literal += "\\u{\(String(scalar.value, radix: 16))}"
            default:
                literal.unicodeScalars.append(scalar)
            }
        }
    }
    return literal + "\""
}

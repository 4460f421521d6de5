import Catalog
import Foundation
import SlotGeometry

/// The machine-readable geometry: `geometry.json` (with its JSON Schema beside it) and
/// `WidgetGeometry.swift`, one self-contained Swift file with the same data.
enum GeometryFiles {
    static func json(_ catalog: Catalog) throws -> Data {
        try encodeJSON(GeometryDocument(catalog))
    }

    /// JSON Schema (2020-12) of `geometry.json`.
    static let schema = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "$id": "geometry.schema.json",
          "title": "Backdrop widget slot geometry",
          "type": "object",
          "required": ["schemaVersion", "generator", "devices"],
          "properties": {
            "$schema": {"type": "string"},
            "schemaVersion": {"const": 1},
            "generator": {"type": "string"},
            "devices": {"type": "array", "items": {"$ref": "#/$defs/device"}}
          },
          "additionalProperties": false,
          "$defs": {
            "pointSize": {
              "type": "object", "required": ["width", "height"], "additionalProperties": false,
              "properties": {"width": {"type": "number", "exclusiveMinimum": 0}, "height": {"type": "number", "exclusiveMinimum": 0}}
            },
            "pixelSize": {
              "type": "object", "required": ["width", "height"], "additionalProperties": false,
              "properties": {"width": {"type": "integer", "minimum": 1}, "height": {"type": "integer", "minimum": 1}}
            },
            "pixelRect": {
              "type": "object", "required": ["x", "y", "width", "height"], "additionalProperties": false,
              "properties": {
                "x": {"type": "integer", "minimum": 0}, "y": {"type": "integer", "minimum": 0},
                "width": {"type": "integer", "minimum": 1}, "height": {"type": "integer", "minimum": 1}
              }
            },
            "pointRect": {
              "type": "object", "required": ["x", "y", "width", "height"], "additionalProperties": false,
              "properties": {"x": {"type": "number"}, "y": {"type": "number"}, "width": {"type": "number"}, "height": {"type": "number"}}
            },
            "sourceKind": {"enum": ["measured", "published", "derived", "estimated"]},
            "source": {
              "type": "object", "required": ["kind"], "additionalProperties": false,
              "properties": {"kind": {"$ref": "#/$defs/sourceKind"}, "reference": {"type": "string"}, "note": {"type": "string"}}
            },
            "slotID": {
              "enum": ["small-top-left", "small-top-right", "small-middle-left", "small-middle-right", "small-bottom-left",
                       "small-bottom-right", "medium-top", "medium-middle", "medium-bottom", "large-top", "large-bottom"]
            },
            "family": {"enum": ["small", "medium", "large"]},
            "slot": {
              "type": "object", "required": ["id", "family", "pixels", "points", "source", "sources"], "additionalProperties": false,
              "properties": {
                "id": {"$ref": "#/$defs/slotID"}, "family": {"$ref": "#/$defs/family"},
                "pixels": {"$ref": "#/$defs/pixelRect"}, "points": {"$ref": "#/$defs/pointRect"},
                "source": {"$ref": "#/$defs/sourceKind"},
                "sources": {
                  "type": "object", "required": ["x", "y", "width", "height"], "additionalProperties": false,
                  "properties": {"x": {"$ref": "#/$defs/source"}, "y": {"$ref": "#/$defs/source"}, "width": {"$ref": "#/$defs/source"}, "height": {"$ref": "#/$defs/source"}}
                }
              }
            },
            "layout": {
              "type": "object",
              "required": ["device", "layout", "title", "scale", "screen", "screenshot", "coverage", "references", "slots", "unknown", "unavailable"],
              "additionalProperties": false,
              "properties": {
                "device": {"type": "string"},
                "layout": {"enum": ["ios14", "ios14-zoom", "ios18", "ios18-large-icons", "ios18-zoom", "ios26"]},
                "title": {"type": "string"}, "ios": {"type": "string"}, "note": {"type": "string"},
                "scale": {"enum": [2, 3]},
                "screen": {"$ref": "#/$defs/pointSize"}, "screenshot": {"$ref": "#/$defs/pixelSize"},
                "coverage": {"type": "string"},
                "references": {"type": "object", "additionalProperties": {"type": "string"}},
                "slots": {"type": "array", "items": {"$ref": "#/$defs/slot"}},
                "unknown": {
                  "type": "array",
                  "items": {
                    "type": "object", "required": ["id", "family", "missing"], "additionalProperties": false,
                    "properties": {
                      "id": {"$ref": "#/$defs/slotID"}, "family": {"$ref": "#/$defs/family"},
                      "size": {"$ref": "#/$defs/pixelSize"}, "missing": {"type": "array", "items": {"type": "string"}}
                    }
                  }
                },
                "unavailable": {"type": "array", "items": {"$ref": "#/$defs/slotID"}}
              }
            },
            "device": {
              "type": "object", "required": ["id", "name", "models", "scale", "screen", "screenshot", "layouts"], "additionalProperties": false,
              "properties": {
                "id": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"}, "name": {"type": "string"},
                "models": {"type": "array", "items": {"type": "string"}, "minItems": 1},
                "scale": {"enum": [2, 3]}, "screen": {"$ref": "#/$defs/pointSize"}, "screenshot": {"$ref": "#/$defs/pixelSize"},
                "layouts": {"type": "array", "items": {"$ref": "#/$defs/layout"}}
              }
            }
          }
        }
        """#

    /// `WidgetGeometry.swift`: every layout's known slots as Swift values, with a lookup by
    /// screenshot size. Depends on nothing but the standard library.
    static func swiftSource(_ catalog: Catalog) -> String {
        var lines: [String] = [
            "// WidgetGeometry.swift — generated by Backdrop from its checked device catalog. Do not edit.",
            "//",
            "// Home-screen widget slot rectangles for every iPhone layout Backdrop knows, in screenshot",
            "// pixels (exact) and points. Crop a screenshot of an empty home-screen page with `pixels`.",
            "// Which layout applies depends on the iOS version, the icon size setting and Display Zoom,",
            "// and one screenshot size can mean two devices: let the user choose.",
            "",
            "public enum WidgetGeometry {",
            "    public enum Family: String, Sendable { case small, medium, large }",
            "",
            "    /// How a number is known: measured, published (Apple's table), derived (grid rules) or estimated.",
            "    public enum Source: String, Sendable { case measured, published, derived, estimated }",
            "",
            "    public struct PixelRect: Hashable, Sendable {",
            "        public let x: Int, y: Int, width: Int, height: Int",
            "    }",
            "",
            "    public struct Slot: Sendable {",
            "        /// The canonical slot id, e.g. \"small-top-left\".",
            "        public let id: String",
            "        public let family: Family",
            "        public let pixels: PixelRect",
            "        /// The weakest source among the slot's four numbers.",
            "        public let source: Source",
            "        /// The rectangle in points (pixels divided by the scale).",
            "        public func points(scale: Int) -> (x: Double, y: Double, width: Double, height: Double) {",
            "            let s = Double(scale)",
            "            return (Double(pixels.x) / s, Double(pixels.y) / s, Double(pixels.width) / s, Double(pixels.height) / s)",
            "        }",
            "    }",
            "",
            "    public struct Layout: Sendable {",
            "        public let device: String",
            "        public let deviceName: String",
            "        /// ios14, ios14-zoom, ios18, ios18-large-icons, ios18-zoom or ios26.",
            "        public let layout: String",
            "        public let scale: Int",
            "        public let screenshotWidth: Int",
            "        public let screenshotHeight: Int",
            "        /// The slots whose rectangles are known.",
            "        public let slots: [Slot]",
            "",
            "        public func slot(_ id: String) -> Slot? { slots.first { $0.id == id } }",
            "    }",
            "",
            "    /// The layouts whose screenshots have this pixel size.",
            "    public static func layouts(screenshotWidth width: Int, height: Int) -> [Layout] {",
            "        all.filter { $0.screenshotWidth == width && $0.screenshotHeight == height }",
            "    }",
            "",
            "    /// One device layout.",
            "    public static func layout(device: String, layout: String) -> Layout? {",
            "        all.first { $0.device == device && $0.layout == layout }",
            "    }",
            "",
            "    public static let all: [Layout] = [",
        ]
        let literal = swiftStringLiteral
        for document in catalog.devices {
            for layout in document.profile.resolvedLayouts where !layout.slots.isEmpty {
                let pixels = layout.screen.pixels
                lines.append("        Layout(")
                lines.append("            device: \(literal(document.id)), deviceName: \(literal(document.profile.name)), layout: \(literal(layout.kind.rawValue)),")
                lines.append("            scale: \(layout.screen.scale), screenshotWidth: \(pixels.width), screenshotHeight: \(pixels.height),")
                lines.append("            slots: [")
                for slot in layout.slots {
                    let r = slot.rect
                    lines.append("                Slot(id: \(literal(slot.id.rawValue)), family: .\(slot.family.rawValue), pixels: PixelRect(x: \(r.x), y: \(r.y), width: \(r.width), height: \(r.height)), source: .\(slot.sources.kind.rawValue)),")
                }
                lines.append("            ]),")
            }
        }
        lines += ["    ]", "}", ""]
        return lines.joined(separator: "\n")
    }

    /// A Swift string literal that reads back as `text`, whatever it holds: quotes, backslashes,
    /// line breaks and every other control or invisible character are escaped.
    static func swiftStringLiteral(_ text: String) -> String {
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
}

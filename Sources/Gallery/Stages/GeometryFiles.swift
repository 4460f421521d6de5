import Catalog
import Checks
import Foundation
import SlotGeometry

/// The machine-readable geometry: `geometry.json` and its JSON Schema beside it, a template of the
/// templates folder named after the file it makes. (`WidgetGeometry.swift` is
/// ``WidgetGeometrySource/download(_:)``.)
enum GeometryFiles {
    static func json(_ catalog: Catalog) throws -> Data {
        try encodeJSON(GeometryDocument(catalog))
    }

    /// B002: `geometry.json` could not be encoded; worded here for the build and for the checks
    /// reference's example (`BuildExamples`).
    static func encodingProblem(_ error: any Error) -> Diagnostic {
        Diagnostic(file: "geometry.json", check: BuildCheck.encodable, message: "cannot encode: \(error)")
    }

    /// JSON Schema (2020-12) of `geometry.json`.
    static func schema(_ templates: Templates) throws(BuildFailure) -> String {
        try templates.render(SchemaModel(), with: .geometrySchema)
    }

    /// The values the schema enumerates, from the Swift enums, as the items of JSON arrays.
    struct SchemaModel {
        var slotIDs = items(SlotID.allCases.map(\.rawValue))
        var families = items(WidgetFamily.allCases.map(\.rawValue))
        var layouts = items(LayoutKind.allCases.map(\.rawValue))
        var sourceKinds = items(SourceKind.allCases.map(\.rawValue))

        private static func items(_ values: [String]) -> String {
            values.map { "\"\($0)\"" }.joined(separator: ", ")
        }
    }
}

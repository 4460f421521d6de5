import Catalog
import Checks
import Foundation
import SlotGeometry

/// The machine-readable geometry: `geometry.json`, its JSON Schema beside it, and
/// `WidgetGeometry.swift`, one self-contained Swift file with the same data. The schema and the
/// Swift file are templates of the templates folder, named after the files they make.
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

    /// `WidgetGeometry.swift`: every layout's known slots as Swift values, with a lookup by
    /// screenshot size. Depends on nothing but the standard library.
    static func swiftSource(_ catalog: Catalog, templates: Templates) throws(BuildFailure) -> String {
        try templates.render(WidgetGeometryModel(catalog), with: .widgetGeometry)
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

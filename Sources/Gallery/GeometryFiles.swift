import Catalog
import Foundation

/// The machine-readable geometry: `geometry.json`, its JSON Schema beside it, and
/// `WidgetGeometry.swift`, one self-contained Swift file with the same data. The schema and the
/// Swift file are templates of the templates folder, named after the files they make.
enum GeometryFiles {
    static func json(_ catalog: Catalog) throws -> Data {
        try encodeJSON(GeometryDocument(catalog))
    }

    /// JSON Schema (2020-12) of `geometry.json`.
    static func schema(_ templates: Templates) throws(BuildFailure) -> String {
        try templates.render(NoValues(), with: .geometrySchema)
    }

    /// `WidgetGeometry.swift`: every layout's known slots as Swift values, with a lookup by
    /// screenshot size. Depends on nothing but the standard library.
    static func swiftSource(_ catalog: Catalog, templates: Templates) throws(BuildFailure) -> String {
        try templates.render(WidgetGeometryModel(catalog), with: .widgetGeometry)
    }

    /// The view model of a template that takes no values.
    struct NoValues {}
}

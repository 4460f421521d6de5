import Catalog
import Checks
import Foundation
import GeometryFormat
import SlotGeometry

/// The machine-readable geometry: `geometry.json` and its JSON Schema beside it, both in the shape
/// ``GeometryFormat`` describes. (`WidgetGeometry.swift` is
/// ``WidgetGeometrySource/download(_:)``.)
package enum GeometryFiles {
    package static func json(_ catalog: Catalog) throws -> Data {
        try encodeJSON(GeometryDocument(catalog))
    }

    /// B002: `geometry.json` could not be encoded; worded here for the build and for the checks
    /// reference's example (`BuildExamples`).
    static func encodingProblem(_ error: any Error) -> Diagnostic {
        Diagnostic(file: "geometry.json", check: BuildCheck.encodable, message: "cannot encode: \(error)")
    }

    /// Where the site has ``script(_:)``.
    static let scriptPath = "assets/geometry.js"

    /// `geometry.json` as a script that sets `window.BackdropGeometry`, for the make and measure
    /// pages: one file both pages load (and the browser caches), which works from `file://` too,
    /// where a page cannot fetch `geometry.json`. JSON is a JavaScript expression as it is.
    static func script(_ json: Data) -> Data {
        Data("// geometry.json for the make and measure pages, written by backdrop build.\nwindow.BackdropGeometry = ".utf8) + json + Data(";\n".utf8)
    }

    /// The JSON Schema (2020-12) of `geometry.json`, written from the format's description.
    static var schema: Data { Data(GeometryFormat.schema.prettyText.utf8) }
}

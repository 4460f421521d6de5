import Foundation

/// An HTML file of the preview's own, from `Resources/`: the reload script, the build-error
/// overlay and the pages served when there is no page of the site to serve. Each `{{name}}` in a
/// file is a slot that ``filled(_:)`` fills; the line break that ends the file is not part of it.
///
/// The files are resources of this target: they sit in `Backdrop_Preview.resources` beside the
/// `backdrop` binary, and `Bundle.module` finds them there from any working directory.
package struct PreviewHTML: Sendable {
    /// The file's text, without its final line break.
    package let text: String

    /// Reads `Resources/<name>.html`. Its absence is a packaging mistake, not a user's: it stops
    /// the program, as `Bundle.module` does when the whole bundle is missing.
    package init(resource name: String) {
        guard let url = Bundle.module.url(forResource: name, withExtension: "html", subdirectory: "Resources"),
            let data = FileManager.default.contents(atPath: url.path)
        else { fatalError("the preview's \(name).html is missing from \(Bundle.module.bundlePath)/Resources") }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        self.text = text
    }

    /// The text with each `{{name}}` replaced by `values[name]`, as given: HTML text must be
    /// escaped by the caller. One pass, so a value is never searched for slots; a slot with no
    /// value is left as it is.
    package func filled(_ values: [String: String]) -> String {
        var result = ""
        var rest = text[...]
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            result += rest[..<open.lowerBound]
            result += values[String(rest[open.upperBound..<close.lowerBound])] ?? String(rest[open.lowerBound..<close.upperBound])
            rest = rest[close.upperBound...]
        }
        return result + rest
    }
}

extension PreviewHTML {
    /// Added before `</body>` of every page while serving; `{{reloadPath}}` is the socket's path.
    package static let reloadScript = PreviewHTML(resource: "reload-script")
    /// Laid over every page while the last build failed; `{{errors}}` is its error lines.
    package static let buildErrors = PreviewHTML(resource: "build-errors")
    /// Served for every page until the first build is done.
    package static let building = PreviewHTML(resource: "building")
    /// Served for every page when the first build failed (the overlay says why).
    package static let buildFailed = PreviewHTML(resource: "build-failed")
    /// Served for a path with no file; `{{path}}` is the path asked for.
    package static let notFound = PreviewHTML(resource: "not-found")
}

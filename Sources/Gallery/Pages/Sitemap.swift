/// `sitemap.xml` (sitemaps.org protocol 0.9) and the canonical link of each page. Both need
/// absolute URLs, so they are made only when the build has a ``BaseURL``; without one every link
/// of the site stays relative and no sitemap is written.
enum Sitemap {
    /// The sitemap listing every HTML page of `paths` (site paths such as `devices/x/index.html`).
    static func xml(pages paths: [String], base: BaseURL) -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#, #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#]
        for path in paths.filter(isPage).sorted() {
            lines.append("  <url><loc>\(escaped(base.url(of: path)))</loc></url>")
        }
        lines.append("</urlset>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The page with its canonical link added at the end of its `<head>`.
    static func withCanonical(_ html: String, path: String, base: BaseURL) -> String {
        guard let head = html.range(of: "</head>") else { return html }
        let link = #"<link rel="canonical" href="\#(escaped(base.url(of: path)))">"# + "\n"
        return html.replacingCharacters(in: head.lowerBound..<head.lowerBound, with: link)
    }

    /// Whether a site path is an HTML page.
    static func isPage(_ path: String) -> Bool { path.hasSuffix(".html") }

    /// Text made safe for XML and HTML attribute values.
    private static func escaped(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
            .replacing("'", with: "&apos;")
    }
}

import Foundation

/// Maps request paths to files of a built site, never outside it.
struct SiteFiles {
    let root: String

    /// The file a request path names: the path is percent-decoded, `.` and empty segments are
    /// dropped, a `..` segment is refused, and a folder means its `index.html`. `nil` when there
    /// is no such file inside the site.
    func file(for requestPath: String) -> String? {
        let path = requestPath.split(separator: "?", maxSplits: 1).first.map(String.init) ?? ""
        let decoded = path.removingPercentEncoding ?? path
        var segments: [String] = []
        for segment in decoded.split(separator: "/", omittingEmptySubsequences: true) where segment != "." {
            guard segment != "..", !segment.contains("\0") else { return nil }
            segments.append(String(segment))
        }
        var candidate = ([root] + segments).joined(separator: "/")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue {
            candidate += "/index.html"
            guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        }
        // Links inside the site must not lead out of it.
        let resolved = URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path
        let rootResolved = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        guard resolved.hasPrefix(rootResolved + "/") else { return nil }
        return candidate
    }

    /// The Content-Type of a file, by its extension.
    static func contentType(of path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "png": "image/png"
        case "svg": "image/svg+xml"
        case "swift", "txt", "md": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}

import CheckCodes
import FileAccess
import Foundation

/// Why a request target cannot name a file: each is answered with 400.
package enum BadTarget: Problem, Equatable {
    /// The target does not start with `/`.
    case notAPath
    /// A byte outside printable ASCII, which a target must be written in.
    case notASCII
    /// A `%` not followed by two hexadecimal digits.
    case badEscape
    /// The percent-decoded bytes are not UTF-8 (this includes overlong forms such as `%c0%ae`).
    case notUTF8
    /// A control character (such as `%00`) once decoded.
    case controlCharacter

    package var problems: [ProblemText] { [ProblemText(reason: reason)] }

    /// The sentence the 400 page says.
    private var reason: String {
        switch self {
        case .notAPath: "The request target is not a path."
        case .notASCII: "The request target has characters that must be percent-encoded."
        case .badEscape: "The request target has a % that is not followed by two hexadecimal digits."
        case .notUTF8: "The request path does not decode to UTF-8 text."
        case .controlCharacter: "The request path has a control character."
        }
    }
}

/// A request's path, decoded strictly: the query is dropped, percent escapes must be complete and
/// decode to valid UTF-8 without control characters, and empty and `.` segments are dropped.
package struct SitePath: Equatable {
    /// The decoded segments, in order; `..` stays, for ``SiteFiles`` to refuse.
    package let segments: [String]

    package init(target: String) throws(BadTarget) {
        let path = target.prefix { $0 != "?" && $0 != "#" }
        guard path.first == "/" else { throw .notAPath }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        var iterator = path.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte > 0x20, byte < 0x7F else { throw .notASCII }
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next().flatMap(Self.hexValue), let low = iterator.next().flatMap(Self.hexValue) else { throw .badEscape }
            bytes.append(high << 4 | low)
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else { throw .notUTF8 }
        guard !decoded.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { throw .controlCharacter }
        segments = decoded.split(separator: "/").filter { $0 != "." }.map(String.init)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Maps request paths to files of a built site, never outside it.
package struct SiteFiles {
    package let root: String

    package init(root: String) {
        self.root = root
    }

    /// The file a path names: a folder means its `index.html`, a `..` segment is refused, and a
    /// link that leads out of the site is refused. `nil` when there is no such file in the site.
    package func file(for path: SitePath) -> String? {
        guard !path.segments.contains("..") else { return nil }
        var candidate = ([root] + path.segments).joined(separator: "/")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue {
            candidate += "/index.html"
            guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        }
        let resolved = URL(fileURLWithPath: candidate).resolvingSymlinksInPath().path
        let rootResolved = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
        guard resolved.hasPrefix(rootResolved + "/") else { return nil }
        return candidate
    }

    /// The Content-Type of a file, by its extension.
    package static func contentType(of path: String) -> String {
        switch PathName.pathExtension(path).lowercased() {
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

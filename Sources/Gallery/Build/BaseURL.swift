import CheckCodes
import Foundation

/// Where the site is hosted (`--base-url`), for `sitemap.xml` and each page's canonical link:
/// an absolute http or https URL without query or fragment, always ending in `/`.
public struct BaseURL: Hashable, Sendable, CustomStringConvertible {
    /// The URL, ending in `/`.
    public let description: String

    /// Why a value is not a base URL.
    public struct Invalid: Problem, Hashable {
        /// The value as given.
        public var value: String
        /// Why it is not a base URL.
        public var reason: String

        public var problems: [ProblemText] {
            [ProblemText(reason: "`\(value)` is not a base URL: \(reason) (e.g. https://example.github.io/backdrop/)")]
        }
    }

    /// Checks and normalizes a value: scheme and host in lower case, a `/` added at the end.
    public init(_ value: String) throws(Invalid) {
        func problem(_ reason: String) -> Invalid {
            Invalid(value: value, reason: reason)
        }
        // The port is read from the text, before the URL is parsed: a port that is no number
        // (`:+80`, `:80:90`) makes the URL unparsable, and must be said to be the port.
        if let port = Self.port(in: value), !port.isEmpty,
            port.count > 5 || !port.allSatisfy({ ("0"..."9").contains($0) }) || !(1...65535).contains(Int(port) ?? 0)
        {
            throw problem("its port \(port) is not a port number (1 to 65535)")
        }
        guard let components = URLComponents(string: value), let scheme = components.scheme?.lowercased() else {
            throw problem("it must be an absolute URL starting with https:// or http://")
        }
        guard scheme == "https" || scheme == "http" else { throw problem("its scheme is \(scheme), not http or https") }
        guard let host = components.host, !host.isEmpty else { throw problem("it names no host") }
        if let reason = Self.hostProblem(host) { throw problem(reason) }
        guard components.user == nil, components.password == nil else { throw problem("it holds a user name or password") }
        guard components.query == nil, components.fragment == nil else { throw problem("it has a query or a fragment") }
        var normalized = components
        normalized.scheme = scheme
        normalized.host = host.lowercased()
        if !normalized.percentEncodedPath.hasSuffix("/") { normalized.percentEncodedPath += "/" }
        guard let text = normalized.string else { throw problem("it cannot be written back as a URL") }
        description = text
    }

    /// Why a host is no host a browser would reach, or nil: an address of digits and dots whose
    /// numbers are not four of 0 to 255, or a name with an empty label or one over 63 characters.
    static func hostProblem(_ host: String) -> String? {
        guard !host.hasPrefix("[") else { return nil }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        let lastLabel = labels.last?.isEmpty == true && labels.count > 1 ? labels.dropLast() : labels[...]
        if lastLabel.allSatisfy({ !$0.isEmpty && $0.allSatisfy { ("0"..."9").contains($0) } }) {
            guard lastLabel.count == 4 else { return "its host \(host) is no IPv4 address (four numbers 0 to 255)" }
            if let over = lastLabel.first(where: { $0.count > 3 || Int($0)! > 255 }) {
                return "its host \(host) is no IPv4 address: \(over) is over 255"
            }
            return nil
        }
        if lastLabel.contains(where: \.isEmpty) { return "its host \(host) has an empty part between dots" }
        if let long = lastLabel.first(where: { $0.utf8.count > 63 }) {
            return "its host \(host) has a part of \(long.utf8.count) characters (at most 63)"
        }
        if host.utf8.count > 253 { return "its host is \(host.utf8.count) characters long (at most 253)" }
        return nil
    }

    /// The text after the host's `:` in an `http://` or `https://` value (`+80` in
    /// `http://x:+80/`, `80:90` in `http://x:80:90/`); nil when there is none.
    private static func port(in value: String) -> Substring? {
        guard let start = value.range(of: "://")?.upperBound else { return nil }
        var authority = value[start...].prefix { !"/?#".contains($0) }
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") { authority = authority[authority.index(after: close)...] }
        guard let colon = authority.firstIndex(of: ":") else { return nil }
        return authority[authority.index(after: colon)...]
    }

    /// The absolute URL of a file of the site; a folder's `index.html` is named by the folder.
    public func url(of path: String) -> String {
        let trimmed = path == "index.html" ? "" : (path.hasSuffix("/index.html") ? String(path.dropLast("index.html".count)) : path)
        return description
            + trimmed.split(separator: "/", omittingEmptySubsequences: false).map { part in
                part.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? String(part)
            }.joined(separator: "/")
    }
}

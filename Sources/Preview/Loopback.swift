/// The host names the preview answers to. A page on another site can point its own host name at
/// 127.0.0.1 (DNS rebinding) and then read the preview as same-origin; its requests still carry
/// that host name, so only loopback names with the server's port are accepted.
package enum Loopback {
    package static let hostNames = ["127.0.0.1", "localhost", "[::1]"]

    /// Whether a Host header names this server: a loopback name and the port it listens on (the
    /// port may be left out only when it is 80, as browsers do).
    package static func accepts(host: String, port: Int) -> Bool {
        let name: Substring
        let portText: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return false }
            name = host[...close]
            let rest = host[host.index(after: close)...]
            guard rest.isEmpty || rest.first == ":" else { return false }
            portText = rest.isEmpty ? nil : rest.dropFirst()
        } else if let colon = host.lastIndex(of: ":") {
            name = host[..<colon]
            portText = host[host.index(after: colon)...]
        } else {
            name = host[...]
            portText = nil
        }
        guard hostNames.contains(name.lowercased()) else { return false }
        guard let portText else { return port == 80 }
        return portText == String(port)
    }

    /// Whether an Origin header names a page of this server: `http://` and a host ``accepts(host:port:)``
    /// takes. A page on another site opening the reload socket sends its own origin, whatever host
    /// name it used, so the socket takes only pages the preview itself served.
    package static func accepts(origin: String, port: Int) -> Bool {
        let scheme = "http://"
        guard origin.lowercased().hasPrefix(scheme) else { return false }
        return accepts(host: String(origin.dropFirst(scheme.count)), port: port)
    }
}

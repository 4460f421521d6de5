/// What one client may send the preview server, and for how long it may hold a connection.
public struct ConnectionLimits: Sendable, Equatable {
    /// The longest request line (method, target and version), in bytes; longer gets 414.
    public var requestLineBytes: Int
    /// The most bytes of header lines after the request line; more gets 431.
    public var headerBytes: Int
    /// How long a request head may take from its first byte to its last; slower gets 408.
    public var requestTimeout: Duration
    /// How long a connection may go without a request, after it opens or after its last response;
    /// then it is closed. This closes connections that are opened and then left silent.
    public var idleTimeout: Duration

    public init(
        requestLineBytes: Int = 8_192, headerBytes: Int = 16_384,
        requestTimeout: Duration = .seconds(10), idleTimeout: Duration = .seconds(15)
    ) {
        self.requestLineBytes = requestLineBytes
        self.headerBytes = headerBytes
        self.requestTimeout = requestTimeout
        self.idleTimeout = idleTimeout
    }
}

extension Duration {
    /// "10 s", "0.5 s": for messages.
    package var secondsText: String {
        let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }
}

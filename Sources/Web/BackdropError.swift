import GeometryFormat
import PNGCodec

/// An error for the page: the file it is about, the reason, and the message worded exactly as the
/// command-line tool words it ("NAME: reason").
public struct BackdropError: Error, Hashable, Sendable {
    public var file: String?
    public var reason: String

    public init(file: String?, reason: String) {
        self.file = file
        self.reason = reason
    }

    public init(_ problem: PNGError, file: String?) {
        self.init(file: file, reason: problem.reason)
    }

    public var message: String {
        guard let file else { return reason }
        return "\(file): \(reason)"
    }

    /// `{ file, reason, message }`, what the glue throws.
    public var json: JSONValue {
        .object([("file", file.map { .string($0) } ?? .null), ("reason", .string(reason)), ("message", .string(message))])
    }
}

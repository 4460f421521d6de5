import Foundation

#if canImport(Glibc)
    import Glibc
    private let streamType = Int32(SOCK_STREAM.rawValue)
    private let noSignal = Int32(MSG_NOSIGNAL)
#else
    import Darwin
    private let streamType = SOCK_STREAM
    private let noSignal: Int32 = 0
#endif

private func sendSome(_ socket: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    send(socket, bytes.baseAddress, bytes.count, noSignal)
}

private func closeSocket(_ socket: Int32) {
    close(socket)
}

/// A plain TCP connection to 127.0.0.1, for sending what no HTTP client would. Its calls block,
/// so each runs on a thread of its own: never on the threads the server's tasks need (on Linux the
/// Dispatch queues that are not serial share those threads).
final class RawConnection: @unchecked Sendable {
    /// What a read found.
    enum Read: Equatable {
        case bytes([UInt8])
        /// The server closed the connection (or reset it).
        case closed
        /// Nothing arrived in time.
        case timeout
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    static func open(port: UInt16) async throws -> RawConnection {
        try await onThread {
            let descriptor = socket(AF_INET, streamType, 0)
            guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let status = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard status == 0 else {
                closeSocket(descriptor)
                throw Failure(description: "connect to port \(port): errno \(errno)")
            }
            return RawConnection(descriptor: descriptor)
        }
    }

    /// Sends every byte, or as many as the server takes before it closes; returns how many.
    @discardableResult
    func send(_ bytes: [UInt8]) async -> Int {
        await onThread { [descriptor] in
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes { sendSome(descriptor, $0) }
                guard count > 0 else { break }
                sent += count
            }
            return sent
        }
    }

    func send(_ text: String) async {
        await send(Array(text.utf8))
    }

    /// Waits up to `timeout` seconds for bytes.
    func read(timeout: Double) async -> Read {
        await onThread { [descriptor] in
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(timeout * 1000)) > 0 else { return .timeout }
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            return count > 0 ? .bytes(Array(buffer[..<count])) : .closed
        }
    }

    /// Reads until the connection closes or `timeout` seconds have passed; returns what came and
    /// whether it closed.
    func readToEnd(timeout: Double) async -> (bytes: [UInt8], closed: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var bytes: [UInt8] = []
        while Date() < deadline {
            switch await read(timeout: deadline.timeIntervalSinceNow) {
            case .bytes(let more): bytes += more
            case .closed: return (bytes, true)
            case .timeout: return (bytes, false)
            }
        }
        return (bytes, false)
    }

    /// Reads one response: its head and Content-Length body, or a 101 head, or what came before
    /// the close; nil if no head came.
    func response(timeout: Double) async -> (status: Int, head: String, body: String)? {
        let deadline = Date().addingTimeInterval(timeout)
        var bytes: [UInt8] = []
        while Date() < deadline {
            let text = String(decoding: bytes, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let head = String(text[..<end.lowerBound])
                let body = String(text[end.upperBound...])
                let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
                let status = Int(head.split(separator: " ")[1]) ?? 0
                if status == 101 || (length.map { body.utf8.count >= $0 } ?? false) {
                    return (status, head, body)
                }
            }
            switch await read(timeout: deadline.timeIntervalSinceNow) {
            case .bytes(let more): bytes += more
            case .closed, .timeout:
                let text = String(decoding: bytes, as: UTF8.self)
                guard let end = text.range(of: "\r\n\r\n"), let status = Int(text.split(separator: " ")[1]) else { return nil }
                return (status, String(text[..<end.lowerBound]), String(text[end.upperBound...]))
            }
        }
        return nil
    }

    func close() {
        closeSocket(descriptor)
    }

    private static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    private func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }
}

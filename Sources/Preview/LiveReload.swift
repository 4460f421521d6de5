import Catalog
import Foundation
import HummingbirdWebSocket
import NIOCore

/// Tells open pages to reload: each page's script opens a WebSocket, and every finished build
/// (good or failed) sends it "reload". The socket only talks one way: the first message a
/// browser sends closes it (policy violation), and frames are capped at ``maxFrameBytes`` before
/// they are read, so nothing a client sends is kept.
actor ReloadBroadcaster {
    /// The largest frame taken from a browser: enough for a close frame with its reason.
    static let maxFrameBytes = 125

    private var clients: [UUID: AsyncStream<Void>.Continuation] = [:]

    /// Serves one reload socket until either side closes it.
    func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
        let (reloads, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        clients[id] = continuation
        defer { clients.removeValue(forKey: id)?.finish() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in reloads { try await outbound.write(.text("reload")) }
            }
            group.addTask {
                for try await _ in inbound {
                    try await outbound.close(.policyViolation, reason: "this socket takes no messages")
                    return
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// Asks every open page to reload.
    func reload() {
        for continuation in clients.values { continuation.yield() }
    }

    /// Ends every reload socket.
    func finish() {
        for continuation in clients.values { continuation.finish() }
        clients.removeAll()
    }
}

/// What the preview server adds to HTML pages, and only when serving.
enum Injection {
    static let reloadPath = "/__backdrop/live"

    /// The live-reload script.
    static let script = """
        <script>(function () {
          var socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "\(reloadPath)");
          socket.onmessage = function () { location.reload(); };
        })();</script>
        """

    /// The build-error overlay: the diagnostics of the failed build, over the last good page.
    static func overlay(_ diagnostics: [Diagnostic]) -> String {
        let lines = diagnostics.filter { $0.severity == .error }.map { escape($0.description) }.joined(separator: "\n")
        return """
            <div id="backdrop-build-errors" role="alert" style="position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:2rem;background:rgba(28,4,8,0.94);color:#fff;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace">
            <h1 style="font:600 1.6rem system-ui,sans-serif;margin:0 0 0.5rem">Build failed</h1>
            <p style="font:1rem system-ui,sans-serif;margin:0 0 1rem">Fix the problems below; the page reloads when the next build succeeds. Underneath is the last good build.</p>
            <pre style="white-space:pre-wrap;margin:0">\(lines)</pre>
            </div>
            """
    }

    /// Puts `html` into a page just before its last `</body>` (or at its end). Works on the bytes:
    /// served pages are read as bytes, and are not decoded to be searched.
    static func insert(_ html: String, into page: some ContiguousBytes) -> ByteBuffer {
        page.withUnsafeBytes { bytes in
            let end = Array("</body>".utf8)
            var split = bytes.count
            if bytes.count >= end.count {
                for start in stride(from: bytes.count - end.count, through: 0, by: -1)
                where bytes[start] == end[0] && bytes[start..<start + end.count].elementsEqual(end) {
                    split = start
                    break
                }
            }
            var buffer = ByteBuffer()
            buffer.reserveCapacity(bytes.count + html.utf8.count)
            buffer.writeBytes(UnsafeRawBufferPointer(rebasing: bytes[..<split]))
            buffer.writeString(html)
            buffer.writeBytes(UnsafeRawBufferPointer(rebasing: bytes[split...]))
            return buffer
        }
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

import Catalog
import FlyingFox
import Foundation

/// Tells open pages to reload: each page's script opens a WebSocket, and every finished build
/// (good or failed) sends it "reload".
actor ReloadBroadcaster: WSMessageHandler {
    private var clients: [UUID: AsyncStream<WSMessage>.Continuation] = [:]

    nonisolated func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let (stream, continuation) = AsyncStream<WSMessage>.makeStream()
        let id = UUID()
        await register(id, continuation)
        Task {
            for await _ in client {}
            await self.unregister(id)
        }
        return stream
    }

    private func register(_ id: UUID, _ continuation: AsyncStream<WSMessage>.Continuation) { clients[id] = continuation }

    private func unregister(_ id: UUID) { clients.removeValue(forKey: id)?.finish() }

    /// Asks every open page to reload.
    func reload() {
        for continuation in clients.values { continuation.yield(.text("reload")) }
    }

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

    /// Puts `html` into a page just before `</body>` (or at its end).
    static func insert(_ html: String, into page: String) -> String {
        guard let range = page.range(of: "</body>", options: .backwards) else { return page + html }
        return page.replacingCharacters(in: range, with: html + "</body>")
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

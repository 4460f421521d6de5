import Foundation
import HummingbirdWebSocket

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// Tells open pages to reload: each page's script opens a WebSocket, and every finished build
/// (good or failed) sends it "reload". The socket only talks one way: the first message a
/// browser sends closes it (policy violation), and frames are capped at ``maxFrameBytes`` before
/// they are read, so nothing a client sends is kept.
package actor ReloadBroadcaster {
    /// The largest frame taken from a browser: enough for a close frame with its reason.
    package static let maxFrameBytes = 125

    private var clients: [UUID: AsyncStream<Void>.Continuation] = [:]

    /// Serves one reload socket until either side closes it.
    package func serve(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) async throws {
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
    package func reload() {
        for continuation in clients.values { continuation.yield() }
    }

    /// Ends every reload socket.
    package func finish() {
        for continuation in clients.values { continuation.finish() }
        clients.removeAll()
    }
}

import Catalog
import CheckCodes
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore
import ServiceLifecycle
import Synchronization

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// Why the preview cannot serve.
public enum PreviewError: Problem, Equatable {
    /// Another program listens on the port.
    case portInUse(UInt16)
    /// Listening failed for another reason.
    case cannotListen(port: UInt16, reason: String)
    /// The folder for the builds cannot be made.
    case cannotCreateFolder(String, reason: String)

    public var problems: [ProblemText] {
        switch self {
        case .portInUse(let port): [ProblemText(reason: "port \(port) is in use; try --port 0")]
        case .cannotListen(let port, let reason): [ProblemText(reason: "cannot serve on 127.0.0.1:\(port): \(reason)")]
        case .cannotCreateFolder(let folder, let reason): [ProblemText(file: folder, reason: "cannot be created: \(reason)")]
        }
    }
}

/// Serves a built site on 127.0.0.1 with Hummingbird: files of the last good build (HTML with the
/// reload script, and the error overlay while the last build failed), a 404 page, no folder
/// listings, the reload WebSocket, and only to requests that name a loopback host and the port.
/// Every connection passes a ``RequestHeadGuard`` first.
package final class SiteServer: Sendable {
    /// What is served now.
    private struct Served {
        /// The last good build; nil before the first one.
        var root: String?
        /// What goes before `</body>` of every page: the reload script, and the overlay.
        var injected = Injection.script
        /// Whether the last build failed.
        var failed = false
        /// The port listened on, once known.
        var port = 0
    }

    package let limits: ConnectionLimits
    package let broadcaster = ReloadBroadcaster()
    private let state = Mutex(Served())
    private let running = Mutex<(group: ServiceGroup, task: Task<Void, Never>)?>(nil)

    private static let quiet = Logger(label: "backdrop.serve") { _ in SwiftLogNoOpLogHandler() }
    private static let hostField = HTTPField.Name("Host")!
    private static let originField = HTTPField.Name("Origin")!

    package init(limits: ConnectionLimits) {
        self.limits = limits
    }

    /// Listens on 127.0.0.1:`port` (0 picks a free one) and returns the port.
    package func start(port: UInt16) async throws(PreviewError) -> UInt16 {
        let (bound, announce) = AsyncThrowingStream<Int, any Error>.makeStream()
        let limits = limits
        let application = Application(
            responder: CallbackResponder<BasicRequestContext> { request, _ in self.respond(to: request) },
            server: HTTPServerBuilder { responder in
                GuardedHTTPChannel(
                    base: HTTP1WebSocketUpgradeChannel(
                        responder: responder,
                        configuration: Self.channelConfiguration(limits),
                        shouldUpgrade: { request, _, _ in self.upgrade(request) }),
                    limits: limits)
            },
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: Int(port))),
            onServerRunning: { channel in announce.yield(channel.localAddress?.port ?? 0) },
            logger: Self.quiet)
        var configuration = ServiceGroupConfiguration(services: [application], logger: Self.quiet)
        configuration.maximumGracefulShutdownDuration = .seconds(3)
        configuration.maximumCancellationDuration = .seconds(1)
        let group = ServiceGroup(configuration: configuration)
        let task = Task {
            do {
                try await group.run()
                announce.finish()
            } catch {
                announce.finish(throwing: error)
            }
        }
        running.withLock { $0 = (group, task) }
        do {
            for try await listening in bound {
                state.withLock { $0.port = listening }
                return UInt16(listening)
            }
            throw PreviewError.cannotListen(port: port, reason: "the server stopped")
        } catch let error as IOError where error.errnoCode == EADDRINUSE {
            throw .portInUse(port)
        } catch let error as PreviewError {
            throw error
        } catch {
            throw .cannotListen(port: port, reason: "\(error)")
        }
    }

    /// Closes the reload sockets and stops serving, letting requests in flight finish.
    package func stop() async {
        await broadcaster.finish()
        let current = running.withLock { current in
            defer { current = nil }
            return current
        }
        guard let current else { return }
        await current.group.triggerGracefulShutdown()
        await current.task.value
    }

    /// Serves `root` from now on (nil: no good build yet), with the errors of the last build over
    /// every page when it failed.
    package func publish(root: String?, failure: [Diagnostic]) {
        let injected = Injection.script + (failure.isEmpty ? "" : Injection.overlay(failure))
        state.withLock { state in
            state.root = root
            state.injected = injected
            state.failed = !failure.isEmpty
        }
    }

    private static func channelConfiguration(_ limits: ConnectionLimits) -> HTTP1WebSocketUpgradeChannel.Configuration {
        // The guard enforces the limits first; NIO's decoder limits are set to match as a backstop.
        let headBytes = limits.requestLineBytes + limits.headerBytes
        return .init(
            http1: .init(
                idleTimeout: TimeAmount(limits.idleTimeout),
                httpDecoderConfiguration: .init(maxHeaderFieldSize: headBytes, maxHeaderListSize: headBytes, maxHeaderFieldCount: 1_000)),
            ws: .init(maxFrameSize: ReloadBroadcaster.maxFrameBytes, closeTimeout: .seconds(2)))
    }

    // MARK: Answering

    /// The reload socket, for a request that names this server and comes from one of its pages:
    /// exactly one Origin header, naming a loopback host with the port (browsers always send it on
    /// a WebSocket handshake, so a page on another site is refused even when it reaches 127.0.0.1).
    private func upgrade(_ request: HTTPRequest) -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        let port = state.withLock { $0.port }
        let origins = request.headerFields[values: Self.originField]
        guard let target = request.path, target.prefix(while: { $0 != "?" }) == Injection.reloadPath,
            let host = request.authority, Loopback.accepts(host: host, port: port),
            origins.count == 1, Loopback.accepts(origin: origins[0], port: port)
        else { return .dontUpgrade }
        return .upgrade([:]) { [broadcaster] inbound, outbound, _ in
            try await broadcaster.serve(inbound: inbound, outbound: outbound)
        }
    }

    package func respond(to request: Request) -> Response {
        guard request.method == .get || request.method == .head else {
            return text(.methodNotAllowed, "The preview serves files: use GET.", headers: [.allow: "GET, HEAD"])
        }
        let current = state.withLock { $0 }
        guard let host = request.head.authority, !request.headers.contains(Self.hostField) else {
            return text(.badRequest, "A request needs exactly one Host header.")
        }
        guard Loopback.accepts(host: host, port: current.port) else {
            return text(
                .misdirectedRequest,
                """
                This is the Backdrop preview server. It answers only to http://127.0.0.1:\(current.port)/, \
                http://localhost:\(current.port)/ and http://[::1]:\(current.port)/, and this request named \
                the host "\(host)". Other host names are refused so that a page on another site cannot read \
                the preview through DNS rebinding.
                """)
        }
        let target = request.head.path ?? ""
        let path: SitePath
        do {
            path = try SitePath(target: target)
        } catch {
            return text(.badRequest, error.description)
        }
        let response = page(for: path, named: String(target.prefix { $0 != "?" }), in: current)
        return request.method == .head ? response.createHeadResponse() : response
    }

    private func page(for path: SitePath, named name: String, in current: Served) -> Response {
        guard let root = current.root else {
            let page = (current.failed ? PreviewHTML.buildFailed : PreviewHTML.building).text
            return html(
                Injection.insert(current.injected, into: Array(page.utf8)), status: current.failed ? .internalServerError : .serviceUnavailable)
        }
        guard let file = SiteFiles(root: root).file(for: path), let data = FileManager.default.contents(atPath: file) else {
            let page = PreviewHTML.notFound.filled(["path": Injection.escape(name)])
            return html(Injection.insert(current.injected, into: Array(page.utf8)), status: .notFound)
        }
        let type = SiteFiles.contentType(of: file)
        if type.hasPrefix("text/html") {
            return html(Injection.insert(current.injected, into: data), status: .ok)
        }
        return Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: data.withUnsafeBytes { ByteBuffer(bytes: $0) }))
    }

    private func html(_ page: ByteBuffer, status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: page))
    }

    private func text(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "text/plain; charset=utf-8"
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: message + "\n")))
    }
}

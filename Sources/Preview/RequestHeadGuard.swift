import Foundation
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import NIOCore

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// The first handler on every connection. It sees the raw bytes before NIO's HTTP decoder and
/// holds each request head back until the head is complete, so no decoder ever works on a head
/// past the limits, and a slow or oversized head on one connection costs the others nothing.
///
/// - A request line longer than `requestLineBytes` gets 414, header lines past `headerBytes` in
///   all get 431, as soon as the limit is passed: the rest of the head is never waited for.
/// - A head that takes longer than `requestTimeout` from its first byte gets 408. A connection
///   that sends nothing for `idleTimeout` after it opens is closed; after its first request,
///   Hummingbird's own idle timeout (set to the same time) closes it when it goes quiet, and it
///   knows when a response is still being written.
/// - A request with a body gets 413: the preview serves files and takes no uploads, and without
///   bodies every byte before a WebSocket upgrade belongs to a head, so the guard keeps its place.
/// - After a head asking for a WebSocket the bytes are frames and pass untouched (the WebSocket
///   decoder caps their size).
///
/// A refusal is written straight to the socket with `Connection: close`; the guard then shuts its
/// side and drops what the client still sends for up to `lingerTime`, so that the client reads the
/// answer rather than a reset, and closes.
package final class RequestHeadGuard: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = ByteBuffer
    package typealias InboundOut = ByteBuffer
    package typealias OutboundOut = IOData

    /// Why a request is answered by the guard and its connection closed.
    package enum Refusal: Equatable {
        case requestLineTooLong, headersTooLarge, bodyNotAccepted, tooSlow

        var status: String {
            switch self {
            case .requestLineTooLong: "414 URI Too Long"
            case .headersTooLarge: "431 Request Header Fields Too Large"
            case .bodyNotAccepted: "413 Content Too Large"
            case .tooSlow: "408 Request Timeout"
            }
        }

        func message(_ limits: ConnectionLimits) -> String {
            switch self {
            case .requestLineTooLong: "The request line is longer than \(limits.requestLineBytes) bytes."
            case .headersTooLarge: "The request headers are longer than \(limits.headerBytes) bytes."
            case .bodyNotAccepted: "The preview server takes no request bodies."
            case .tooSlow: "The request headers did not arrive within \(limits.requestTimeout.secondsText)."
            }
        }

        /// The whole HTTP response.
        package func response(_ limits: ConnectionLimits) -> String {
            let body = message(limits) + "\n"
            return "HTTP/1.1 \(status)\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
                + "Connection: close\r\nCache-Control: no-store\r\n\r\n\(body)"
        }
    }

    private enum Phase {
        case head
        case passthrough
        case refused(since: NIODeadline)
    }

    /// How long a refused connection is drained before it is closed.
    package static let lingerTime = TimeAmount.seconds(2)

    private let limits: ConnectionLimits
    private var phase = Phase.head
    /// Bytes received and not passed on yet: the head being read, and whatever came after it.
    private var pending = ByteBuffer()
    /// How far `pending` has been searched for line ends, and where its current line starts.
    private var scanned = 0
    private var lineStart = 0
    /// Where the header lines start in `pending`, once the request line has ended.
    private var headersStart: Int?
    /// When the head being read began; nil while no head is arriving.
    private var headStarted: NIODeadline?
    private let opened = NIODeadline.now()
    /// Whether a head was passed on: from then on Hummingbird watches for idleness.
    private var forwardedHead = false
    private var timer: Scheduled<Void>?
    private var timerDeadline: NIODeadline?

    package init(limits: ConnectionLimits) {
        self.limits = limits
    }

    package func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { armTimer(context: context) }
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
    }

    package func channelActive(context: ChannelHandlerContext) {
        armTimer(context: context)
        context.fireChannelActive()
    }

    package func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
        context.fireChannelInactive()
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch phase {
        case .passthrough:
            context.fireChannelRead(data)
        case .refused:
            break
        case .head:
            var bytes = unwrapInboundIn(data)
            guard bytes.readableBytes > 0 else { return }
            if headStarted == nil { headStarted = .now() }
            if pending.readableBytes == 0 {
                pending = bytes
            } else {
                pending.writeBuffer(&bytes)
            }
            scan(context: context)
            armTimer(context: context)
        }
    }

    package func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch phase {
        case .refused:
            if let event = event as? ChannelEvent, event == .inputClosed {
                context.close(promise: nil)
                return
            }
            if event is ChannelShouldQuiesceEvent {
                context.close(promise: nil)
                return
            }
        case .head where !forwardedHead && event is ChannelShouldQuiesceEvent:
            // The server is stopping and no request was ever made here.
            context.close(promise: nil)
            return
        case .head, .passthrough:
            break
        }
        context.fireUserInboundEventTriggered(event)
    }

    // MARK: Heads

    /// Finds the line ends in `pending`, checks the limits, and passes on every complete head.
    private func scan(context: ChannelHandlerContext) {
        while case .head = phase {
            let from = scanned
            let newline = pending.withUnsafeReadableBytes { bytes in bytes[from...].firstIndex(of: UInt8(ascii: "\n")) }
            guard let newline else {
                scanned = pending.readableBytes
                if let headersStart {
                    if scanned - headersStart > limits.headerBytes { refuse(.headersTooLarge, context: context) }
                } else if scanned - lineStart > limits.requestLineBytes {
                    refuse(.requestLineTooLong, context: context)
                }
                return
            }
            let length = newline - lineStart  // without the line feed, with any carriage return
            scanned = newline + 1
            if let headersStart {
                if length <= 1 {
                    forward(context: context)
                    continue
                }
                if scanned - headersStart > limits.headerBytes {
                    refuse(.headersTooLarge, context: context)
                    return
                }
            } else if length <= 1 {
                // An empty line before the request line is ignored (RFC 9112, section 2.2).
                pending.moveReaderIndex(forwardBy: scanned)
                scanned = 0
            } else if length > limits.requestLineBytes {
                refuse(.requestLineTooLong, context: context)
                return
            } else {
                headersStart = scanned
            }
            lineStart = scanned
        }
    }

    /// Passes on the complete head at the start of `pending`.
    private func forward(context: ChannelHandlerContext) {
        guard let head = pending.readSlice(length: scanned) else { return }
        scanned = 0
        lineStart = 0
        headersStart = nil
        headStarted = pending.readableBytes > 0 ? .now() : nil
        let facts = HeadFacts(head)
        guard !facts.hasBody else {
            refuse(.bodyNotAccepted, context: context)
            return
        }
        forwardedHead = true
        context.fireChannelRead(wrapInboundOut(head))
        if facts.asksForWebSocket {
            phase = .passthrough
            cancelTimer()
            if pending.readableBytes > 0 {
                let rest = pending
                pending = ByteBuffer()
                context.fireChannelRead(wrapInboundOut(rest))
            }
        }
    }

    private func refuse(_ refusal: Refusal, context: ChannelHandlerContext) {
        phase = .refused(since: .now())
        pending = ByteBuffer()
        let response = refusal.response(limits)
        var buffer = context.channel.allocator.buffer(capacity: response.utf8.count)
        buffer.writeString(response)
        context.writeAndFlush(wrapOutboundOut(.byteBuffer(buffer)), promise: nil)
        let channel = context.channel
        let shut = context.eventLoop.makePromise(of: Void.self)
        shut.futureResult.whenFailure { _ in channel.close(promise: nil) }
        context.close(mode: .output, promise: shut)
        armTimer(context: context)
    }

    // MARK: Time

    /// When the connection is next due to be refused or closed.
    private var deadline: NIODeadline? {
        switch phase {
        case .passthrough: nil
        case .refused(let since): since + Self.lingerTime
        case .head:
            if let headStarted {
                headStarted + TimeAmount(limits.requestTimeout)
            } else if forwardedHead {
                nil
            } else {
                opened + TimeAmount(limits.idleTimeout)
            }
        }
    }

    private func armTimer(context: ChannelHandlerContext) {
        guard let deadline else {
            cancelTimer()
            return
        }
        // A timer due no later is already set; it sets the next one when it fires.
        if timer != nil, let timerDeadline, timerDeadline <= deadline { return }
        timer?.cancel()
        timerDeadline = deadline
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { self.timerFired(context: context) }
    }

    private func timerFired(context: ChannelHandlerContext) {
        timer = nil
        timerDeadline = nil
        guard let deadline else { return }
        guard deadline <= .now() else {
            armTimer(context: context)
            return
        }
        switch phase {
        case .head where headStarted != nil:
            refuse(.tooSlow, context: context)
        case .head, .refused:
            context.close(promise: nil)
        case .passthrough:
            break
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
        timerDeadline = nil
    }
}

/// What the guard needs to know of a complete request head.
package struct HeadFacts: Equatable {
    /// Whether a body follows: a Content-Length other than 0, or any Transfer-Encoding.
    package var hasBody = false
    /// Whether the request asks to switch to a WebSocket.
    package var asksForWebSocket = false

    package init(_ head: ByteBuffer) {
        let text = String(decoding: head.readableBytesView, as: UTF8.self)
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            switch name {
            case "content-length": hasBody = hasBody || value != "0"
            case "transfer-encoding": hasBody = true
            case "upgrade": asksForWebSocket = asksForWebSocket || value.contains("websocket")
            default: break
            }
        }
    }
}

/// Hummingbird's HTTP/1 channel with a WebSocket upgrade, with a ``RequestHeadGuard`` put in front
/// of every connection's pipeline.
package struct GuardedHTTPChannel: ServerChildChannel {
    package let base: HTTP1WebSocketUpgradeChannel
    package let limits: ConnectionLimits

    package func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1WebSocketUpgradeChannel.Value> {
        do {
            try channel.pipeline.syncOperations.addHandler(RequestHeadGuard(limits: limits), position: .first)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return base.setup(channel: channel, logger: logger)
    }

    package func handle(value: HTTP1WebSocketUpgradeChannel.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}

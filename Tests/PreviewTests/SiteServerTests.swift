import Foundation
import Preview
import TestFolders
import Testing

/// A ``SiteServer`` in this process, over a two-page site, with short limits, driven over raw
/// connections.
@Suite(.timeLimit(.minutes(2))) struct SiteServerTests {
    static let limits = ConnectionLimits(
        requestLineBytes: 4_096, headerBytes: 8_192, requestTimeout: .milliseconds(600), idleTimeout: .milliseconds(800))

    /// Runs `body` with a server on a free port, serving a site with index.html and a PNG.
    func withServer(limits: ConnectionLimits = limits, _ body: (SiteServer, UInt16) async throws -> Void) async throws {
        try await withTemporaryFolder("site-server") { site in
            try FileManager.default.createDirectory(at: site.appendingPathComponent("devices"), withIntermediateDirectories: true)
            try Data("<!DOCTYPE html><html><body><h1>All devices</h1></body></html>".utf8).write(to: site.appendingPathComponent("index.html"))
            try Data([0x89, 0x50, 0x4E, 0x47]).write(to: site.appendingPathComponent("a.png"))
            let server = SiteServer(limits: limits)
            let port = try await server.start(port: 0)
            server.publish(root: site.path, failure: [])
            do {
                try await body(server, port)
            } catch {
                await server.stop()
                throw error
            }
            await server.stop()
        }
    }

    func request(_ path: String, host: String) -> String {
        "GET \(path) HTTP/1.1\r\nHost: \(host)\r\n\r\n"
    }

    /// One request on a new connection.
    func get(_ path: String, port: UInt16, host: String? = nil) async throws -> (status: Int, head: String, body: String)? {
        let connection = try await RawConnection.open(port: port)
        defer { connection.close() }
        await connection.send(request(path, host: host ?? "127.0.0.1:\(port)"))
        return await connection.response(timeout: 5)
    }

    @Test func servesPagesWithTheReloadScriptAndFiles() async throws {
        try await withServer { _, port in
            let index = try #require(try await get("/", port: port))
            #expect(index.status == 200)
            #expect(index.head.contains("Content-Type: text/html; charset=utf-8"))
            #expect(index.body.contains("<h1>All devices</h1>") && index.body.contains("/__backdrop/live"))
            #expect(try await get("/a.png", port: port)?.head.contains("Content-Type: image/png") == true)
            #expect(try await get("/devices/", port: port)?.status == 404, "no folder listing")
            #expect(try await get("/..%2F..%2Fetc%2Fpasswd", port: port)?.status == 404)
        }
    }

    @Test func headHasNoBodyAndOtherMethodsGet405() async throws {
        try await withServer { _, port in
            let head = try await RawConnection.open(port: port)
            defer { head.close() }
            await head.send("HEAD /index.html HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            let answer = String(decoding: await head.readToEnd(timeout: 0.5).bytes, as: UTF8.self)
            #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n") && answer.contains("Content-Length: "))
            #expect(answer.hasSuffix("\r\n\r\n"), "no body: \(answer)")

            let post = try await RawConnection.open(port: port)
            defer { post.close() }
            await post.send("POST /index.html HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 0\r\n\r\n")
            let refused = try #require(await post.response(timeout: 5))
            #expect(refused.status == 405 && refused.head.contains("Allow: GET, HEAD"))
        }
    }

    @Test func badPathsGet400() async throws {
        try await withServer { _, port in
            for path in ["/%ff", "/%c0%ae%c0%ae/", "/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd", "/index.html%00"] {
                let response = try #require(try await get(path, port: port), "\(path)")
                #expect(response.status == 400, "\(path)")
                #expect(!response.body.contains("All devices"), "\(path)")
            }
        }
    }

    @Test func onlyLoopbackHostsAreAnswered() async throws {
        try await withServer { _, port in
            let foreign = try #require(try await get("/", port: port, host: "evil.example:\(port)"))
            #expect(foreign.status == 421)
            #expect(foreign.body.contains("answers only to http://127.0.0.1:\(port)/") && foreign.body.contains("DNS rebinding"))
            #expect(!foreign.body.contains("All devices"))
            #expect(try await get("/", port: port, host: "127.0.0.1:\(port + 1)")?.status == 421)
            #expect(try await get("/", port: port, host: "localhost:\(port)")?.status == 200)
            #expect(try await get("/", port: port, host: "[::1]:\(port)")?.status == 200)

            let connection = try await RawConnection.open(port: port)
            defer { connection.close() }
            await connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nHost: evil.example\r\n\r\n")
            #expect(await connection.response(timeout: 5)?.status == 400, "two Host headers")
        }
    }

    @Test func aLongRequestLineGets414AtOnceAndHoldsUpNoOne() async throws {
        try await withServer { _, port in
            let long = try await RawConnection.open(port: port)
            defer { long.close() }
            let started = Date()
            let line =
                Array("GET /".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
                + Array(" HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
            async let sent = long.send(line)
            let normalStarted = Date()
            let normal = try await get("/index.html", port: port)
            #expect(normal?.status == 200)
            #expect(Date().timeIntervalSince(normalStarted) < 15, "a normal request meanwhile is answered at once")
            let answer = await long.response(timeout: 5)
            #expect(answer?.status == 414)
            #expect(answer?.body == "The request line is longer than 4096 bytes.\n")
            #expect(Date().timeIntervalSince(started) < 15)
            _ = await sent
            let after = Date()
            #expect(try await get("/index.html", port: port)?.status == 200)
            #expect(Date().timeIntervalSince(after) < 15)
        }
    }

    @Test func largeHeadersGet431AndBodies413() async throws {
        try await withServer { _, port in
            let headers = try await RawConnection.open(port: port)
            defer { headers.close() }
            let filler = String(repeating: "X-Filler: \(String(repeating: "b", count: 100))\r\n", count: 100)
            await headers.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(filler)\r\n")
            #expect(await headers.response(timeout: 5)?.status == 431)

            let one = try await RawConnection.open(port: port)
            defer { one.close() }
            await one.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Big: \(String(repeating: "c", count: 9_000))")
            #expect(await one.response(timeout: 5)?.status == 431, "one long header, never finished")

            let body = try await RawConnection.open(port: port)
            defer { body.close() }
            await body.send("POST / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 5\r\n\r\nhello")
            #expect(await body.response(timeout: 5)?.status == 413)
        }
    }

    @Test func keepAliveAndPipelinedRequestsAreServed() async throws {
        try await withServer(limits: ConnectionLimits()) { _, port in
            let connection = try await RawConnection.open(port: port)
            defer { connection.close() }
            await connection.send("\r\n" + request("/index.html", host: "127.0.0.1:\(port)") + request("/a.png", host: "127.0.0.1:\(port)"))
            let (bytes, _) = await connection.readToEnd(timeout: 0.5)
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.components(separatedBy: "HTTP/1.1 200 OK").count == 3, "\(text)")
            await connection.send(request("/index.html", host: "127.0.0.1:\(port)"))
            #expect(await connection.response(timeout: 5)?.status == 200)
        }
    }

    @Test func silentSlowAndIdleConnectionsAreClosed() async throws {
        try await withServer { _, port in
            let silent = try await RawConnection.open(port: port)
            defer { silent.close() }
            let slow = try await RawConnection.open(port: port)
            defer { slow.close() }
            await slow.send("GET /index.html HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n")
            let idle = try await RawConnection.open(port: port)
            defer { idle.close() }
            await idle.send(request("/index.html", host: "127.0.0.1:\(port)"))
            #expect(await idle.response(timeout: 5)?.status == 200)

            let started = Date()
            let slowAnswer = await slow.readToEnd(timeout: 5)
            #expect(slowAnswer.closed)
            #expect(String(decoding: slowAnswer.bytes, as: UTF8.self).hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
            let silentEnd = await silent.readToEnd(timeout: 5)
            #expect(silentEnd.closed && silentEnd.bytes.isEmpty, "closed without an answer")
            #expect(await idle.readToEnd(timeout: 5).closed)
            #expect(Date().timeIntervalSince(started) < 10)
        }
    }

    @Test func theReloadSocketSendsReloadsAndTakesNothing() async throws {
        try await withServer { server, port in
            let handshake = """
                GET /__backdrop/live HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://localhost:\(port)\r\n\
                Upgrade: websocket\r\nConnection: Upgrade\r\n\
                Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n
                """

            // A reload reaches an open socket.
            let socket = try await RawConnection.open(port: port)
            defer { socket.close() }
            await socket.send(handshake)
            #expect(await socket.response(timeout: 5)?.status == 101)
            var received = RawConnection.Read.timeout
            for _ in 0..<25 where received == .timeout {  // until the socket is registered
                await server.broadcaster.reload()
                received = await socket.read(timeout: 0.2)
            }
            #expect(received == .bytes([0x81, 0x06] + Array("reload".utf8)))

            // A frame longer than the cap closes the socket (1009) before its payload is read.
            let big = try await RawConnection.open(port: port)
            defer { big.close() }
            await big.send(handshake)
            #expect(await big.response(timeout: 5)?.status == 101)
            let length = UInt64(256 << 20)
            let header: [UInt8] = [0x82, 0xFF] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: length >> (8 * $0)) } + [1, 2, 3, 4]
            async let pushed = big.send(header + [UInt8](repeating: 0x55, count: 64 << 20))
            let closing = await big.readToEnd(timeout: 5)
            #expect(closing.closed)
            #expect(closing.bytes.starts(with: [0x88, 0x02, 0x03, 0xF1]), "close frame 1009 message too big: \(closing.bytes)")
            #expect(await pushed < 64 << 20, "the payload is not taken")

            // So does any message, small as it may be (1008).
            let chatty = try await RawConnection.open(port: port)
            defer { chatty.close() }
            await chatty.send(handshake)
            #expect(await chatty.response(timeout: 5)?.status == 101)
            await chatty.send([0x81, 0x82, 1, 2, 3, 4, UInt8(ascii: "h") ^ 1, UInt8(ascii: "i") ^ 2])
            let ended = await chatty.readToEnd(timeout: 5)
            #expect(
                ended.bytes.starts(with: [0x88]) && ended.bytes.count >= 4 && ended.bytes[2...3] == [0x03, 0xF0], "close frame 1008: \(ended.bytes)")

            // The socket is refused for another host.
            let foreign = try await RawConnection.open(port: port)
            defer { foreign.close() }
            await foreign.send(handshake.replacingOccurrences(of: "Host: 127.0.0.1:\(port)", with: "Host: evil.example:\(port)"))
            #expect(await foreign.response(timeout: 5)?.status == 400)

            // And for a page of another origin (a cross-site page reaching 127.0.0.1), another
            // port, or no origin at all: the Host check alone lets these through.
            for origin in ["Origin: http://evil.example", "Origin: http://127.0.0.1:\(port + 1)", "Origin: null", ""] {
                let crossSite = try await RawConnection.open(port: port)
                defer { crossSite.close() }
                let headers = origin.isEmpty ? "" : "\(origin)\r\n"
                await crossSite.send(handshake.replacingOccurrences(of: "Origin: http://localhost:\(port)\r\n", with: headers))
                #expect(await crossSite.response(timeout: 5)?.status == 400, "\(origin)")
            }
        }
    }

    @Test func aPortInUseIsTold() async throws {
        try await withServer { _, port in
            let second = SiteServer(limits: Self.limits)
            await #expect(throws: PreviewError.portInUse(port)) { try await second.start(port: port) }
            await second.stop()
        }
    }

    @Test func stoppingClosesOpenConnections() async throws {
        try await withTemporaryFolder("site-stop") { site in
            let server = SiteServer(limits: ConnectionLimits())
            let port = try await server.start(port: 0)
            server.publish(root: site.path, failure: [])
            let silent = try await RawConnection.open(port: port)
            defer { silent.close() }
            let kept = try await RawConnection.open(port: port)
            defer { kept.close() }
            await kept.send(request("/missing", host: "localhost:\(port)"))
            #expect(await kept.response(timeout: 5)?.status == 404)
            let started = Date()
            await server.stop()
            #expect(Date().timeIntervalSince(started) < 10)
            #expect(await silent.readToEnd(timeout: 2).closed)
            #expect(await kept.readToEnd(timeout: 2).closed)
        }
    }
}

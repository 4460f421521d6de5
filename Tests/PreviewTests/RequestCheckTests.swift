import Foundation
import NIOCore
import Preview
import Testing

/// The checks that need no server: host names, heads, refusals and what is added to pages.
@Suite struct RequestCheckTests {
    @Test func onlyLoopbackNamesWithThePortAreAccepted() {
        for host in ["127.0.0.1:8000", "localhost:8000", "LocalHost:8000", "[::1]:8000"] {
            #expect(Loopback.accepts(host: host, port: 8000), "\(host)")
        }
        for host in [
            "evil.example:8000", "127.0.0.1:8001", "127.0.0.1", "localhost", "127.0.0.1.nip.io:8000", "localhost.:8000",
            "[::1]", "[::1]x:8000", "[::1:8000", ":8000", "127.0.0.1:08000", "127.0.0.1:8000:8000", "", "127.0.0.2:8000",
        ] {
            #expect(!Loopback.accepts(host: host, port: 8000), "\(host)")
        }
        #expect(Loopback.accepts(host: "localhost", port: 80), "browsers leave out port 80")
        #expect(Loopback.accepts(host: "[::1]", port: 80))
    }

    @Test func onlyThePreviewsOwnOriginsAreAccepted() {
        for origin in ["http://127.0.0.1:8000", "http://localhost:8000", "HTTP://LocalHost:8000", "http://[::1]:8000"] {
            #expect(Loopback.accepts(origin: origin, port: 8000), "\(origin)")
        }
        for origin in [
            "http://evil.example:8000", "https://127.0.0.1:8000", "http://127.0.0.1:8001", "http://127.0.0.1", "null", "",
            "http://127.0.0.1.nip.io:8000", "file://", "ws://127.0.0.1:8000", "http://127.0.0.1:8000/", "http://user@127.0.0.1:8000",
        ] {
            #expect(!Loopback.accepts(origin: origin, port: 8000), "\(origin)")
        }
        #expect(Loopback.accepts(origin: "http://localhost", port: 80), "an origin leaves out port 80")
    }

    @Test func headsWithBodiesAndUpgradesAreTold() {
        func facts(_ head: String) -> HeadFacts { HeadFacts(ByteBuffer(string: head)) }
        #expect(facts("GET / HTTP/1.1\r\nHost: a\r\n\r\n") == HeadFacts(ByteBuffer()))
        #expect(!facts("GET / HTTP/1.1\r\nContent-Length: 0\r\n\r\n").hasBody)
        #expect(facts("POST / HTTP/1.1\r\ncontent-length:  12\r\n\r\n").hasBody)
        #expect(facts("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n").hasBody)
        #expect(facts("GET /live HTTP/1.1\r\nUpgrade: WebSocket\r\nConnection: Upgrade\r\n\r\n").asksForWebSocket)
        #expect(!facts("GET / HTTP/1.1\r\nX-Upgrade: websocket\r\n\r\n").asksForWebSocket)
    }

    @Test func theScriptGoesBeforeTheLastClosingBody() {
        func insert(_ page: String) -> String { String(buffer: Injection.insert("<s>", into: Array(page.utf8))) }
        #expect(insert("<body><p>a</p></body></html>") == "<body><p>a</p><s></body></html>")
        #expect(insert("<pre></body></pre><body></body>") == "<pre></body></pre><body><s></body>")
        #expect(insert("<p>no end") == "<p>no end<s>")
        #expect(insert("") == "<s>")
        #expect(insert("</body>") == "<s></body>")
    }

    @Test func refusalsAreCompleteResponses() {
        let limits = ConnectionLimits(requestLineBytes: 100, headerBytes: 200, requestTimeout: .milliseconds(1500))
        let response = RequestHeadGuard.Refusal.tooSlow.response(limits)
        #expect(response.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"))
        #expect(response.hasSuffix("\r\n\r\nThe request headers did not arrive within 1.5 s.\n"))
        #expect(response.contains("Connection: close\r\n"))
        #expect(response.contains("Content-Length: 49\r\n"))
        #expect(RequestHeadGuard.Refusal.requestLineTooLong.response(limits).contains("longer than 100 bytes"))
    }
}

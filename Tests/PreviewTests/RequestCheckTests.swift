import Foundation
import NIOCore
import Testing

@testable import Preview

/// The checks that need no server: request paths, host names, heads.
@Suite struct RequestCheckTests {
    @Test func pathsDecodeStrictly() throws {
        #expect(try SitePath(target: "/").segments == [])
        #expect(try SitePath(target: "/devices/iphone-12/").segments == ["devices", "iphone-12"])
        #expect(try SitePath(target: "/a//./b/index.html?x=1#top").segments == ["a", "b", "index.html"])
        #expect(try SitePath(target: "/caf%C3%A9.html").segments == ["café.html"])
        #expect(try SitePath(target: "/..%2F..%2Fetc%2Fpasswd").segments == ["..", "..", "etc", "passwd"])
        #expect(try SitePath(target: "/a%20b").segments == ["a b"])
    }

    @Test(arguments: [
        ("/%ff", BadTarget.notUTF8),
        ("/%c0%ae%c0%ae/", .notUTF8),  // overlong "..": must not decode to a parent segment
        ("/%ed%a0%80", .notUTF8),  // a UTF-16 surrogate
        ("/%e2%82", .notUTF8),  // cut short
        ("/%2", .badEscape),
        ("/%zz", .badEscape),
        ("/a%00b", .controlCharacter),
        ("/a%0d%0ab", .controlCharacter),
        ("/é", .notASCII),
        ("/a b", .notASCII),
        ("http://evil.example/", .notAPath),
        ("", .notAPath),
    ])
    func badPathsAreRefused(target: String, reason: BadTarget) {
        #expect(throws: reason) { try SitePath(target: target) }
    }

    @Test func filesStayInsideTheSite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("site-files-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site.appendingPathComponent("devices/a"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: site.appendingPathComponent("empty"), withIntermediateDirectories: true)
        try Data("<p>a</p>".utf8).write(to: site.appendingPathComponent("devices/a/index.html"))
        try Data("secret".utf8).write(to: folder.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("out.txt").path, withDestinationPath: folder.appendingPathComponent("secret.txt").path)
        let files = SiteFiles(root: site.path)
        #expect(files.file(for: try SitePath(target: "/devices/a/")) == site.path + "/devices/a/index.html")
        #expect(files.file(for: try SitePath(target: "/empty/")) == nil, "no folder listing")
        #expect(files.file(for: try SitePath(target: "/devices/a/../../../secret.txt")) == nil)
        #expect(files.file(for: try SitePath(target: "/out.txt")) == nil, "a link out of the site")
        #expect(files.file(for: try SitePath(target: "/missing.html")) == nil)
    }

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

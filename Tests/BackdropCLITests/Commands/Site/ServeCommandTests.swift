import Foundation
import TestFolders
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#endif

/// Starts `backdrop serve` on a free port over a small copy of the content, and drives it like a
/// person editing files with the page open, and like a client that misbehaves.
@Suite struct ServeCommandTests {
    /// Reads the server's output as it comes.
    final class Output: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""

        func append(_ data: Data) {
            lock.lock()
            text += String(decoding: data, as: UTF8.self)
            lock.unlock()
        }

        var current: String {
            lock.lock()
            defer { lock.unlock() }
            return text
        }
    }

    /// Runs `body` in a new temporary folder with the small content (the 4-inch SE and the docs
    /// pages) and the templates.
    static func withWorkspace(_ body: (_ folder: URL, _ content: URL, _ templates: URL) async throws -> Void) async throws {
        try await withTemporaryFolder("serve") { folder in
            let (content, templates) = try makeWorkspace(in: folder)
            try await body(folder, content, templates)
        }
    }

    /// Writes that workspace in `folder`: its content and templates folders.
    static func makeWorkspace(in folder: URL) throws -> (content: URL, templates: URL) {
        let content = folder.appendingPathComponent("content")
        let templates = folder.appendingPathComponent("templates")
        let manager = FileManager.default
        try manager.createDirectory(at: content.appendingPathComponent("devices"), withIntermediateDirectories: true)
        try manager.createDirectory(at: content.appendingPathComponent("screenshots"), withIntermediateDirectories: true)
        let bundled = CLIRunner.packageRoot.appendingPathComponent("content")
        for file in ["devices/iphone-se-1st-gen.md", "screenshots/iphone-se-1st-gen-light.png", "screenshots/iphone-se-1st-gen-dark.png", "docs"] {
            try manager.copyItem(at: bundled.appendingPathComponent(file), to: content.appendingPathComponent(file))
        }
        try manager.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("templates"), to: templates)
        return (content, templates)
    }

    /// Runs `backdrop serve` with `arguments` (in `directory`, else the package's folder); its
    /// output goes to the returned `Output`, and `ended` is called (on a thread of Foundation's)
    /// when it ends.
    static func launch(
        _ arguments: [String], in directory: URL? = nil, ended: (@Sendable (Process) -> Void)? = nil
    ) throws -> (Process, Output) {
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["serve"] + arguments
        process.terminationHandler = ended
        if let directory { process.currentDirectoryURL = directory }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let output = Output()
        pipe.fileHandleForReading.readabilityHandler = { handle in output.append(handle.availableData) }
        try process.run()
        return (process, output)
    }

    /// Waits for the address the server prints once the first build is done.
    static func address(of process: Process, _ output: Output) async throws -> URL? {
        let deadline = Date().addingTimeInterval(480)
        while Date() < deadline, process.isRunning {
            if let range = output.current.range(of: #"http://127\.0\.0\.1:[0-9]+/"#, options: .regularExpression) {
                return URL(string: String(output.current[range]))
            }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        return nil
    }

    /// Sends Ctrl-C and checks that the server stops cleanly, with the status a shell gives a
    /// process Ctrl-C ended (128 + SIGINT).
    static func interrupt(_ process: Process, _ output: Output) async throws {
        process.interrupt()
        let stopDeadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < stopDeadline { try await Task.sleep(nanoseconds: 100_000_000) }
        #expect(!process.isRunning)
        #expect(process.terminationStatus == 128 + SIGINT)
        #expect(output.current.contains("interrupted by SIGINT"))
    }

    func get(_ url: URL, host: String? = nil, headers: [String: String] = [:]) async throws -> (status: Int, type: String, body: String) {
        var request = URLRequest(url: url)
        request.cachePolicy = .reloadIgnoringLocalCacheData
        if let host { request.setValue(host, forHTTPHeaderField: "Host") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        return (http.statusCode, http.value(forHTTPHeaderField: "Content-Type") ?? "", String(decoding: data, as: UTF8.self))
    }

    /// Polls until `condition` holds for the page, for at most `seconds`.
    func eventually(_ url: URL, seconds: Double = 240, _ condition: (String) -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let page = try? await get(url), condition(page.body) { return true }
            try await Task.sleep(nanoseconds: 200_000_000)
        }
        return false
    }

    @Test func servesRebuildsShowsErrorsAndStops() async throws {
        try await Self.withWorkspace { folder, content, templates in
            let (process, output) = try Self.launch(["--port", "0", "--content", content.path, "--templates", templates.path])
            defer { if process.isRunning { process.terminate() } }
            let root = try #require(try await Self.address(of: process, output), "no address printed: \(output.current)")

            let index = try await get(root)
            #expect(index.status == 200)
            #expect(index.type == "text/html; charset=utf-8")
            #expect(index.body.contains("iPhone SE (1st generation)"))
            #expect(index.body.contains("/__backdrop/live"), "the reload script is injected when serving")
            let crop = try await get(root.appendingPathComponent("devices/iphone-se-1st-gen/ios14/light/small-top-left.png"))
            #expect(crop.status == 200 && crop.type == "image/png")
            #expect(try await get(root.appendingPathComponent("assets/site.css")).type == "text/css; charset=utf-8")
            #expect(try await get(root.appendingPathComponent("no-such-page.html")).status == 404)
            #expect(try await get(URL(string: root.absoluteString + "devices/")!).status == 404, "no directory listing")
            #expect(try await get(URL(string: root.absoluteString + "..%2F..%2F..%2Fetc%2Fpasswd")!).status == 404)
            // Nothing of the machine: the build's stamp is in its cache, no page names a folder of it.
            #expect(try await get(root.appendingPathComponent(".backdrop-stamp")).status == 404)
            let page = try await get(root.appendingPathComponent("devices/iphone-se-1st-gen/index.html")).body
            #expect(page.contains("content/devices/iphone-se-1st-gen.md") && !page.contains(folder.path), "the profile is named by its place")

            // A content change is rebuilt and served.
            let device = root.appendingPathComponent("devices/iphone-se-1st-gen/index.html")
            let profile = content.appendingPathComponent("devices/iphone-se-1st-gen.md")
            let original = try String(contentsOf: profile, encoding: .utf8)
            try original.replacingOccurrences(of: "name: iPhone SE (1st generation)", with: "name: iPhone SE, the first")
                .write(to: profile, atomically: true, encoding: .utf8)
            #expect(try await eventually(device) { $0.contains("<h1>iPhone SE, the first</h1>") })

            // A broken template keeps the last good site, with the errors over it.
            let template = templates.appendingPathComponent("device.mustache")
            let good = try String(contentsOf: template, encoding: .utf8)
            try good.replacingOccurrences(of: "<h1>{{name}}</h1>", with: "<h1>{{name}} {{oops}}</h1>").write(
                to: template, atomically: true, encoding: .utf8)
            #expect(
                try await eventually(device) {
                    $0.contains("backdrop-build-errors") && $0.contains("the tag `oops` has no value in the DevicePage view model")
                })
            #expect(try await get(device).body.contains("<h1>iPhone SE, the first</h1>"), "the last good page is still underneath")

            // Fixed again: the page comes back without the overlay.
            try good.write(to: template, atomically: true, encoding: .utf8)
            #expect(try await eventually(device) { !$0.contains("backdrop-build-errors") && $0.contains("<h1>iPhone SE, the first</h1>") })

            // Ctrl-C stops it cleanly.
            try await Self.interrupt(process, output)
            #expect(output.current.contains("change: build failed"))
        }
    }

    @Test func refusesWhatItMustAndKeepsServing() async throws {
        try await Self.withWorkspace { folder, content, templates in
            let (process, output) = try Self.launch(["--port", "0", "--content", content.path, "--templates", templates.path])
            defer { if process.isRunning { process.terminate() } }
            let root = try #require(try await Self.address(of: process, output), "no address printed: \(output.current)")
            let port = UInt16(try #require(root.port))
            let index = root.appendingPathComponent("index.html")

            // A 1 MB request line is answered with 414 at once, and holds up no one.
            let long = try await TCP.connect(port: port)
            defer { TCP.close(long) }
            let started = Date()
            let line =
                Array("GET /".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 20)
                + Array(" HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
            async let sent = TCP.send(long, line)
            let answer = await TCP.readToEnd(long, timeout: 10)
            #expect(String(decoding: answer.bytes, as: UTF8.self).hasPrefix("HTTP/1.1 414 URI Too Long\r\n"))
            #expect(Date().timeIntervalSince(started) < 15, "not the quadratic minutes of old")
            _ = await sent
            let after = Date()
            #expect(try await get(index).status == 200)
            #expect(Date().timeIntervalSince(after) < 15, "a normal request right after is answered at once")

            // Large headers get 431; bad paths 400.
            #expect(try await get(index, headers: ["X-Big": String(repeating: "b", count: 20_000)]).status == 431)
            #expect(try await get(URL(string: root.absoluteString + "%ff")!).status == 400)
            #expect(try await get(URL(string: root.absoluteString + "%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd")!).status == 400)

            // Only loopback host names with the port are answered.
            let foreign = try await get(index, host: "evil.example:\(port)")
            #expect(foreign.status == 421)
            #expect(foreign.body.contains("DNS rebinding") && !foreign.body.contains("iPhone SE"))
            #expect(try await get(index, host: "localhost:\(port)").status == 200)

            // A 256 MB WebSocket message closes the reload socket before its payload is read.
            let memoryBefore = try #require(Self.residentMemory(of: process.processIdentifier))
            let socket = try await TCP.connect(port: port)
            defer { TCP.close(socket) }
            _ = await TCP.send(
                socket,
                Array(
                    """
                    GET /__backdrop/live HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nOrigin: http://127.0.0.1:\(port)\r\n\
                    Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n
                    """.utf8))
            let length = UInt64(256 << 20)
            let frame: [UInt8] = [0x82, 0xFF] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: length >> (8 * $0)) } + [1, 2, 3, 4]
            let pushed = await TCP.send(socket, frame + [UInt8](repeating: 0x55, count: 64 << 20))
            let closing = await TCP.readToEnd(socket, timeout: 10)
            #expect(String(decoding: closing.bytes, as: UTF8.self).hasPrefix("HTTP/1.1 101 Switching Protocols\r\n"))
            #expect(closing.closed)
            #expect(pushed < 64 << 20, "the server stops reading")
            let memoryAfter = try #require(Self.residentMemory(of: process.processIdentifier))
            #expect(memoryAfter - memoryBefore < 16 << 20, "resident memory grew from \(memoryBefore) to \(memoryAfter) bytes")
            #expect(try await get(index).status == 200)

            try await Self.interrupt(process, output)
        }
    }

    @Test func aPortInUseIsToldBeforeAnyBuild() async throws {
        try await Self.withWorkspace { folder, content, templates in
            let (listener, port) = try TCP.listen()
            defer { TCP.close(listener) }
            let started = Date()
            let (process, output) = try Self.launch(["--port", "\(port)", "--content", content.path, "--templates", templates.path])
            defer { if process.isRunning { process.terminate() } }
            while process.isRunning, Date().timeIntervalSince(started) < 60 { try await Task.sleep(nanoseconds: 50_000_000) }
            #expect(!process.isRunning)
            #expect(process.terminationStatus == 1)
            #expect(output.current.contains("port \(port) is in use; try --port 0"), "\(output.current)")
            #expect(!output.current.contains("built"), "nothing is built")
        }
    }

    /// VmRSS of a process, in bytes.
    static func residentMemory(of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])
        else { return nil }
        return kilobytes * 1024
    }
}

/// Plain TCP on 127.0.0.1 for what no HTTP client sends. The calls block, so each runs on a thread
/// of its own, never on the threads that Swift's tasks share.
enum TCP {
    struct Failure: Error {
        var call: String
        var errno: Int32
    }

    static func connect(port: UInt16) async throws -> Int32 {
        try await onThread {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = loopback(port: port)
            let status = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard status == 0 else { throw Failure(call: "connect", errno: errno) }
            return descriptor
        }
    }

    /// A socket listening on a free port, and the port.
    static func listen() throws -> (Int32, UInt16) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = loopback(port: 0)
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, size) == 0 && Glibc.listen(descriptor, 8) == 0 && getsockname(descriptor, $0, &size) == 0
            }
        }
        guard bound else { throw Failure(call: "bind", errno: errno) }
        return (descriptor, UInt16(bigEndian: address.sin_port))
    }

    /// Sends the bytes, or as many as the server takes before it closes; returns how many.
    static func send(_ descriptor: Int32, _ bytes: [UInt8]) async -> Int {
        await onThread {
            var sent = 0
            while sent < bytes.count {
                let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                guard count > 0 else { break }
                sent += count
            }
            return sent
        }
    }

    /// Reads until the server closes (or resets) the connection or `timeout` seconds pass.
    static func readToEnd(_ descriptor: Int32, timeout: Double) async -> (bytes: [UInt8], closed: Bool) {
        await onThread {
            let deadline = Date().addingTimeInterval(timeout)
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while Date() < deadline {
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { continue }
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { return (bytes, true) }
                bytes += buffer[..<count]
            }
            return (bytes, false)
        }
    }

    static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private static func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    private static func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: work()) }
        }
    }
}

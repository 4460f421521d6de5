import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Starts `backdrop serve` on a free port over a small copy of the content, and drives it like a
/// person editing files with the page open.
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

    func get(_ url: URL) async throws -> (status: Int, type: String, body: String) {
        var request = URLRequest(url: url)
        request.cachePolicy = .reloadIgnoringLocalCacheData
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
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        let content = folder.appendingPathComponent("content")
        let templates = folder.appendingPathComponent("templates")
        let manager = FileManager.default
        try manager.createDirectory(at: content.appendingPathComponent("devices"), withIntermediateDirectories: true)
        try manager.createDirectory(at: content.appendingPathComponent("screenshots"), withIntermediateDirectories: true)
        defer { try? manager.removeItem(at: folder) }
        let bundled = CLIRunner.packageRoot.appendingPathComponent("content")
        for file in ["devices/iphone-se-1st-gen.md", "screenshots/iphone-se-1st-gen-light.png", "screenshots/iphone-se-1st-gen-dark.png", "guide.md"] {
            try manager.copyItem(at: bundled.appendingPathComponent(file), to: content.appendingPathComponent(file))
        }
        try manager.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("templates"), to: templates)

        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["serve", "--port", "0", "--content", content.path, "--templates", templates.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let output = Output()
        pipe.fileHandleForReading.readabilityHandler = { handle in output.append(handle.availableData) }
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // Wait for the address it serves on.
        var base: URL?
        let deadline = Date().addingTimeInterval(480)
        while base == nil, Date() < deadline, process.isRunning {
            if let range = output.current.range(of: #"http://127\.0\.0\.1:[0-9]+/"#, options: .regularExpression) {
                base = URL(string: String(output.current[range]))
            }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        let root = try #require(base, "no address printed: \(output.current)")

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
        try good.replacingOccurrences(of: "<h1>{{name}}</h1>", with: "<h1>{{name}} {{oops}}</h1>").write(to: template, atomically: true, encoding: .utf8)
        #expect(try await eventually(device) { $0.contains("backdrop-build-errors") && $0.contains("the tag `oops` has no value in the DevicePage view model") })
        #expect(try await get(device).body.contains("<h1>iPhone SE, the first</h1>"), "the last good page is still underneath")

        // Fixed again: the page comes back without the overlay.
        try good.write(to: template, atomically: true, encoding: .utf8)
        #expect(try await eventually(device) { !$0.contains("backdrop-build-errors") && $0.contains("<h1>iPhone SE, the first</h1>") })

        // Ctrl-C stops it cleanly.
        process.interrupt()
        let stopDeadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < stopDeadline { try await Task.sleep(nanoseconds: 100_000_000) }
        #expect(!process.isRunning)
        #expect(process.terminationStatus == 0)
        #expect(output.current.contains("stopped"))
        #expect(output.current.contains("change: build failed"))
    }
}

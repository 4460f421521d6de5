import Catalog
import FlyingFox
import Foundation
import Gallery

/// `backdrop serve`: builds the site, serves it on 127.0.0.1, watches the content and the
/// templates, rebuilds on every change and reloads open pages. A failed rebuild keeps serving the
/// last good site with the build's errors laid over every page.
public actor PreviewServer {
    public struct Options: Sendable {
        public var content: String
        public var templates: String
        /// The port; 0 picks a free one.
        public var port: UInt16
        /// Where builds and their cache go.
        public var work: String
        /// How often the folders are looked at for changes, in seconds.
        public var pollInterval: Double

        public init(content: String, templates: String, port: UInt16, work: String, pollInterval: Double = 0.25) {
            self.content = content
            self.templates = templates
            self.port = port
            self.work = work
            self.pollInterval = pollInterval
        }
    }

    private let options: Options
    private let log: @Sendable (String) -> Void
    private let broadcaster = ReloadBroadcaster()
    private var server: HTTPServer?
    private var serverTask: Task<Void, any Error>?
    private var watcher: Task<Void, Never>?
    private let buildQueue = DispatchQueue(label: "backdrop.preview.build")

    /// The last good site, and the errors of the last build if it failed.
    private var root: String?
    private var failure: [Diagnostic] = []
    private var generation = 0

    public init(options: Options, log: @escaping @Sendable (String) -> Void) {
        self.options = options
        self.log = log
    }

    /// Builds, starts serving and watching. Returns the port it listens on.
    public func start() async throws -> UInt16 {
        try FileManager.default.createDirectory(atPath: options.work, withIntermediateDirectories: true)
        await rebuild(reason: "first build")
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: options.port), timeout: 60, logger: .disabled)
        await server.appendRoute(HTTPRoute(stringLiteral: "GET \(Injection.reloadPath)"), to: .webSocket(broadcaster))
        await server.appendRoute("GET *") { [weak self] request in
            guard let self else { return HTTPResponse(statusCode: .serviceUnavailable) }
            return await self.response(for: request.path)
        }
        self.server = server
        serverTask = Task { try await server.run() }
        try await server.waitUntilListening()
        guard case .ip4(_, let port) = await server.listeningAddress else { throw CocoaError(.fileNoSuchFile) }
        let fingerprint = Self.fingerprint(of: [options.content, options.templates])
        watcher = Task { [weak self] in await self?.watch(from: fingerprint) }
        return port
    }

    /// Stops watching and serving, and removes the builds.
    public func stop() async {
        watcher?.cancel()
        await broadcaster.finish()
        await server?.stop(timeout: 1)
        serverTask?.cancel()
        try? FileManager.default.removeItem(atPath: options.work)
    }

    // MARK: Building

    private func watch(from start: String) async {
        var last = start
        while !Task.isCancelled {
            try? await Task.sleep(nanoseconds: UInt64(options.pollInterval * 1e9))
            let now = Self.fingerprint(of: [options.content, options.templates])
            guard now != last else { continue }
            // Let a burst of saves settle, then build what is there.
            try? await Task.sleep(nanoseconds: 100_000_000)
            last = Self.fingerprint(of: [options.content, options.templates])
            await rebuild(reason: "change")
            await broadcaster.reload()
        }
    }

    private func rebuild(reason: String) async {
        generation += 1
        let output = (options.work as NSString).appendingPathComponent("site-\(generation)")
        let buildOptions = BuildOptions(
            content: options.content, templates: options.templates, output: output,
            cache: (options.work as NSString).appendingPathComponent("cache"))
        let started = Date()
        let result: Result<BuildReport, BuildFailure> = await withCheckedContinuation { continuation in
            buildQueue.async {
                continuation.resume(returning: Result { () throws(BuildFailure) in try SiteBuilder(options: buildOptions, verbosity: .quiet).build().report })
            }
        }
        let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
        switch result {
        case .success(let report):
            let previous = root
            root = output
            failure = []
            if let previous { try? FileManager.default.removeItem(atPath: previous) }
            log("\(reason): built in \(seconds) s (\(report.cropsMade) crops made, \(report.crops - report.cropsMade) from the cache)")
        case .failure(let error):
            failure = error.diagnostics
            let errors = error.diagnostics.filter { $0.severity == .error }
            log("\(reason): build failed in \(seconds) s with \(errors.count) errors; still serving the last good build")
            for diagnostic in errors { log("  \(diagnostic)") }
        }
    }

    /// A fingerprint of every file under the folders: path, size and modification time.
    static func fingerprint(of folders: [String]) -> String {
        var parts: [String] = []
        let manager = FileManager.default
        for folder in folders {
            guard let enumerator = manager.enumerator(atPath: folder) else {
                parts.append("\(folder) missing")
                continue
            }
            for case let path as String in enumerator {
                let full = (folder as NSString).appendingPathComponent(path)
                guard let attributes = try? manager.attributesOfItem(atPath: full) else { continue }
                let size = attributes[.size] as? Int ?? 0
                let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                parts.append("\(full) \(size) \(modified)")
            }
        }
        return parts.sorted().joined(separator: "\n")
    }

    // MARK: Serving

    private func response(for path: String) -> HTTPResponse {
        let injected = Injection.script + (failure.isEmpty ? "" : Injection.overlay(failure))
        guard let root else {
            let page = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Build failed — Backdrop</title></head><body></body></html>"
            return html(Injection.insert(injected, into: page), status: .internalServerError)
        }
        guard let file = SiteFiles(root: root).file(for: path) else {
            let page = "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Not found — Backdrop</title></head><body><h1>Not found</h1><p>No page at <code>\(Injection.escape(path))</code>. <a href=\"/index.html\">All devices</a></p></body></html>"
            return html(Injection.insert(injected, into: page), status: .notFound)
        }
        guard let data = FileManager.default.contents(atPath: file) else { return HTTPResponse(statusCode: .notFound) }
        let type = SiteFiles.contentType(of: file)
        if type.hasPrefix("text/html") {
            return html(Injection.insert(injected, into: String(decoding: data, as: UTF8.self)), status: .ok)
        }
        return HTTPResponse(statusCode: .ok, headers: [.contentType: type, .cacheControl: "no-store"], body: data)
    }

    private func html(_ text: String, status: HTTPStatusCode) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"], body: Data(text.utf8))
    }
}

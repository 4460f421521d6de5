import Catalog
import FileAccess
import Foundation

/// `backdrop serve`: listens on 127.0.0.1, builds the site, watches the content and the
/// templates, rebuilds on every change and reloads open pages. A failed rebuild keeps serving the
/// last good site with the build's errors laid over every page.
///
/// The site is built by the ``Build`` it is given (the command line gives the gallery's), so that
/// the server knows nothing of how a site is made.
public actor PreviewServer {
    /// Builds the site into the folder `output`, keeping its cache in `cache`: what to say of a
    /// good build (the crops made and taken from the cache), or the findings of a failed one.
    public typealias Build = @Sendable (_ output: String, _ cache: String) -> Result<String, BuildFindings>

    /// A build that failed, with every finding (errors and warnings).
    public struct BuildFindings: Error {
        public var diagnostics: [Diagnostic]

        public init(_ diagnostics: [Diagnostic]) {
            self.diagnostics = diagnostics
        }
    }

    public struct Options: Sendable {
        public var content: String
        public var templates: String
        /// The port; 0 picks a free one.
        public var port: UInt16
        /// Where builds and their cache go.
        public var work: String
        /// How often the folders are looked at for changes, in seconds.
        public var pollInterval: Double
        /// What one client may send, and how long it may hold a connection.
        public var limits: ConnectionLimits

        public init(
            content: String, templates: String, port: UInt16, work: String, pollInterval: Double = 0.25,
            limits: ConnectionLimits = ConnectionLimits()
        ) {
            self.content = content
            self.templates = templates
            self.port = port
            self.work = work
            self.pollInterval = pollInterval
            self.limits = limits
        }
    }

    private let options: Options
    private let build: Build
    private let log: @Sendable (String) -> Void
    private let site: SiteServer
    private var watcher: Task<Void, Never>?
    private let buildQueue = DispatchQueue(label: "backdrop.preview.build")

    /// The last good site.
    private var root: String?
    private var generation = 0

    public init(options: Options, build: @escaping Build, log: @escaping @Sendable (String) -> Void) {
        self.options = options
        self.build = build
        self.log = log
        self.site = SiteServer(limits: options.limits)
    }

    /// Listens first (so that a port in use is told before any build), builds, and starts
    /// watching. Returns the port it listens on. Pages asked for during the first build say so and
    /// reload when it is done.
    public func start() async throws(PreviewError) -> UInt16 {
        do {
            // Removed whole should a signal end the process (the staging folders of its builds with it).
            try SignalCleanup.owning(options.work) {
                try FileManager.default.createDirectory(atPath: options.work, withIntermediateDirectories: true)
            }
        } catch {
            throw .cannotCreateFolder(options.work, reason: FileProblem.reason(error))
        }
        let port = try await site.start(port: options.port)
        await rebuild(reason: "first build")
        let fingerprint = Self.fingerprint(of: [options.content, options.templates])
        watcher = Task { [weak self] in await self?.watch(from: fingerprint) }
        return port
    }

    /// Stops watching and serving, and removes the builds.
    public func stop() async {
        watcher?.cancel()
        await site.stop()
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
        }
    }

    /// Builds into a new folder; serves it when the build succeeded, otherwise keeps the last good
    /// one with the errors over it; then reloads open pages.
    private func rebuild(reason: String) async {
        generation += 1
        let output = PathName.joining(options.work, "site-\(generation)")
        let cache = PathName.joining(options.work, "cache")
        let started = Date()
        let build = self.build
        let result: Result<String, BuildFindings> = await withCheckedContinuation { continuation in
            buildQueue.async { continuation.resume(returning: build(output, cache)) }
        }
        let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
        switch result {
        case .success(let summary):
            let previous = root
            root = output
            site.publish(root: output, failure: [])
            if let previous { try? FileManager.default.removeItem(atPath: previous) }
            log("\(reason): built in \(seconds) s (\(summary))")
        case .failure(let error):
            site.publish(root: root, failure: error.diagnostics)
            let errors = error.diagnostics.filter { $0.severity == .error }
            let serving = root == nil ? "nothing to serve until a build succeeds" : "still serving the last good build"
            log("\(reason): build failed in \(seconds) s with \(errors.count) errors; \(serving)")
            for diagnostic in errors { log("  \(diagnostic)") }
        }
        await site.broadcaster.reload()
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
                let full = PathName.joining(folder, path)
                guard let attributes = try? manager.attributesOfItem(atPath: full) else { continue }
                let size = attributes[.size] as? Int ?? 0
                let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                parts.append("\(full) \(size) \(modified)")
            }
        }
        return parts.sorted().joined(separator: "\n")
    }
}

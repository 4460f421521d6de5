import Foundation
import Preview
import TestFolders
import Testing

/// What the server says of each build: a failed first build leaves nothing to serve, and a failed
/// later one keeps serving the last good build; each says which, never the other.
@Suite(.timeLimit(.minutes(2))) struct PreviewServerTests {
    /// What the server logged, and how many builds it asked for.
    final class Record: @unchecked Sendable {
        private let lock = NSLock()
        private var logged: [String] = []
        private var builds = 0

        func log(_ line: String) { lock.withLock { logged.append(line) } }
        var lines: [String] { lock.withLock { logged } }
        /// Counts a build; returns its number, from 1.
        func nextBuild() -> Int {
            lock.withLock {
                builds += 1
                return builds
            }
        }
    }

    /// Waits until a line of `record` contains `text` (at most 20 s).
    func waitFor(_ text: String, in record: Record) async throws {
        for _ in 0..<400 where !record.lines.contains(where: { $0.contains(text) }) { try await Task.sleep(nanoseconds: 50_000_000) }
    }

    @Test func aFailedBuildSaysWhetherThereIsAGoodOneToServe() async throws {
        try await withTemporaryFolder("preview-server") { folder in
            let content = folder.appendingPathComponent("content")
            let templates = folder.appendingPathComponent("templates")
            for made in [content, templates] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
            let record = Record()
            // The first build fails, the second succeeds, the third fails.
            let server = PreviewServer(
                options: PreviewServer.Options(
                    content: content.path, templates: templates.path, port: 0, work: folder.appendingPathComponent("work").path, pollInterval: 0.05),
                build: { output, _ in
                    guard record.nextBuild() == 2 else { return .failure(PreviewServer.BuildFindings([])) }
                    try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
                    try? Data("<html><body>good</body></html>".utf8).write(to: URL(fileURLWithPath: output).appendingPathComponent("index.html"))
                    return .success("a good build")
                },
                log: { record.log($0) })
            _ = try await server.start()
            let first = try #require(record.lines.first { $0.hasPrefix("first build:") })
            #expect(first.hasSuffix("nothing to serve until a build succeeds"), "\(first)")
            #expect(!first.contains("still serving"), "\(first)")
            try Data("a".utf8).write(to: content.appendingPathComponent("a.md"))
            try await waitFor("a good build", in: record)
            try Data("b".utf8).write(to: content.appendingPathComponent("b.md"))
            try await waitFor("still serving the last good build", in: record)
            await server.stop()
            let failures = record.lines.filter { $0.contains("build failed") }
            #expect(failures.count == 2, "\(record.lines)")
            #expect(failures.last?.hasSuffix("still serving the last good build") == true, "\(record.lines)")
        }
    }
}

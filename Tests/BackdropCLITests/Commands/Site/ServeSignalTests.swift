import Foundation
import TestFolders
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every ending signal, at every moment of `backdrop serve`'s life, ends it at once with status
/// 128 + the signal's number and leaves nothing of it in the temporary folder; what a killed run
/// left is removed by the next one once its process has ended. One server at a time, so that
/// the timings hold on a loaded machine.
@Suite(.serialized) struct ServeSignalTests {
    /// When the signal is sent.
    enum Moment: String, CaseIterable, Sendable {
        /// Right after the process is started (before it may have a handler).
        case launched
        /// While the first build is writing into the server's folder.
        case building
        /// As "serving" is printed.
        case serving
        /// While a request is being read.
        case answering
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var signal: Int32
        var moment: Moment
        var testDescription: String { "signal \(signal) \(moment.rawValue)" }
    }

    /// Every signal at every moment but SIGQUIT right after launch: until `main` installs the
    /// handlers, the Swift runtime's crash handler has SIGQUIT, prints a backtrace and lets the
    /// process run on (a window of about a millisecond that no code of the tool can close).
    static let cases = [SIGHUP, SIGINT, SIGTERM, SIGQUIT].flatMap { signal in Moment.allCases.map { Case(signal: signal, moment: $0) } }
        .filter { $0.signal != SIGQUIT || $0.moment != .launched }

    /// The small content without a templates folder beside it, so that serve writes the built-in
    /// templates into a folder of its own too; made once.
    static let workspace: URL = {
        let folder = workspaceFolder.url
        let (_, templates) = try! ServeCommandTests.makeWorkspace(in: folder)
        try! FileManager.default.removeItem(at: templates)
        return folder
    }()

    /// The workspace's temporary folder, kept as long as the tests run.
    private static let workspaceFolder = try! TemporaryFolder("serve")

    static let temporary = FileManager.default.temporaryDirectory.path

    /// What the temporary folder holds of the serve run of process `pid`.
    static func leftovers(of pid: Int32) -> [String] {
        let base = "backdrop-serve-\(pid)"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
        return entries.filter { $0 == base || $0.hasPrefix(base + "-") || $0.hasPrefix(base + ".") }
    }

    /// Polls `condition` every 50 ms for at most `seconds`; whether it came true.
    static func waitUntil(seconds: Double, _ condition: () -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        return condition()
    }

    /// When the server ended, taken on Foundation's thread as it learns of it: the test's own
    /// tasks may be held up by other tests on a loaded machine, the process's end is not.
    final class End: @unchecked Sendable {
        private let lock = NSLock()
        private var date: Date?

        func record() {
            lock.lock()
            date = Date()
            lock.unlock()
        }

        var recorded: Date? {
            lock.lock()
            defer { lock.unlock() }
            return date
        }
    }

    @Test(arguments: cases) func aSignalEndsServeAtOnceAndLeavesNothing(_ test: Case) async throws {
        let end = End()
        let (process, output) = try ServeCommandTests.launch(["--port", "0", "--content", "content"], in: Self.workspace) { _ in end.record() }
        let pid = process.processIdentifier
        defer { if process.isRunning { kill(pid, SIGKILL) } }
        var connection: Int32?
        defer { if let connection { TCP.close(connection) } }
        switch test.moment {
        case .launched:
            break
        case .building:
            // The server's folder is made just before it listens and builds.
            let building = try await Self.waitUntil(seconds: 120) {
                FileManager.default.fileExists(atPath: "\(Self.temporary)/backdrop-serve-\(pid)")
            }
            #expect(building, "the first build never started: \(output.current)")
        case .serving, .answering:
            let root = try #require(try await ServeCommandTests.address(of: process, output), "no address printed: \(output.current)")
            if test.moment == .answering {
                let port = UInt16(try #require(root.port))
                let socket = try await TCP.connect(port: port)
                connection = socket
                // A request head that is still coming in: the server is reading it.
                _ = await TCP.send(socket, Array("GET /index.html HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n".utf8))
                try await Task.sleep(nanoseconds: 200_000_000)
            }
        }
        let sent = Date()
        kill(pid, test.signal)
        let ended = try await Self.waitUntil(seconds: 120) { end.recorded != nil }
        #expect(ended, "still running 120 s after the signal: \(output.current)")
        guard let endDate = end.recorded else { return }
        let seconds = endDate.timeIntervalSince(sent)
        #expect(seconds < 10, "ended \(seconds) s after the signal")
        process.waitUntilExit()
        // Before its handlers are installed the signal's default action ends it, with the same
        // status in a shell.
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        #expect(status == 128 + test.signal, "\(output.current)")
        #expect(Self.leftovers(of: pid).isEmpty, "left \(Self.leftovers(of: pid)): \(output.current)")
        if test.moment != .launched {
            #expect(output.current.contains("interrupted by SIG"), "\(output.current)")
        }
    }

    @Test func whatEndedRunsLeftIsSweptAndWhatRunningOnesHaveIsKept() async throws {
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let dead = ended.processIdentifier
        let alive = getpid()
        let manager = FileManager.default
        let made = [
            "backdrop-serve-\(dead)/site-1", "backdrop-serve-\(dead)-templates", "backdrop-serve-\(alive)", "backdrop-serve-\(alive)-templates",
            "backdrop-serve-\(dead)-mine",
        ].map { "\(Self.temporary)/\($0)" }
        for folder in made { try manager.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        defer { for folder in made { try? manager.removeItem(atPath: folder) } }
        try Data("<p>old</p>".utf8).write(to: URL(fileURLWithPath: made[0] + "/index.html"))

        // A port in use ends the run at once, after the sweep.
        let (listener, port) = try TCP.listen()
        defer { TCP.close(listener) }
        let (process, output) = try ServeCommandTests.launch(["--port", "\(port)", "--content", "content"], in: Self.workspace)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        #expect(try await Self.waitUntil(seconds: 60) { !process.isRunning }, "\(output.current)")
        #expect(process.terminationStatus == 1, "\(output.current)")

        #expect(!manager.fileExists(atPath: "\(Self.temporary)/backdrop-serve-\(dead)"), "the ended run's folder is swept")
        #expect(!manager.fileExists(atPath: "\(Self.temporary)/backdrop-serve-\(dead)-templates"))
        #expect(manager.fileExists(atPath: "\(Self.temporary)/backdrop-serve-\(alive)"), "a running process's folder is kept")
        #expect(manager.fileExists(atPath: "\(Self.temporary)/backdrop-serve-\(alive)-templates"))
        #expect(manager.fileExists(atPath: "\(Self.temporary)/backdrop-serve-\(dead)-mine"), "a name serve does not make is kept")
        #expect(Self.leftovers(of: process.processIdentifier).isEmpty, "the failed run removed its own folders")
    }
}

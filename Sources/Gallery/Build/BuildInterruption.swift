import Dispatch
import Foundation
import Synchronization

/// What an interrupting signal must undo: the staging folders of the builds under way in this
/// process.
///
/// Writes into a staging folder and the swap into place run while holding the same lock the
/// signal handler takes, so that the handler never removes a folder half-way through a write or
/// a swap, and nothing is written after it has removed them.
public enum BuildInterruption {
    private struct Pending {
        var staging: Set<String> = []
        var interrupted = false
    }

    private static let state = Mutex(Pending())

    /// Thrown by a write that was refused because the process is being interrupted.
    struct Interrupted: Error {}

    /// Installs handlers for SIGINT, SIGTERM and SIGHUP that remove the staging folders of the
    /// builds under way, then end the process with status 128 + the signal's number. For commands that build; the
    /// preview server has handlers of its own.
    public static func removeStagingOnSignals() {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                let removed = state.withLock { state in
                    state.interrupted = true
                    // Crops may still be landing in a staging folder (they are written on other
                    // threads, but never into a folder that is gone): try until it is gone.
                    for folder in state.staging {
                        for _ in 0..<100 where FileManager.default.fileExists(atPath: folder) {
                            SiteFolder.removeMarkedFolder(folder)
                            usleep(1000)
                        }
                    }
                    return state.staging.sorted()
                }
                let what = removed.isEmpty ? "" : "; removed \(removed.joined(separator: ", "))"
                FileHandle.standardError.write(Data("interrupted\(what)\n".utf8))
                // The build itself is still running on another thread: end the process here,
                // with the status a shell gives a process ended by the signal.
                _exit(128 + signalNumber)
            }
            source.resume()
            handlers.append(source)
        }
    }

    /// The signal sources, kept alive for the life of the process; only installing them writes it.
    nonisolated(unsafe) private static var handlers: [any DispatchSourceSignal] = []

    /// Creates a staging folder (in `body`) and registers it for removal on interruption.
    static func register(_ folder: String, _ body: () throws -> Void) throws {
        try state.withLock { state throws in
            guard !state.interrupted else { throw Interrupted() }
            state.staging.insert(folder)
            try body()
        }
    }

    /// Runs `body`, which moves or removes a staging folder, and forgets the folder.
    static func unregister<T>(_ folder: String, _ body: () -> T) -> T {
        state.withLock { state in
            state.staging.remove(folder)
            return body()
        }
    }

    /// Runs a write into a staging folder, unless the process is being interrupted.
    static func whileRunning(_ body: () throws -> Void) throws {
        try state.withLock { state throws in
            guard !state.interrupted else { throw Interrupted() }
            try body()
        }
    }
}

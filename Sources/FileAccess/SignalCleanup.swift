import Foundation
import Synchronization

/// What an ending signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) must undo before the process exits:
/// the staging folders of the builds under way in this process, and the folders the command
/// made for itself (serve's work folder, the built-in templates).
///
/// Registering and creating a folder, each write into a staging folder and the swap into place
/// run while holding the lock the signal's cleanup takes, and the cleanup ends the process
/// without ever letting go of it: the cleanup never removes a folder half-way through a write or
/// a swap, and nothing is written after it has removed them.
///
/// The handler the signals get only writes the signal's number to a pipe (all a signal handler
/// may safely do); a thread of its own reads it and cleans up. Installed with `sigaction`, in one
/// step per signal, no signal is lost between ignoring it and handling it: one arriving before
/// ends the process by its default action, before the command has made anything.
public enum SignalCleanup {
    /// The signals that end a command cleanly, each with status 128 + its number, the status a
    /// shell gives a process ended by the signal.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    private struct Pending {
        /// Staging folders, each with how it is removed.
        var staging: [String: @Sendable (String) -> Void] = [:]
        /// Folders of the command's own, removed whole.
        var owned: Set<String> = []
        var installed = false
    }

    private static let state = Mutex(Pending())

    /// Installs the handlers (once per process): on a signal of ``signals``, the staging folders
    /// of the builds under way and the folders given to ``owning(_:_:)`` are removed, and the
    /// process ends with status 128 + the signal's number.
    public static func removeFoldersOnSignals() {
        let first = state.withLock { state in
            defer { state.installed = true }
            return !state.installed
        }
        guard first else { return }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        signalPipe = ends[1]
        let reading = ends[0]
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while read(reading, &byte, 1) != 1 {}
            end(by: Int32(byte))
        }
        // A process may start with the signals blocked (a mask is inherited across exec): a
        // blocked signal would wait for ever instead of ending it.
        var blocked = sigset_t()
        sigemptyset(&blocked)
        for signalNumber in signals { sigaddset(&blocked, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &blocked, nil)
        for signalNumber in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signalNumber in
                var byte = UInt8(truncatingIfNeeded: signalNumber)
                _ = write(signalPipe, &byte, 1)
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(signalNumber, &action, nil)
        }
    }

    /// Runs `body`, which makes `folder` (or may: a folder that is never made is not missed), and
    /// has the folder removed whole if a signal ends the process.
    public static func owning<T>(_ folder: String, _ body: () throws -> T) rethrows -> T {
        try state.withLock { state in
            state.owned.insert(folder)
            return try body()
        }
    }

    /// Runs `body`, which makes a folder and gives it with its path; from then on the folder is
    /// removed whole if a signal ends the process, until ``disowning(_:_:)``.
    public static func owning<T, Failure: Error>(made body: () throws(Failure) -> (value: T, folder: String)) throws(Failure) -> T {
        try state.withLock { state throws(Failure) in
            let made = try body()
            state.owned.insert(made.folder)
            return made.value
        }
    }

    /// Runs `body`, which moves a folder given to ``owning(made:)`` into place or removes it,
    /// never while a signal's cleanup is under way, and forgets the folder.
    public static func disowning<T, Failure: Error>(_ folder: String, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        try state.withLock { state throws(Failure) in
            defer { state.owned.remove(folder) }
            return try body()
        }
    }

    /// Removes what was registered, says so, and ends the process; holds the lock to the end.
    private static func end(by signalNumber: Int32) {
        state.withLock { state in
            let removed =
                state.staging.sorted { $0.key < $1.key }.filter { removeRepeatedly($0.key, $0.value) }.map(\.key)
                + state.owned.sorted().filter { removeRepeatedly($0) { try? FileManager.default.removeItem(atPath: $0) } }
            // A build's staging folder inside serve's work folder goes without saying.
            let named = removed.filter { folder in !removed.contains { folder.hasPrefix($0 + "/") } }
            let what = named.isEmpty ? "" : "; removed \(named.joined(separator: ", "))"
            FileHandle.standardError.write(Data("interrupted by \(name(of: signalNumber))\(what)\n".utf8))
            _exit(128 + signalNumber)
        }
    }

    /// Removes `folder` until it stays gone: files may still be landing in it from threads that
    /// do not take the lock (the crops being cut, the cache). Returns whether it was there.
    private static func removeRepeatedly(_ folder: String, _ remove: (String) -> Void) -> Bool {
        guard FileWriter.kind(folder) != nil else { return false }
        for _ in 0..<100 {
            remove(folder)
            usleep(1000)
            guard FileWriter.kind(folder) != nil else { break }
        }
        return true
    }

    private static func name(of signalNumber: Int32) -> String {
        [SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP", SIGQUIT: "SIGQUIT"][signalNumber] ?? "signal \(signalNumber)"
    }

    /// Creates a staging folder (in `body`) and registers it for removal on a signal, by `remove`
    /// (which removes only what the staging folder's owner made).
    public static func register(_ folder: String, removing remove: @escaping @Sendable (String) -> Void, _ body: () throws -> Void) throws {
        try state.withLock { state throws in
            state.staging[folder] = remove
            try body()
        }
    }

    /// Runs `body`, which moves or removes a staging folder, and forgets the folder.
    public static func unregister<T>(_ folder: String, _ body: () -> T) -> T {
        state.withLock { state in
            state.staging[folder] = nil
            return body()
        }
    }

    /// Runs a write into a staging folder, never while a signal's cleanup is under way.
    public static func whileRunning(_ body: () throws -> Void) throws {
        try state.withLock { _ throws in try body() }
    }
}

/// Where the signal handler writes the signal's number; set before any handler is installed.
nonisolated(unsafe) private var signalPipe: Int32 = -1

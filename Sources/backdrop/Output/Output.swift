import Catalog
import FileAccess
import Foundation
import Synchronization

// What the commands print, and how: standard output and standard error, tables and JSON. Every
// line goes through `ShownText.escaped`, so no file name or value read from input can send the
// terminal an escape sequence or a bidirectional override (JSON text is escaped by Catalog's
// `jsonText`, tables laid out by its `TextTable`); and a write to standard output that
// fails (a full disk, a closed pipe) fails the command (`StandardOutput`).

/// Prints text to standard output.
func printOut(_ text: String, terminator: String = "\n") {
    StandardOutput.write(ShownText.escaped(text) + terminator)
}

/// Prints a line to standard error.
func printError(_ line: String) {
    StandardOutput.write(ShownText.escaped(line) + "\n", to: STDERR_FILENO)
}

/// Prints a line to standard output; it is written at once, so a program reading the pipe sees it.
func printLine(_ line: String) {
    printOut(line)
}

/// Standard output, written unbuffered, and whether a write to it failed (a full disk, a closed
/// file). A failed write fails the command: ``Main`` exits with 1 and says why, instead of 0
/// over a truncated file.
enum StandardOutput {
    /// The first write that failed, as the reason in words.
    private static let failure = Mutex<String?>(nil)

    /// Why a write to standard output failed, if one did.
    static var failed: String? { failure.withLock { $0 } }

    /// Writes text whole to a file descriptor, standard output unless said otherwise; once a
    /// write to standard output failed, the rest is not attempted.
    static func write(_ text: String, to descriptor: Int32 = STDOUT_FILENO) {
        if descriptor == STDOUT_FILENO, failed != nil { return }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress!, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                let reason = FileProblem.reason(errno: errno)
                if descriptor == STDOUT_FILENO { failure.withLock { $0 = $0 ?? reason } }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// The message for a failed write, when there was one.
    static var failureMessage: String? {
        failed.map { "standard output: cannot be written: \($0); what was printed is incomplete" }
    }
}

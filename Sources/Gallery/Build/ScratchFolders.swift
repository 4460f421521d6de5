import Catalog
import FileAccess
import Foundation

/// The folders `build` and `serve` make for themselves in the system's temporary folder, named
/// after the command and the process (`backdrop-serve-PID`, `backdrop-serve-PID-templates`,
/// `backdrop-build-PID-templates`): removed when the command ends, by an ending signal too
/// (``SignalCleanup``), and, when a killed run left them, by the next run of the command.
public struct ScratchFolders: Sendable {
    /// What the help of `build` and `serve` says about signals.
    public static let signalHelp =
        "SIGINT (Ctrl-C), SIGTERM, SIGHUP and SIGQUIT end it at any moment with status 128 + the signal's number "
        + "(130 for Ctrl-C), after removing every folder it was writing; what a killed run (SIGKILL) left is removed by the next run."

    /// The command's own folder, `TMP/backdrop-COMMAND-PID` (serve builds the site into it).
    public let work: String
    /// Where the built-in templates are written when they are used: `WORK-templates`.
    public var builtInTemplates: String { work + "-templates" }

    /// Removes what runs of `command` whose process has ended left behind in `temporary` (the
    /// system's temporary folder unless given). (The handlers that remove this run's folders on a
    /// signal are installed as the tool starts.)
    public init(command: String, processID: Int32 = getpid(), temporary: String = FileManager.default.temporaryDirectory.path) {
        let prefix = "backdrop-\(command)-"
        ProcessNamed.removeLeftovers(in: temporary, prefix: prefix, suffixes: ["", "-templates"])
        work = PathName.joining(temporary, prefix + String(processID))
    }

    /// The templates folder to render with: `given` (`--templates`), else `local` when it is a
    /// folder (`templates/` of the working folder), else the built-in templates written into
    /// ``builtInTemplates``, which a signal removes; when writing them fails, every folder of this
    /// run is removed.
    public func templates(given: String?, local: String = BuildOptions.defaultTemplates) throws(FileProblem) -> String {
        if let given { return given }
        if ContentFolder.kind(local) == .typeDirectory { return local }
        do {
            return try SignalCleanup.owning(builtInTemplates) { try BuiltInTemplates.write(into: builtInTemplates) }
        } catch {
            remove()
            throw FileProblem(path: builtInTemplates, error: error)
        }
    }

    /// Removes the folders (the command is done).
    public func remove() {
        for folder in [work, builtInTemplates] { try? FileManager.default.removeItem(atPath: folder) }
    }
}

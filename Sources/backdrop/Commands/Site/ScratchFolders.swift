import FileAccess
import Foundation
import Gallery

/// The folders `build` and `serve` make for themselves in the system's temporary folder, named
/// after the command and the process (`backdrop-serve-PID`, `backdrop-serve-PID-templates`,
/// `backdrop-build-PID-templates`): removed when the command ends, by an ending signal too
/// (``BuildInterruption``), and, when a killed run left them, by the next run of the command.
struct ScratchFolders {
    /// What the help of `build` and `serve` says about signals.
    static let signalHelp =
        "SIGINT (Ctrl-C), SIGTERM, SIGHUP and SIGQUIT end it at any moment with status 128 + the signal's number "
        + "(130 for Ctrl-C), after removing every folder it was writing; what a killed run (SIGKILL) left is removed by the next run."

    /// The command's own folder, `TMP/backdrop-COMMAND-PID` (serve builds the site into it).
    let work: String
    /// Where the built-in templates are written when they are used: `WORK-templates`.
    var builtInTemplates: String { work + "-templates" }

    /// Removes what runs of `command` whose process has ended left behind. (The handlers that
    /// remove this run's folders on a signal are installed as the tool starts.)
    init(command: String, processID: Int32 = getpid()) {
        let temporary = FileManager.default.temporaryDirectory.path
        let prefix = "backdrop-\(command)-"
        ProcessNamed.removeLeftovers(in: temporary, prefix: prefix, suffixes: ["", "-templates"])
        work = PathName.joining(temporary, prefix + String(processID))
    }

    /// The templates folder to render with (``TemplatesOptions/folder(builtInFolder:)``); built-in
    /// templates written for it are removed on a signal, and when writing them failed.
    func templates(_ options: TemplatesOptions) throws -> String {
        do {
            return try BuildInterruption.owning(builtInTemplates) { try options.folder(builtInFolder: builtInTemplates) }
        } catch {
            remove()
            throw error
        }
    }

    /// Removes the folders (the command is done).
    func remove() {
        for folder in [work, builtInTemplates] { try? FileManager.default.removeItem(atPath: folder) }
    }
}

import CFileSwap
import Catalog
import CheckCodes
import Checks
import FileAccess
import Foundation

/// The folder a build writes, and the rules that keep a build from replacing anything else.
///
/// A build writes the new site into `<output>.staging-<pid>` beside the output and exchanges it
/// with the output in one atomic step, so that the output is always a complete site, old or new;
/// the old one, now at the staging path, is then removed. Every folder a build writes holds a
/// marker file, from its first moment until the last step of its removal, so that only folders a
/// build wrote are replaced; while it is staged or removed, the marker names the build's process,
/// so that only folders of builds that have ended are cleaned up. The site in place is published
/// as it is: its marker names no process, and the build's stamp is kept in the cache
/// (``BuildStamp``), so that it holds nothing of the machine it was built on.
struct SiteFolder {
    /// The marker file at the root of every site a build writes.
    static let markerName = ".backdrop-site"

    /// The output folder as given, for messages.
    let given: String
    /// The output folder as the file system reaches it: absolute, with `.`, `..` and symbolic
    /// links of its existing part resolved.
    let output: String
    let processID: Int32
    /// Folders above the output that do not exist yet and that the build creates (deepest first):
    /// a failed build removes them again.
    private let missingAncestors: [String]

    init(output: String, processID: Int32 = ProcessInfo.processInfo.processIdentifier) {
        given = output
        self.output = PathName.physical(output)
        self.processID = processID
        var missing: [String] = []
        var folder = PathName.folder(of: self.output)
        while folder != "/", !FileManager.default.fileExists(atPath: folder) {
            missing.append(folder)
            folder = PathName.folder(of: folder)
        }
        missingAncestors = missing
    }

    var staging: String { output + ".staging-\(processID)" }

    /// The marker's text for a folder that belongs to the build with the given process.
    static func markerText(build processID: Int32) -> String {
        publishedMarkerText + "build \(processID)\n"
    }

    /// The marker's text in a site in place: no process, nothing of the machine.
    static let publishedMarkerText = "This folder was written by backdrop build, which replaces it on every build.\n"

    // MARK: What may be replaced

    /// Every reason the build must not write to its output folder (and cache folder), found
    /// before any work: the output must be a new folder, an empty one, or one a build wrote, and
    /// must not be, hold or lie inside the content or templates folder, nor hold the cache folder
    /// or the working directory.
    static func problems(_ options: BuildOptions, workingDirectory: String = FileManager.default.currentDirectoryPath) -> [Diagnostic] {
        let given = options.output
        func refuse(_ file: String, _ message: String) -> Diagnostic {
            Diagnostic(file: file, check: BuildCheck.outputFolder, message: message)
        }
        guard !given.isEmpty else { return [refuse("--output", "the output folder is empty text; name a folder, e.g. site")] }
        var problems: [Diagnostic] = []
        let target = PathName.physical(given)
        let protected = [
            ("the content folder", options.content), ("the templates folder", options.templates),
            ("the cache folder", options.cache), ("the working directory", workingDirectory),
        ]
        for (name, path) in protected {
            let other = PathName.physical(path)
            if ContentFolder.isSamePath(other, target) {
                problems.append(refuse(given, "is \(name); every build replaces its output folder, so give another one (e.g. site)"))
            } else if ContentFolder.isPath(other, inside: target) {
                problems.append(
                    refuse(given, "contains \(name) \(path); every build replaces its output folder, so give one that holds nothing else (e.g. site)")
                )
            } else if name != "the working directory", name != "the cache folder", ContentFolder.isPath(target, inside: other) {
                problems.append(refuse(given, "is inside \(name) \(path); give a folder outside it (e.g. site)"))
            }
        }
        let cache = PathName.physical(options.cache)
        for (name, path) in protected.prefix(2) {
            let other = PathName.physical(path)
            if ContentFolder.isSamePath(cache, other) || ContentFolder.isPath(cache, inside: other) || ContentFolder.isPath(other, inside: cache) {
                problems.append(refuse(options.cache, "the cache folder must be apart from \(name) \(path); give another one (e.g. .backdrop-cache)"))
            }
        }
        var cacheIsFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: options.cache, isDirectory: &cacheIsFolder), !cacheIsFolder.boolValue {
            problems.append(refuse(options.cache, "the cache folder exists and is not a folder; give another one (e.g. .backdrop-cache)"))
        } else if let blocking = blockingAncestor(cache) {
            problems.append(refuse(options.cache, "cannot be created: \(blocking) is not a folder; give another one (e.g. .backdrop-cache)"))
        }
        // A folder that holds something of the user's has been refused already.
        guard problems.allSatisfy({ $0.file != given }) else { return problems }

        switch ContentFolder.kind(given) {
        case nil:
            if let blocking = blockingAncestor(target) {
                problems.append(refuse(given, "cannot be created: \(blocking) is not a folder"))
            }
        case .typeDirectory?:
            if !isBuiltSite(given), !isEmptyFolder(given) {
                problems.append(
                    refuse(
                        given,
                        "exists and was not written by backdrop build (it has no \(markerName) file), so it is not replaced; give a new or empty folder, or remove this one yourself"
                    ))
            } else if isMountPoint(target) {
                problems.append(refuse(given, "is a mount point, which a build cannot replace; give a folder inside it"))
            }
        case .typeSymbolicLink?:
            problems.append(refuse(given, "is a symbolic link; give the folder itself, or a new one"))
        default:
            problems.append(refuse(given, "exists and is not a folder, so it is not replaced; give a new or empty folder"))
        }
        return problems
    }

    /// The nearest existing path above a missing `physical` path (one of ``PathName/physical(_:)``)
    /// when it is not a folder, so that nothing can be created below it; `nil` when it is one.
    private static func blockingAncestor(_ physical: String) -> String? {
        var ancestor = PathName.folder(of: physical)
        while ancestor != "/", ContentFolder.kind(ancestor) == nil { ancestor = PathName.folder(of: ancestor) }
        return ContentFolder.kind(ancestor) == .typeDirectory ? nil : ancestor
    }

    // MARK: Writing

    /// Removes what builds of this output that were killed left behind: staging folders whose
    /// marker names the build of their name, a process that has ended.
    func removeLeftovers() {
        let parent = PathName.folder(of: output)
        let name = PathName.name(of: output)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        for entry in entries {
            guard let pid = ProcessNamed.process(of: entry, prefix: name + ".staging-"), pid != processID, !ProcessNamed.isRunning(pid) else {
                continue
            }
            let path = PathName.joining(parent, entry)
            guard ContentFolder.kind(path) == .typeDirectory, Self.marker(of: path) == Self.markerText(build: pid) else { continue }
            Self.removeMarkedFolder(path)
        }
    }

    /// A new staging folder holding only its marker, registered for removal if the process is
    /// interrupted.
    func createStaging() throws {
        try SignalCleanup.register(staging, removing: Self.removeMarkedFolder) {
            if ContentFolder.kind(staging) != nil { try FileManager.default.removeItem(atPath: staging) }
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
            try Self.markerText(build: processID).write(toFile: markerPath(staging), atomically: false, encoding: .utf8)
        }
    }

    /// Removes the staging folder of a build that failed, and the folders above the output that
    /// the build created.
    func discardStaging() {
        SignalCleanup.unregister(staging) {
            Self.removeMarkedFolder(staging)
            for folder in missingAncestors { rmdir(folder) }
        }
    }

    /// Writes a file of the staging site (unless the process is being interrupted).
    func write(_ bytes: [UInt8], at sitePath: String) throws {
        let destination = PathName.joining(staging, sitePath)
        try SignalCleanup.whileRunning {
            try FileManager.default.createDirectory(atPath: PathName.folder(of: destination), withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: destination))
        }
    }

    /// B001: the staging folder could not be created. The build and the checks reference's example
    /// (`BuildExamples`) both word it here.
    func stagingProblem(_ error: any Error) -> Diagnostic {
        Diagnostic(file: staging, check: BuildCheck.workFolders, message: "cannot create the staging folder: \(ContentFolder.reason(error))")
    }

    /// B003: a file of the staging site could not be written (a page, a crop, a preview). The
    /// build, the crop stage and the checks reference's example (`BuildExamples`) all word it here.
    func writeProblem(at sitePath: String, _ error: any Error) -> Diagnostic {
        Diagnostic(
            file: PathName.joining(staging, sitePath), check: BuildCheck.writable,
            message: "cannot write: \(ContentFolder.reason(error))")
    }

    /// Puts the staging folder in the output's place in one step; the old site, now at the
    /// staging path, is then removed. An interrupting signal waits for the exchange.
    func swap() throws(BuildFailure) {
        let manager = FileManager.default
        let failure: String? = SignalCleanup.unregister(staging) {
            if ContentFolder.kind(output) != nil {
                // From here the old site is this build's to remove, should it be killed.
                try? Self.markerText(build: processID).write(toFile: markerPath(output), atomically: true, encoding: .utf8)
                guard backdrop_exchange_paths(staging, output) == 0 else { return String(cString: strerror(errno)) }
                Self.removeMarkedFolder(staging)
                return nil
            }
            do {
                try manager.moveItem(atPath: staging, toPath: output)
                return nil
            } catch {
                Self.removeMarkedFolder(staging)
                return ContentFolder.reason(error)
            }
        }
        if let failure {
            throw BuildFailure([Diagnostic(file: given, check: BuildCheck.swap, message: "cannot move the new site into place: \(failure)")])
        }
        // In place, the site is no longer this build's to remove: its marker names no process.
        try? FileWriter.replace(markerPath(output), with: Array(Self.publishedMarkerText.utf8))
    }

    private func markerPath(_ folder: String) -> String {
        PathName.joining(folder, Self.markerName)
    }

    // MARK: Folders

    /// Removes a folder a build wrote, its marker last, so that a removal cut short still
    /// leaves a folder the next build recognises.
    static func removeMarkedFolder(_ folder: String) {
        let manager = FileManager.default
        let entries = (try? manager.contentsOfDirectory(atPath: folder)) ?? []
        var complete = true
        for entry in entries where entry != markerName {
            do {
                try manager.removeItem(atPath: PathName.joining(folder, entry))
            } catch {
                complete = false
            }
        }
        guard complete else { return }
        try? manager.removeItem(atPath: PathName.joining(folder, markerName))
        rmdir(folder)
    }

    private static func marker(of folder: String) -> String? {
        let path = PathName.joining(folder, markerName)
        guard ContentFolder.kind(path) == .typeRegular else { return nil }
        return try? String(contentsOfFile: path, encoding: .utf8)
    }

    static func isBuiltSite(_ folder: String) -> Bool {
        marker(of: folder) != nil
    }

    private static func isEmptyFolder(_ folder: String) -> Bool {
        (try? FileManager.default.contentsOfDirectory(atPath: folder).isEmpty) == true
    }

    private static func isMountPoint(_ folder: String) -> Bool {
        var own = stat()
        var parent = stat()
        guard stat(folder, &own) == 0, stat(PathName.folder(of: folder), &parent) == 0 else { return false }
        return own.st_dev != parent.st_dev
    }
}

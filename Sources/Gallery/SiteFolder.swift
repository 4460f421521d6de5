import Catalog
import Foundation

/// The folder a build writes, and the rules that keep a build from replacing anything else.
///
/// A build writes the new site into `<output>.staging-<pid>` beside the output and swaps it into
/// place, moving the old site to `<output>.old-<pid>` until the new one is there. Every folder a
/// build writes holds a marker file from its first moment, so that only folders a build wrote are
/// ever replaced or removed: the output itself, and the leftovers of builds that were killed.
struct SiteFolder {
    /// The marker file at the root of every site a build writes.
    static let markerName = ".backdrop-site"
    static let markerText = "This folder was written by backdrop build, which replaces it on every build.\n"

    /// The output folder, as given (without trailing slashes).
    let output: String
    let processID: Int32

    init(output: String, processID: Int32 = ProcessInfo.processInfo.processIdentifier) {
        var path = output
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        self.output = path
        self.processID = processID
    }

    var staging: String { output + ".staging-\(processID)" }
    private var previous: String { output + ".old-\(processID)" }

    // MARK: What may be replaced

    /// Every reason the build must not write to its output folder (and the cache folder), found
    /// before any work: the output must be a new folder, an empty one, or one a build wrote, and
    /// must not be or contain the content, templates or cache folder or the working directory.
    static func problems(_ options: BuildOptions, workingDirectory: String = FileManager.default.currentDirectoryPath) -> [Diagnostic] {
        let folder = SiteFolder(output: options.output)
        let output = folder.output
        func refuse(_ file: String, _ message: String) -> Diagnostic {
            Diagnostic(file: file, code: BuildCheck.outputFolder.code, message: message)
        }
        guard !output.isEmpty else { return [refuse("--output", "the output folder is empty text; name a folder, e.g. site")] }
        var problems: [Diagnostic] = []
        let target = canonical(output)
        let protected = [
            ("the content folder", options.content), ("the templates folder", options.templates),
            ("the cache folder", options.cache), ("the working directory", workingDirectory),
        ]
        for (name, path) in protected {
            let other = canonical(path)
            if other == target {
                problems.append(refuse(output, "is \(name); every build replaces its output folder, so give another one (e.g. site)"))
            } else if isInside(other, target) {
                problems.append(refuse(output, "contains \(name) \(path); every build replaces its output folder, so give one that holds nothing else (e.g. site)"))
            } else if name != "the working directory", name != "the cache folder", isInside(target, other) {
                problems.append(refuse(output, "is inside \(name) \(path); give a folder outside it (e.g. site)"))
            }
        }
        let cache = canonical(options.cache)
        for (name, path) in protected.prefix(2) where cache == canonical(path) || isInside(canonical(path), cache) || isInside(cache, canonical(path)) {
            problems.append(refuse(options.cache, "the cache folder must be apart from \(name) \(path); give another one (e.g. .backdrop-cache)"))
        }
        var cacheIsFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: options.cache, isDirectory: &cacheIsFolder), !cacheIsFolder.boolValue {
            problems.append(refuse(options.cache, "the cache folder exists and is not a folder; give another one (e.g. .backdrop-cache)"))
        }

        // A folder that holds something of the user's has been refused already.
        guard problems.allSatisfy({ $0.file != output }) else { return problems }
        switch existingKind(output) {
        case nil: break
        case .typeDirectory?:
            if !isBuiltSite(output), !isEmptyFolder(output) {
                problems.append(
                    refuse(
                        output,
                        "exists and was not written by backdrop build (it has no \(markerName) file), so it is not replaced; give a new or empty folder, or remove this one yourself"
                    ))
            }
        case .typeSymbolicLink?:
            problems.append(refuse(output, "is a symbolic link; give the folder itself, or a new one"))
        default:
            problems.append(refuse(output, "exists and is not a folder, so it is not replaced; give a new or empty folder"))
        }
        return problems
    }

    // MARK: Writing

    /// Removes what builds of this output that were killed left behind (staging folders and old
    /// sites, recognised by their names, their marker, and their build's process having ended).
    func removeLeftovers() {
        let manager = FileManager.default
        let parent = (output as NSString).deletingLastPathComponent
        let name = (output as NSString).lastPathComponent
        let folder = parent.isEmpty ? "." : parent
        guard let entries = try? manager.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries {
            guard let pid = Self.leftoverProcess(entry, of: name), pid != processID, !Self.isRunning(pid) else { continue }
            let path = (folder as NSString).appendingPathComponent(entry)
            guard Self.existingKind(path) == .typeDirectory, Self.isBuiltSite(path) || Self.isEmptyFolder(path) else { continue }
            try? manager.removeItem(atPath: path)
        }
    }

    /// A new, empty staging folder with the marker, registered for removal if the process is interrupted.
    func createStaging() throws {
        let manager = FileManager.default
        try? manager.removeItem(atPath: staging)
        try BuildInterruption.register(staging) {
            try manager.createDirectory(atPath: staging, withIntermediateDirectories: true)
            try Self.markerText.write(toFile: (staging as NSString).appendingPathComponent(Self.markerName), atomically: false, encoding: .utf8)
        }
    }

    /// Removes the staging folder of a build that failed.
    func discardStaging() {
        BuildInterruption.unregister(staging) { try? FileManager.default.removeItem(atPath: staging) }
    }

    /// Writes a file of the staging site (unless the process is being interrupted).
    func write(_ bytes: [UInt8], at sitePath: String) throws {
        let destination = (staging as NSString).appendingPathComponent(sitePath)
        try BuildInterruption.whileRunning {
            try FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: destination))
        }
    }

    /// Copies a folder into the staging site (unless the process is being interrupted).
    func copy(folder: String, to sitePath: String) throws {
        try BuildInterruption.whileRunning {
            try FileManager.default.copyItem(atPath: folder, toPath: (staging as NSString).appendingPathComponent(sitePath))
        }
    }

    /// Replaces the output folder by the staging folder: the old site is moved aside first and
    /// removed only after the new one is in place. An interrupting signal waits for the swap.
    func swap() throws(BuildFailure) {
        let manager = FileManager.default
        let failure: String? = BuildInterruption.unregister(staging) {
            do {
                if manager.fileExists(atPath: output) { try manager.moveItem(atPath: output, toPath: previous) }
                try manager.moveItem(atPath: staging, toPath: output)
                try? manager.removeItem(atPath: previous)
                return nil
            } catch {
                if manager.fileExists(atPath: previous), !manager.fileExists(atPath: output) { try? manager.moveItem(atPath: previous, toPath: output) }
                try? manager.removeItem(atPath: staging)
                return error.localizedDescription
            }
        }
        if let failure {
            throw BuildFailure([Diagnostic(file: output, code: BuildCheck.swap.code, message: "cannot move the new site into place: \(failure)")])
        }
    }

    // MARK: Paths

    /// The process a leftover of `name` belongs to: `NAME.staging-PID` or `NAME.old-PID`.
    static func leftoverProcess(_ entry: String, of name: String) -> Int32? {
        for kind in [".staging-", ".old-"] where entry.hasPrefix(name + kind) {
            let digits = entry.dropFirst(name.count + kind.count)
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
            return Int32(digits)
        }
        return nil
    }

    private static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    static func isBuiltSite(_ folder: String) -> Bool {
        existingKind((folder as NSString).appendingPathComponent(markerName)) == .typeRegular
    }

    private static func isEmptyFolder(_ folder: String) -> Bool {
        (try? FileManager.default.contentsOfDirectory(atPath: folder).isEmpty) == true
    }

    /// The kind of what is at a path, without following a final symbolic link; `nil` when nothing is.
    private static func existingKind(_ path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }

    /// Whether `inner` is strictly inside `outer` (both canonical).
    private static func isInside(_ inner: String, _ outer: String) -> Bool {
        inner != outer && (outer == "/" || inner.hasPrefix(outer + "/"))
    }

    /// An absolute path with `.` and `..` applied and the symbolic links of its existing part
    /// resolved, so that two names of one folder compare equal.
    static func canonical(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardizedFileURL
        var rest: [String] = []
        while existing.path != "/", (try? FileManager.default.attributesOfItem(atPath: existing.path)) == nil {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        var resolved = existing.resolvingSymlinksInPath().path
        for component in rest { resolved = (resolved as NSString).appendingPathComponent(component) }
        return resolved
    }
}

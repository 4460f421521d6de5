import Foundation

/// New files for a folder, written all or nothing (crop's `--out`): each is written into a
/// hidden staging folder beside the output, `.NAME.backdrop-staging-PID`, and only when every one
/// is written and verified are they moved into place.
///
/// - A new output folder is the staging folder renamed, in one step.
/// - An existing one gets the new files by renames, one after the other, each replacing a regular
///   file of that name (a symbolic link is written through, as ``FileWriter/replace(_:with:)``
///   does). A file it replaces is kept as a hard link in the staging folder until every rename has
///   been made, so a failed rename undoes the ones before it: the folder holds all the new files
///   or none, and its other files are never touched.
/// - A failure removes the staging folder and the folders made above the output. A signal's
///   cleanup removes ``outermostMade`` (the command registers it); a process killed outright
///   leaves its staging folder, which the next run for a folder beside it removes.
public struct StagedFolder {
    /// The output folder as given, for messages.
    public let output: String
    /// The staging folder the files are written into.
    public let staging: String
    private let target: String
    private let madeAbove: [String]

    /// Makes the staging folder (and any missing folders above the output), after removing what
    /// killed runs left beside it.
    public init(_ output: String, processID: Int32 = getpid()) throws(FileProblem) {
        self.output = output
        target = PathName.physical(output)
        let parent = PathName.folder(of: target)
        let name = PathName.name(of: target)
        staging = PathName.joining(parent, ".\(name).backdrop-staging-\(processID)")
        var missing: [String] = []
        var folder = parent
        while folder != "/", FileWriter.kind(folder) == nil {
            missing.append(folder)
            folder = PathName.folder(of: folder)
        }
        madeAbove = missing
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: target, isDirectory: &isFolder), !isFolder.boolValue {
            throw FileProblem(
                path: output, action: "cannot be made a folder",
                reason: "\(FileWriter.kindName(FileWriter.kind(target))) is in its place, not a folder")
        }
        do {
            try FileWriter.makeFolder(parent)
        } catch {
            throw FileProblem(path: output, action: "cannot be created", reason: "\(ShownText.escaped(error.path)) \(error.message)")
        }
        ProcessNamed.removeLeftovers(in: parent, prefix: ".\(name).backdrop-staging-")
        guard mkdir(staging, 0o777) == 0 else {
            let code = errno
            removeMadeAbove()
            throw FileProblem(path: output, action: "cannot be written", reason: "the staging folder \(staging): \(FileProblem.reason(errno: code))")
        }
    }

    /// The outermost folder this made: the first missing folder above the output, or the staging
    /// folder. Removing it whole undoes everything this made before ``commit(_:)``.
    public var outermostMade: String { madeAbove.last ?? staging }

    /// Where the file `name` is written before it is moved into place. A name may hold folders
    /// (`blur/small-top-left-blur.png`): they are made in the staging folder here, and in the
    /// output folder by ``commit(_:)`` (and removed again if it fails).
    public func stagedPath(_ name: String) -> String {
        let path = PathName.joining(staging, name)
        let folder = PathName.folder(of: path)
        if folder != staging { try? FileWriter.makeFolder(folder) }
        return path
    }

    /// Where the file `name` lands, for messages.
    public func finalPath(_ name: String) -> String { PathName.joining(output, name) }

    /// Moves the files `names`, each written in the staging folder, into the output folder; on
    /// failure nothing of them is left there, the files they would have replaced are back, and
    /// the staging folder is gone.
    public func commit(_ names: [String]) throws(FileProblem) {
        guard FileWriter.kind(target) != nil else {
            guard rename(staging, target) == 0 else {
                let code = errno
                discard()
                throw FileProblem(path: output, action: "cannot be written", errno: code)
            }
            return
        }
        var moved: [(destination: String, backup: String?)] = []
        var madeFolders: [String] = []
        for name in names {
            do throws(FileProblem) {
                madeFolders += try makeFolders(of: name)
                moved.append(try move(name))
            } catch {
                for (destination, backup) in moved.reversed() {
                    if let backup { rename(backup, destination) } else { unlink(destination) }
                }
                for folder in madeFolders.reversed() { rmdir(folder) }
                discard()
                throw error
            }
        }
        discard()
    }

    /// Removes the staging folder and the folders made above the output (a failed run).
    public func discard() {
        try? FileManager.default.removeItem(atPath: staging)
        removeMadeAbove()
    }

    /// Makes the missing folders of `name` in the existing output folder; returns them, outermost first.
    private func makeFolders(of name: String) throws(FileProblem) -> [String] {
        var missing: [String] = []
        var folder = PathName.folder(of: PathName.joining(target, name))
        while folder != target, FileWriter.kind(folder) == nil {
            missing.insert(folder, at: 0)
            folder = PathName.folder(of: folder)
        }
        for (index, made) in missing.enumerated() where mkdir(made, 0o777) != 0 {
            let code = errno
            for earlier in missing[..<index].reversed() { rmdir(earlier) }
            throw FileProblem(path: finalPath(name), action: "cannot be written", errno: code)
        }
        return missing
    }

    /// Moves one staged file over its name in the existing output folder, keeping a hard link of
    /// the file it replaces.
    private func move(_ name: String) throws(FileProblem) -> (destination: String, backup: String?) {
        let shown = finalPath(name)
        var destination = PathName.joining(target, name)
        if FileWriter.kind(destination) == .typeSymbolicLink, let resolved = PathName.realPath(destination) {
            destination = resolved
        }
        var backup: String?
        switch FileWriter.kind(destination) {
        case nil: break
        case .typeRegular?:
            let kept = PathName.joining(staging, ".replaced-\(name.replacingOccurrences(of: "/", with: "-"))")
            guard link(destination, kept) == 0 else { throw FileProblem(path: shown, action: "cannot be replaced", errno: errno) }
            backup = kept
        case let other?:
            throw FileProblem(path: shown, action: "cannot be replaced", reason: "is \(FileWriter.kindName(other)); only a regular file is replaced")
        }
        guard rename(stagedPath(name), destination) == 0 else {
            throw FileProblem(path: shown, action: "cannot be written", errno: errno)
        }
        return (destination, backup)
    }

    private func removeMadeAbove() {
        for folder in madeAbove { rmdir(folder) }
    }
}

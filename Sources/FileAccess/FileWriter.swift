import Foundation

/// The one way the tool replaces a file it was asked to write (`export --output`, crops,
/// samples, `measurement.json`): atomically, and only ever a regular file.
///
/// - A missing file is created; a regular file is replaced by renaming a complete temporary
///   file from the same folder over it, keeping its permissions, so a reader sees the old bytes
///   or the new, never a truncated file.
/// - A symbolic link is written through: its target, which must be an existing regular file, is
///   replaced as above and the link stays a link. A link names where the file is really kept (a
///   generated file linked into another tree), so replacing the link by a file would leave the
///   target stale and break the arrangement without a word.
/// - Anything else at the path (a folder, a FIFO, a device, a socket) is refused: writing into a
///   FIFO blocks, and replacing a device node or a folder is never what was asked.
public enum FileWriter {
    /// What kind of file a path names, without following a symbolic link (`nil`: nothing there).
    public static func kind(_ path: String) -> FileAttributeType? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .typeRegular
        case S_IFDIR: return .typeDirectory
        case S_IFLNK: return .typeSymbolicLink
        case S_IFCHR: return .typeCharacterSpecial
        case S_IFBLK: return .typeBlockSpecial
        case S_IFSOCK: return .typeSocket
        default: return .typeUnknown
        }
    }

    /// Writes `bytes` to `path` as described above; errors name the path and the reason.
    public static func replace(_ path: String, with bytes: some Collection<UInt8>) throws(FileProblem) {
        let target = try writableTarget(path)
        let directory = PathName.folder(of: target)
        let name = PathName.name(of: target)
        var template = Array(PathName.joining(directory, ".\(name).XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw FileProblem(path: path, action: "cannot be written", errno: errno) }
        let temporary = String(cString: template)
        var info = stat()
        let mode = stat(target, &info) == 0 ? info.st_mode & 0o7777 : 0o666 & ~creationMask
        do throws(FileProblem) {
            guard fchmod(descriptor, mode) == 0 else { throw FileProblem(path: path, action: "cannot be written", errno: errno) }
            try writeAll(bytes, to: descriptor, path: path)
            guard fsync(descriptor) == 0 else { throw FileProblem(path: path, action: "cannot be written", errno: errno) }
            guard close(descriptor) == 0 else {
                unlink(temporary)
                throw FileProblem(path: path, action: "cannot be written", errno: errno)
            }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw error
        }
        guard rename(temporary, target) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileProblem(path: path, action: "cannot be written", errno: code)
        }
    }

    /// Moves a file to `destination` in one atomic step, replacing whatever file or link is there
    /// (for files named by their content, where two writers of one name write the same bytes): a
    /// rename, or across file systems a copy to a unique hidden name beside `destination` renamed
    /// over it. At no moment is `destination` missing or partly written, whatever runs at once.
    public static func move(_ source: String, to destination: String) throws(FileProblem) {
        guard rename(source, destination) != 0 else { return }
        guard errno == EXDEV else { throw FileProblem(path: destination, action: "cannot be written", errno: errno) }
        let bytes = try FileReader.bytes(source)
        let directory = PathName.folder(of: destination)
        let temporary = PathName.joining(directory, ".\(PathName.name(of: destination)).\(UUID().uuidString)")
        try create(temporary, with: bytes)
        guard rename(temporary, destination) == 0 else {
            let code = errno
            unlink(temporary)
            throw FileProblem(path: destination, action: "cannot be written", errno: code)
        }
        unlink(source)
    }

    /// Makes a folder and any missing parents; an existing folder (or a link to one) is fine.
    /// Each level is made with `mkdir`, so a failure has the system's reason; a failure at a
    /// folder above names `path` and that folder (`a/b: cannot be created: a is a regular file,
    /// not a folder`).
    public static func makeFolder(_ path: String) throws(FileProblem) {
        do {
            try makeFolderLevels(path)
        } catch  where error.path != path {
            throw FileProblem(path: path, action: "cannot be created", reason: "\(ShownText.escaped(error.path)) \(error.message)")
        }
    }

    private static func makeFolderLevels(_ path: String) throws(FileProblem) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw FileProblem(path: path, action: "cannot be made a folder", reason: "\(kindName(kind(path))) is in its place, not a folder")
            }
            return
        }
        let parent = PathName.folder(of: path)
        if parent != path { try makeFolderLevels(parent) }
        guard mkdir(path, 0o777) != 0 else { return }
        let code = errno
        // Made by another process meanwhile: as good as made here.
        guard code == EEXIST, FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw FileProblem(path: path, action: "cannot be created", errno: code)
        }
    }

    /// Writes a new file, refusing to replace anything at `path`; a failed write removes it again.
    public static func create(_ path: String, with bytes: some Collection<UInt8>) throws(FileProblem) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw FileProblem(path: path, action: "cannot be written", errno: errno) }
        do throws(FileProblem) {
            try writeAll(bytes, to: descriptor, path: path)
            guard fsync(descriptor) == 0 else { throw FileProblem(path: path, action: "cannot be written", errno: errno) }
        } catch {
            close(descriptor)
            unlink(path)
            throw error
        }
        guard close(descriptor) == 0 else {
            let code = errno
            unlink(path)
            throw FileProblem(path: path, action: "cannot be written", errno: code)
        }
    }

    /// The regular file (or the free name) a write to `path` replaces, following one level of
    /// symbolic links as far as they go; refuses anything else.
    private static func writableTarget(_ path: String) throws(FileProblem) -> String {
        switch kind(path) {
        case nil, .typeRegular?: return path
        case .typeSymbolicLink?:
            guard let resolved = realpath(path, nil) else {
                throw FileProblem(
                    path: path, action: "cannot be written",
                    reason: "is a symbolic link to a file that does not exist; make the file first, or remove the link")
            }
            defer { free(resolved) }
            let target = String(cString: resolved)
            guard kind(target) == .typeRegular else {
                throw FileProblem(
                    path: path, action: "cannot be written",
                    reason: "is a symbolic link to \(ShownText.escaped(target)), \(kindName(kind(target))); only a regular file is replaced")
            }
            return target
        case let other:
            throw FileProblem(path: path, action: "cannot be written", reason: "is \(kindName(other)); only a regular file is replaced")
        }
    }

    /// What a kind of file is called in messages (`a folder`, `missing`).
    static func kindName(_ kind: FileAttributeType?) -> String {
        switch kind {
        case .typeDirectory?: "a folder"
        case .typeCharacterSpecial?, .typeBlockSpecial?: "a device"
        case .typeSocket?: "a socket"
        case .typeSymbolicLink?: "a symbolic link"
        case .typeRegular?: "a regular file"
        case nil: "missing"
        default: "a FIFO or other special file"
        }
    }

    private static func writeAll(_ bytes: some Collection<UInt8>, to descriptor: Int32, path: String) throws(FileProblem) {
        let array = Array(bytes)
        var offset = 0
        while offset < array.count {
            let written = array.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, array.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw FileProblem(path: path, action: "cannot be written", errno: errno)
            }
            offset += written
        }
    }

    /// The process's file creation mask, read once (setting it back at once, before any thread
    /// writes): new files get the permissions any other tool would give them.
    private static let creationMask: mode_t = {
        let mask = umask(0o022)
        umask(mask)
        return mask
    }()
}

import CheckCodes
import FileAccess
import Foundation

/// The content folder, and the one way its files are read: by a path relative to the folder,
/// never leading out of it (through `..` or a symbolic link), never larger than a limit.
public struct ContentFolder: Sendable {
    /// The folder as given (relative to the working directory, or absolute).
    public let path: String
    /// The folder with every symbolic link resolved, or `nil` when it does not exist.
    private let resolvedRoot: String?

    /// The largest device profile read: real ones are a few kilobytes.
    public static let maximumProfileBytes = 256 * 1024
    /// The largest Markdown page read (the guide and other pages).
    public static let maximumPageBytes = 1024 * 1024

    public init(_ path: String) {
        self.path = path
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        resolvedRoot = exists ? Self.realPath(path) : nil
    }

    /// Whether two paths are the same, byte for byte: a file system compares names as bytes, not
    /// as Unicode text, so `é` and `e` + U+0301 are different folders.
    public static func isSamePath(_ first: String, _ second: String) -> Bool {
        first.utf8.elementsEqual(second.utf8)
    }

    /// Whether `inner` lies strictly inside `outer` (both absolute and resolved), by bytes.
    public static func isPath(_ inner: String, inside outer: String) -> Bool {
        let prefix = outer == "/" ? Array("/".utf8) : Array((outer + "/").utf8)
        return !isSamePath(inner, outer) && inner.utf8.starts(with: prefix)
    }

    /// Why a file operation failed, in words: the system's reason rather than a Foundation
    /// error number (``FileProblem``'s wording).
    public static func reason(_ error: any Error) -> String {
        FileProblem.reason(error)
    }

    /// The real path of an existing file: absolute, every symbolic link and `..` resolved.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The path of a file of the folder, as shown in messages.
    public func path(of relative: String) -> String {
        PathName.joining(path, relative)
    }

    /// Why a file cannot be read. Its description is the reason, without the file name.
    public enum ReadError: Problem, Equatable {
        case missing
        case outside(resolved: String)
        case notAFile
        case tooLarge(bytes: Int, limit: Int)
        case unreadable(String)
        case notUTF8

        public var problems: [ProblemText] { [ProblemText(code: check.code, reason: reason)] }

        /// Why, in words, without the file name.
        public var reason: String {
            switch self {
            case .missing: "does not exist"
            case .outside(let resolved): "leads to \(resolved), outside the content folder; content files must be inside it"
            case .notAFile: "is not a regular file"
            case .tooLarge(let bytes, let limit):
                "is \(ByteCount(bytes)) (\(grouped(bytes)) bytes); such a file may have at most \(ByteCount(limit)) (\(grouped(limit)) bytes)"
            case .unreadable(let reason): "cannot be read: \(reason)"
            case .notUTF8: "is not UTF-8 text"
            }
        }

        /// The content check that fails: outside the folder and too large have checks of their
        /// own; everything else is an unreadable file.
        public var check: ContentCheck {
            switch self {
            case .outside: .pathOutsideContent
            case .tooLarge: .fileTooLarge
            case .missing, .notAFile, .unreadable, .notUTF8: .unreadableFile
            }
        }
    }

    /// Where a file of the folder really is: its path with symbolic links resolved, checked to be
    /// inside the folder and to be a regular file.
    public func locate(_ relative: String) throws(ReadError) -> String {
        guard let root = resolvedRoot, let resolved = Self.realPath(self.path(of: relative)) else { throw .missing }
        guard Self.isPath(resolved, inside: root) else { throw .outside(resolved: resolved) }
        guard Self.kind(resolved) == .typeRegular else { throw .notAFile }
        return resolved
    }

    /// What is at a path (a regular file, a folder, a link…), without following a final
    /// symbolic link; `nil` when nothing is.
    public static func kind(_ path: String) -> FileAttributeType? {
        FileWriter.kind(path)
    }

    /// The bytes of a file of the folder, refused when larger than `limit` (before it is read).
    public func bytes(_ relative: String, limit: Int) throws(ReadError) -> [UInt8] {
        let resolved = try locate(relative)
        guard let handle = FileHandle(forReadingAtPath: resolved) else { throw .unreadable("permission denied") }
        defer { try? handle.close() }
        do {
            let size = try handle.seekToEnd()
            guard size <= UInt64(limit) else { throw ReadError.tooLarge(bytes: Int(clamping: size), limit: limit) }
            try handle.seek(toOffset: 0)
            // Read no more than the limit, even if the file grows meanwhile.
            return Array((try handle.read(upToCount: limit) ?? Data()))
        } catch let error as ReadError {
            throw error
        } catch {
            throw .unreadable(Self.reason(error))
        }
    }

    /// The text of a file of the folder, refused when larger than `limit` or not UTF-8.
    public func text(_ relative: String, limit: Int) throws(ReadError) -> String {
        let data = try bytes(relative, limit: limit)
        guard let text = String(validating: data, as: UTF8.self) else { throw .notUTF8 }
        return text
    }

    /// The text of the page-sized file `relative` (at most ``maximumPageBytes``), or the error
    /// naming it: `what` and the reason, e.g. "the page is missing" (the reason alone without `what`).
    public func pageText(_ relative: String, what: String? = nil) throws(Diagnostic) -> String {
        do {
            return try text(relative, limit: Self.maximumPageBytes)
        } catch {
            throw Diagnostic(file: path(of: relative), check: error.check, message: what.map { "\($0) \(error)" } ?? error.description)
        }
    }
}

/// A byte count as people read it: `812 bytes`, `256 KB`, `1.5 MB`.
struct ByteCount: CustomStringConvertible {
    var bytes: Int
    init(_ bytes: Int) { self.bytes = bytes }

    var description: String {
        switch bytes {
        case ..<1024: "\(bytes) bytes"
        case ..<(1024 * 1024): "\(format(Double(bytes) / 1024)) KB"
        case ..<(1024 * 1024 * 1024): "\(format(Double(bytes) / 1024 / 1024)) MB"
        default: "\(format(Double(bytes) / 1024 / 1024 / 1024)) GB"
        }
    }

    private func format(_ value: Double) -> String {
        value >= 10 || value == value.rounded() ? String(Int(value.rounded())) : String(format: "%.1f", value)
    }
}

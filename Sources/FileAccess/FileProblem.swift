import CheckCodes
import Foundation

/// A file operation that failed, as one sentence a person reads: `PATH: what failed: reason`, the
/// reason in words (no space left on the device, permission denied, no such file or folder, is a
/// folder, already exists), never a Foundation error domain and number. The one place the tool
/// turns file-system errors into text.
public struct FileProblem: Problem, Equatable, Sendable {
    /// The file or folder, as the user named it.
    public var path: String
    /// What could not be done, without the file name (`cannot be written`), or `nil`.
    public var action: String?
    /// Why, in words.
    public var reason: String

    public init(path: String, action: String? = nil, reason: String) {
        self.path = path
        self.action = action
        self.reason = reason
    }

    /// A problem whose reason is the system's error `code` (an `errno` value).
    public init(path: String, action: String? = nil, errno code: Int32) {
        self.init(path: path, action: action, reason: Self.reason(errno: code))
    }

    /// A problem whose reason is read from any error a file operation throws.
    public init(path: String, action: String? = nil, error: any Error) {
        if let problem = error as? FileProblem {
            self = problem
        } else {
            self.init(path: path, action: action, reason: Self.reason(error))
        }
    }

    public var problems: [ProblemText] { [ProblemText(file: ShownText.escaped(path), reason: message)] }

    /// What failed and why, without the path: `cannot be written: no space left on the device`.
    public var message: String { (action.map { "\($0): " } ?? "") + reason }

    /// The reason for a system error code, in words.
    public static func reason(errno code: Int32) -> String {
        switch code {
        case ENOSPC: "no space left on the device"
        case EDQUOT: "the disk quota is used up"
        case EACCES, EPERM: "permission denied"
        case ENOENT: "no such file or folder"
        case EISDIR: "is a folder"
        case ENOTDIR: "a part of the path is not a folder"
        case EEXIST: "already exists"
        case EROFS: "the file system is read-only"
        case ENAMETOOLONG: "the name is too long"
        case ELOOP: "too many symbolic links"
        case EIO: "an input/output error"
        case EFBIG: "the file is too large"
        case EPIPE: "the reader has gone (broken pipe)"
        default: String(cString: strerror(code)).lowercased()
        }
    }

    /// The reason for any error a file operation throws: the POSIX code inside a Foundation error
    /// when there is one, else the code a Foundation error number stands for.
    public static func reason(_ error: any Error) -> String {
        if let problem = error as? FileProblem { return problem.reason }
        if let posix = error as? POSIXError { return reason(errno: posix.code.rawValue) }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return reason(errno: Int32(nsError.code)) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return reason(errno: Int32(underlying.code))
        }
        if nsError.domain == NSCocoaErrorDomain, let code = cocoaCodes[nsError.code] { return reason(errno: code) }
        return nsError.localizedDescription
    }

    /// Foundation's file error numbers (`NSCocoaErrorDomain Code=516`) and the system code each means.
    private static let cocoaCodes: [Int: Int32] = [
        CocoaError.fileNoSuchFile.rawValue: ENOENT, CocoaError.fileReadNoSuchFile.rawValue: ENOENT,
        CocoaError.fileReadNoPermission.rawValue: EACCES, CocoaError.fileWriteNoPermission.rawValue: EACCES,
        CocoaError.fileWriteFileExists.rawValue: EEXIST, CocoaError.fileWriteOutOfSpace.rawValue: ENOSPC,
        CocoaError.fileWriteVolumeReadOnly.rawValue: EROFS, CocoaError.fileReadTooLarge.rawValue: EFBIG,
    ]
}

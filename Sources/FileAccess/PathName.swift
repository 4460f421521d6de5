import Foundation

/// Path names taken apart and joined in plain Swift, as POSIX `dirname` and `basename` do, for
/// every path the tool is given or makes.
///
/// Foundation's `NSString.deletingLastPathComponent` traps (SIGILL) on Linux for a relative path
/// of one character (`y`, `y/`, `.`), the most ordinary `--out` there is, so the tool takes no
/// path apart with NSString's methods (a test over the sources keeps it so).
public enum PathName {
    /// The folder that holds `path`: `.` for a bare name (`y`, `y/`), `/` for `/` and `/y`, else
    /// everything before the last component, without trailing slashes (`a/b/` → `a`).
    public static func folder(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let folder = trimmingTrailingSlashes(String(trimmed[..<slash]))
        return folder.isEmpty ? "/" : folder
    }

    /// The last component of `path`, without trailing slashes: `y` for `a/y/`, `/` for `/`, `` for
    /// an empty path.
    public static func name(of path: String) -> String {
        let trimmed = trimmingTrailingSlashes(path)
        if trimmed == "/" { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return trimmed }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `name` inside `folder`, with one slash between them (`name` alone when `folder` is empty).
    public static func joining(_ folder: String, _ name: String) -> String {
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The extension of the path's last component, without its dot (`png`), or empty.
    public static func pathExtension(_ path: String) -> String {
        let last = name(of: path)
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return "" }
        return String(last[last.index(after: dot)...])
    }

    /// A path as the file system reaches it: absolute, each component taken in turn, so that a
    /// `..` after a symbolic link leads where the kernel would lead, and every existing part
    /// resolved to its real path. The part that does not exist yet is appended as written.
    public static func physical(_ path: String) -> String {
        let start = path.hasPrefix("/") ? "/" : FileManager.default.currentDirectoryPath
        var current = realPath(start) ?? start
        var exists = true
        for component in path.split(separator: "/") where component != "." {
            if component == ".." {
                current = folder(of: current)
                exists = FileWriter.kind(current) != nil
                if exists { current = realPath(current) ?? current }
                continue
            }
            current = joining(current, String(component))
            if exists, let real = realPath(current) {
                current = real
            } else {
                exists = false
            }
        }
        return current
    }

    /// The real path of an existing file (symbolic links, `.` and `..` resolved), or `nil`.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = Foundation.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}

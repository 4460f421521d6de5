import Foundation

/// The one way the tool reads a file it was named: a regular file (a symbolic link to one is
/// followed), read whole, or a ``FileProblem`` that says why not (no such file or folder,
/// permission denied, is a folder, is a FIFO or device). A FIFO is never opened for reading
/// without a writer, so naming one cannot hang the tool.
public enum FileReader {
    /// Whether two paths name one file (the same path, `./A` and `A`, a hard link, a symbolic
    /// link and its target), by device and inode.
    public static func isSameFile(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// The bytes of the regular file at `path`.
    public static func bytes(_ path: String) throws(FileProblem) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileProblem(path: path, action: "cannot be read", errno: errno) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileProblem(path: path, action: "cannot be read", errno: errno) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FileProblem(path: path, action: "cannot be read", errno: EISDIR)
        default: throw FileProblem(path: path, action: "cannot be read", reason: "is not a regular file (a FIFO, device or socket)")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileProblem(path: path, action: "cannot be read", errno: errno)
            }
            if count == 0 { return bytes }
            bytes += buffer[..<count]
        }
    }
}

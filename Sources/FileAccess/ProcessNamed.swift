import Foundation

/// Files and folders named after the process that made them (`PREFIX` + PID, then maybe a
/// suffix): a build's `site.staging-PID`, crop's `.OUT.backdrop-staging-PID`, serve's
/// `backdrop-serve-PID` and `backdrop-serve-PID-templates`. What a killed process left is
/// recognised by its name and removed once that process has ended.
public enum ProcessNamed {
    /// The process `entry` is named after: `prefix`, then 1 to 10 digits (a process ID), then one of `suffixes`
    /// (`""` for none); nil for any other name.
    public static func process(of entry: String, prefix: String, suffixes: [String] = [""]) -> Int32? {
        let bytes = Array(entry.utf8)
        let head = Array(prefix.utf8)
        guard bytes.starts(with: head) else { return nil }
        for suffix in suffixes {
            let tail = Array(suffix.utf8)
            guard bytes.count >= head.count + tail.count, bytes.suffix(tail.count).elementsEqual(tail) else { continue }
            let digits = bytes[head.count..<(bytes.count - tail.count)]
            guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { continue }
            return Int32(String(decoding: digits, as: UTF8.self))
        }
        return nil
    }

    /// Whether process `pid` exists (one of another user counts).
    public static func isRunning(_ pid: Int32) -> Bool {
        pid > 0 && (kill(pid, 0) == 0 || errno == EPERM)
    }

    /// Removes the entries of `folder` named after a process (``process(of:prefix:suffixes:)``)
    /// that has ended, and returns their paths.
    @discardableResult
    public static func removeLeftovers(in folder: String, prefix: String, suffixes: [String] = [""]) -> [String] {
        var removed: [String] = []
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            guard let pid = process(of: entry, prefix: prefix, suffixes: suffixes), !isRunning(pid) else { continue }
            let path = PathName.joining(folder, entry)
            if (try? FileManager.default.removeItem(atPath: path)) != nil { removed.append(path) }
        }
        return removed.sorted()
    }
}

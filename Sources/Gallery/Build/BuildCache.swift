import Catalog
import FileAccess
import Foundation

/// The build's cache: files named by the content key of what made them, each with a record of
/// its key, size and fingerprint, so that a damaged entry (truncated, appended to, edited, or
/// another entry's file put in its place) is noticed on use instead of published.
///
/// A build never writes into the cache while it runs: new entries go to a folder inside its
/// staging site and are moved into the cache only when the build succeeded, so that a failed or
/// interrupted build leaves the cache as it was. Entries are copied into a site, never linked:
/// editing a built site cannot reach the cache.
package struct BuildCache {
    /// The cache folder.
    package let folder: String
    /// Where this build's new entries wait until it succeeds.
    package let pending: String

    package init(folder: String, pending: String) {
        self.folder = folder
        self.pending = pending
    }

    /// What the cache holds for a key.
    package enum Lookup {
        /// The entry's bytes, as recorded.
        case intact([UInt8])
        /// No entry (or one written before entries had records): make it.
        case missing
        /// The entry does not match its record; make it again. The reason says how it differs.
        case damaged(String)
    }

    private static func name(_ key: ContentHash, _ suffix: String) -> String { "\(key).\(suffix)" }

    /// The path of an entry in the cache; `suffix` tells entries of one key apart (`png`, `calibration`).
    package func path(_ key: ContentHash, _ suffix: String) -> String {
        PathName.joining(folder, Self.name(key, suffix))
    }

    /// Where this build writes a new entry.
    package func newPath(_ key: ContentHash, _ suffix: String) -> String {
        PathName.joining(pending, Self.name(key, suffix))
    }

    /// The entry for a key, checked against its record.
    package func lookup(_ key: ContentHash, _ suffix: String) -> Lookup {
        let entry = path(key, suffix)
        let recordPath = entry + ".record"
        guard ContentFolder.kind(recordPath) != nil else { return .missing }
        guard ContentFolder.kind(recordPath) == .typeRegular, let data = FileManager.default.contents(atPath: recordPath),
            let record = Record(String(decoding: data, as: UTF8.self))
        else { return .damaged("its record is unreadable") }
        guard record.key == Self.name(key, suffix) else { return .damaged("its record is that of \(record.key)") }
        guard ContentFolder.kind(entry) != nil else { return .damaged("the file is gone but its record remains") }
        guard ContentFolder.kind(entry) == .typeRegular, let bytes = FileManager.default.contents(atPath: entry).map(Array.init) else {
            return .damaged("it is not a regular file")
        }
        guard bytes.count == record.size else {
            return .damaged("it has \(bytes.count) bytes, but \(record.size) were written")
        }
        guard Record(bytes, name: record.key).fingerprint == record.fingerprint else {
            return .damaged("its \(bytes.count) bytes differ from those written")
        }
        return .intact(bytes)
    }

    /// Records a new entry whose file this build has just written, read back and verified:
    /// `bytes`, as read.
    package func record(_ bytes: [UInt8], _ key: ContentHash, _ suffix: String) throws {
        try Record(bytes, name: Self.name(key, suffix)).text.write(toFile: newPath(key, suffix) + ".record", atomically: true, encoding: .utf8)
    }

    /// Writes a new entry and its record.
    package func store(_ bytes: [UInt8], _ key: ContentHash, _ suffix: String) throws {
        let entry = newPath(key, suffix)
        try Data(bytes).write(to: URL(fileURLWithPath: entry), options: .atomic)
        try Record(bytes, name: Self.name(key, suffix)).text.write(toFile: entry + ".record", atomically: true, encoding: .utf8)
    }

    /// Makes the folder new entries are written to.
    package func preparePending() throws {
        try FileManager.default.createDirectory(atPath: pending, withIntermediateDirectories: true)
    }

    /// Moves this build's new entries into the cache (each entry before its record) and removes
    /// the pending folder. Each move renames over what is there in one step, never removing it
    /// first, so builds that run at once, which write the same bytes under the same names, never
    /// see an entry missing or fail on each other's files.
    package func commit() throws {
        try FileWriter.makeFolder(folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: pending).sorted {
            ($0.hasSuffix(".record") ? 1 : 0, $0) < ($1.hasSuffix(".record") ? 1 : 0, $1)
        }
        for name in names {
            let destination = PathName.joining(folder, name)
            // A folder in an entry's place (a damaged cache) cannot be renamed over.
            if FileWriter.kind(destination) == .typeDirectory { try FileManager.default.removeItem(atPath: destination) }
            try FileWriter.move(PathName.joining(pending, name), to: destination)
        }
        try FileManager.default.removeItem(atPath: pending)
    }

    /// An entry's name, size and fingerprint, as a one-line text.
    private struct Record {
        var key: String
        var size: Int
        var fingerprint: String

        init(_ bytes: [UInt8], name: String) {
            var hash = ContentHash()
            hash.add(name)
            hash.add(bytes)
            key = name
            size = bytes.count
            fingerprint = hash.description
        }

        init?(_ text: String) {
            let parts = text.split(whereSeparator: \.isWhitespace)
            guard parts.count == 3, let size = Int(parts[1]), size >= 0, parts[2].count == 32 else { return nil }
            key = String(parts[0])
            self.size = size
            fingerprint = String(parts[2])
        }

        var text: String { "\(key) \(size) \(fingerprint)" }
    }
}

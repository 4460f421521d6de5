import Foundation

/// The build's cache: files named by the content key of what made them, each with a record of
/// its size and fingerprint, so that a damaged entry (truncated, appended to, edited) is noticed
/// on use instead of published.
///
/// Entries are only ever replaced whole, and are copied into a site, never linked: editing a
/// built site cannot reach the cache.
struct BuildCache {
    let folder: String

    /// What the cache holds for a key.
    enum Lookup {
        /// The entry's bytes, as recorded.
        case intact([UInt8])
        /// No entry (or one written before entries had records): make it.
        case missing
        /// The entry does not match its record; make it again. The reason says how it differs.
        case damaged(String)
    }

    /// The path of an entry; `suffix` tells entries of the same key apart (`png`, `calibration`).
    func path(_ key: ContentHash, _ suffix: String) -> String {
        (folder as NSString).appendingPathComponent("\(key).\(suffix)")
    }

    private func recordPath(_ key: ContentHash, _ suffix: String) -> String {
        path(key, suffix) + ".record"
    }

    /// The entry for a key, checked against its record.
    func lookup(_ key: ContentHash, _ suffix: String) -> Lookup {
        let manager = FileManager.default
        guard let recordData = manager.contents(atPath: recordPath(key, suffix)) else { return .missing }
        guard let record = Record(String(decoding: recordData, as: UTF8.self)) else {
            return .damaged("its record \(recordPath(key, suffix)) is unreadable")
        }
        guard let data = manager.contents(atPath: path(key, suffix)) else {
            return .damaged("the file is gone but its record remains")
        }
        let bytes = [UInt8](data)
        guard bytes.count == record.size else {
            return .damaged("it has \(bytes.count) bytes, but \(record.size) were written")
        }
        guard Record(bytes).fingerprint == record.fingerprint else {
            return .damaged("its \(bytes.count) bytes differ from those written")
        }
        return .intact(bytes)
    }

    /// Records an entry whose file has just been written and verified; its bytes, as recorded.
    func record(_ key: ContentHash, _ suffix: String) throws -> [UInt8] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(key, suffix))))
        try Record(bytes).text.write(toFile: recordPath(key, suffix), atomically: true, encoding: .utf8)
        return bytes
    }

    /// Writes an entry and its record.
    func store(_ bytes: [UInt8], _ key: ContentHash, _ suffix: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path(key, suffix)), options: .atomic)
        try Record(bytes).text.write(toFile: recordPath(key, suffix), atomically: true, encoding: .utf8)
    }

    /// An entry's size and fingerprint, as a one-line text.
    private struct Record {
        var size: Int
        var fingerprint: String

        init(_ bytes: [UInt8]) {
            var hash = ContentHash()
            hash.add(bytes)
            size = bytes.count
            fingerprint = hash.description
        }

        init?(_ text: String) {
            let parts = text.split(whereSeparator: \.isWhitespace)
            guard parts.count == 2, let size = Int(parts[0]), size >= 0, parts[1].count == 32 else { return nil }
            self.size = size
            fingerprint = String(parts[1])
        }

        var text: String { "\(size) \(fingerprint)" }
    }
}

import Dispatch
import Foundation
import Gallery
import Synchronization
import TestFolders
import Testing

/// Builds that run at once share the cache: each moves its new entries in when it succeeds, and
/// entries are named by their content, so two builds write the same bytes under the same name.
/// None of them may fail to keep its entries, or find an entry damaged, because of the other.
@Suite struct CacheRaceTests {
    @Test func concurrentCommitsOfTheSameEntriesAllSucceed() throws {
        try withTemporaryFolder("cache-race") { folder in
            let cacheFolder = folder.appendingPathComponent("cache").path
            let keys = (0..<60).map { index -> ContentHash in
                var hash = ContentHash()
                hash.add("entry \(index)")
                return hash
            }
            for round in 0..<5 {
                try? FileManager.default.removeItem(atPath: cacheFolder)
                let caches = (0..<8).map { BuildCache(folder: cacheFolder, pending: folder.appendingPathComponent("pending-\(round)-\($0)").path) }
                for cache in caches {
                    try cache.preparePending()
                    for (index, key) in keys.enumerated() { try cache.store(Array("bytes of entry \(index)".utf8), key, "png") }
                }
                let failures = Mutex<[String]>([])
                DispatchQueue.concurrentPerform(iterations: caches.count) { index in
                    do {
                        try caches[index].commit()
                    } catch {
                        failures.withLock { $0.append("build \(index): \(error)") }
                    }
                }
                #expect(failures.withLock { $0 }.isEmpty, "round \(round)")
                for (index, key) in keys.enumerated() {
                    guard case .intact(let bytes) = caches[0].lookup(key, "png") else {
                        Issue.record("round \(round): entry \(index) is not intact")
                        continue
                    }
                    #expect(bytes == Array("bytes of entry \(index)".utf8))
                }
                let left = try FileManager.default.contentsOfDirectory(atPath: cacheFolder).filter { $0.hasPrefix(".") }
                #expect(left.isEmpty, "no temporary file is left in the cache: \(left)")
            }
        }
    }
}

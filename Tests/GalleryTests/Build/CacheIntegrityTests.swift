import Catalog
import Foundation
import Gallery
import TestFolders
import Testing

/// The cache is checked on every use: a damaged entry is made again from the screenshot (with a
/// C004 warning), never published, and nothing done to a built site reaches the cache.
@Suite struct CacheIntegrityTests {
    /// The cache's crop files (previews are 600 px wide, crops never), by name.
    func cropEntries(_ small: SmallContent) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: small.cache, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "png" }
            .filter { [UInt8](try Data(contentsOf: $0))[16..<20] != [0, 0, 2, 88] }
            .sorted { $0.path < $1.path }
    }

    /// The images of a built site (its pages count the warnings of their build).
    func images(_ small: SmallContent) throws -> [String: Data] {
        try small.snapshot().filter { $0.key.hasSuffix(".png") }
    }

    struct Damage: CustomTestStringConvertible, Sendable {
        var name: String
        var damage: @Sendable (URL) throws -> Void
        var testDescription: String { name }
    }

    static let damages: [Damage] = [
        Damage(name: "truncated") { try Data(try Data(contentsOf: $0).prefix(100)).write(to: $0) },
        Damage(name: "bytes appended") { try (try Data(contentsOf: $0) + Data("junk".utf8)).write(to: $0) },
        Damage(name: "one byte changed") { url in
            var bytes = [UInt8](try Data(contentsOf: url))
            bytes[bytes.count / 2] ^= 0x01
            try Data(bytes).write(to: url)
        },
        Damage(name: "emptied") { try Data().write(to: $0) },
        Damage(name: "replaced by another valid PNG") { url in
            let other = try FileManager.default.contentsOfDirectory(at: url.deletingLastPathComponent(), includingPropertiesForKeys: nil)
                .first { $0.pathExtension == "png" && $0 != url }!
            try Data(contentsOf: other).write(to: url)
        },
        Damage(name: "removed, its record left") { try FileManager.default.removeItem(at: $0) },
        Damage(name: "a folder in its place") { url in
            try FileManager.default.removeItem(at: url)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        },
        Damage(name: "a link to a screenshot in its place") { url in
            try FileManager.default.removeItem(at: url)
            try FileManager.default.createSymbolicLink(
                at: url, withDestinationURL: packageRoot.appendingPathComponent("content/screenshots/iphone-se-1st-gen-light.png"))
        },
        Damage(name: "record garbled") { try Data("12 zz".utf8).write(to: URL(fileURLWithPath: $0.path + ".record")) },
    ]

    @Test(arguments: damages) func aDamagedCropIsMadeAgainNotPublished(_ damage: Damage) throws {
        let small = try SmallContent.built()
        defer { small.remove() }
        let good = try images(small)
        for entry in try cropEntries(small).prefix(3) { try damage.damage(entry) }
        let (report, diagnostics) = try small.build()
        let warnings = diagnostics.filter { $0.code == "C004" }
        #expect(warnings.count == 3, "\(diagnostics.map(\.description))")
        #expect(warnings.allSatisfy { $0.severity == .warning && $0.message.contains("made again from") }, "\(warnings.map(\.description))")
        #expect(report.cropsMade == 3)
        #expect(try images(small) == good, "the site's images are what they were before the damage")
        // And the cache has been mended: the next build uses it without a word.
        let (_, again) = try small.build()
        #expect(!again.contains { $0.code == "C004" })
    }

    @Test func editingTheBuiltSiteDoesNotReachTheCache() throws {
        let small = try SmallContent.built()
        defer { small.remove() }
        let good = try images(small)
        let crop = small.output.appendingPathComponent("devices/iphone-se-1st-gen/ios14/light/small-top-left.png")
        let handle = try FileHandle(forWritingTo: crop)
        try handle.seek(toOffset: 40)
        try handle.write(contentsOf: Data([0, 1, 2, 3]))
        try handle.close()
        let (report, diagnostics) = try small.build()
        #expect(!diagnostics.contains { $0.code == "C004" }, "the cache never shared the file")
        #expect(report.cropsMade == 0)
        #expect(try images(small) == good)
    }

    @Test func aDamagedCalibrationMeasurementIsMeasuredAgain() throws {
        let small = try CalibrationInBuildTests().content(shift: 0)
        defer { small.remove() }
        _ = try small.build()
        // Damage the measurement so that, trusted, it would fail the layout.
        let entry = try #require(
            FileManager.default.contentsOfDirectory(at: small.cache, includingPropertiesForKeys: nil).first { $0.pathExtension == "calibration" })
        try Data("small-top-left 28 90 282 282".utf8).write(to: entry)
        let (_, diagnostics) = try small.build()
        #expect(diagnostics.contains { $0.code == "C004" && $0.severity == .warning })
        #expect(!diagnostics.contains { $0.code == "C010" })
    }

    @Test func anotherEntrysFilesInPlaceOfAnEntryAreNoticed() throws {
        let small = try SmallContent.built()
        defer { small.remove() }
        let good = try images(small)
        let entries = try cropEntries(small)
        // A wrong crop with its own, valid record, under another crop's name.
        for suffix in ["", ".record"] {
            try Data(contentsOf: URL(fileURLWithPath: entries[1].path + suffix)).write(to: URL(fileURLWithPath: entries[0].path + suffix))
        }
        let (_, diagnostics) = try small.build()
        #expect(diagnostics.filter { $0.code == "C004" }.count == 1, "\(diagnostics.map(\.description))")
        #expect(try images(small) == good)
    }

    @Test func aFailedBuildLeavesTheCacheAsItWas() throws {
        let small = try SmallContent.built()
        defer { small.remove() }
        try FileManager.default.removeItem(at: small.cache)
        let profile = small.content.appendingPathComponent("devices/iphone-se-1st-gen.md")
        // Crops are made (the profile and screenshots are fine) but the guide is missing.
        try FileManager.default.removeItem(at: small.content.appendingPathComponent("docs/guide.md"))
        #expect(FileManager.default.fileExists(atPath: profile.path))
        #expect(throws: BuildFailure.self) { try small.build() }
        #expect(!FileManager.default.fileExists(atPath: small.cache.path), "a failed build writes no cache entry")
    }
}

import Catalog
import Foundation
import TestSupport
import Testing

/// Every profile the front-matter fuzz target (Fuzz/Sources/FuzzFrontMatter) crashed on, kept in
/// Fixtures/fuzz/, is parsed again as the target parses it: it must give diagnostics, not trap.
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz")
    static let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()

    @Test func thereAreInputs() {
        #expect(Self.files.count >= 10)
    }

    @Test(arguments: files)
    func parsesIntoDiagnostics(_ name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        let (document, diagnostics) = Catalog.parse(
            text: String(decoding: data, as: UTF8.self), file: "content/devices/fuzz-device.md", id: "fuzz-device", content: "content")
        #expect(document == nil, "\(name)")
        #expect(!diagnostics.isEmpty, "\(name)")
    }
}

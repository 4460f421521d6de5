import Foundation
import Testing

/// `backdrop export widget-geometry`: the committed catalog on standard output, the same file with
/// `--output`, and nothing written from a broken catalog.
@Suite struct ExportCommandTests {
    static let dataFile = CLIRunner.packageRoot.appendingPathComponent("Sources/WidgetGeometry/Generated/Catalog.swift")

    @Test func printsTheCommittedCatalog() throws {
        let result = try CLIRunner.run(["export", "widget-geometry"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == (try String(contentsOf: Self.dataFile, encoding: .utf8)))
    }

    @Test func writesTheOutputFileAndNothingFromABrokenCatalog() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("backdrop-export-\(UUID().uuidString)")
        let devices = folder.appendingPathComponent("devices")
        try FileManager.default.createDirectory(at: devices, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("Catalog.swift")

        let written = try CLIRunner.run(["export", "widget-geometry", "--output", output.path])
        #expect(written.status == 0, "\(written.stderr)")
        #expect((try String(contentsOf: output, encoding: .utf8)) == (try String(contentsOf: Self.dataFile, encoding: .utf8)))

        try "not a profile\n".write(to: devices.appendingPathComponent("broken.md"), atomically: true, encoding: .utf8)
        try "old\n".write(to: output, atomically: true, encoding: .utf8)
        let refused = try CLIRunner.run(["export", "widget-geometry", "--content", folder.path, "--output", output.path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("broken.md"), "\(refused.stderr)")
        #expect((try String(contentsOf: output, encoding: .utf8)) == "old\n")
    }
}

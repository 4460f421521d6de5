import Catalog
import Foundation
import TestFolders
import TestSupport
import Testing

/// `content/data-versions.yaml`: the data version and its changelog, checked entry by entry.
@Suite struct DataVersionsTests {
    static let file = "content/data-versions.yaml"

    static func release(_ version: String, date: String = "2026-11-25", changes: String = "    - {layout: all, numbers: n, source: s}\n")
        -> String
    {
        "- version: \(version)\n  date: \(date)\n  changes:\n" + changes
    }

    @Test func theBundledContentIsVersionedNewestFirst() {
        let catalog = Catalog.load(content: bundledContent)
        #expect(!catalog.diagnostics.contains { $0.file.hasSuffix(DataVersions.file) }, "\(catalog.diagnostics)")
        #expect(catalog.versions.current == catalog.versions.releases.first?.version)
        #expect(catalog.versions.releases.count >= 2)
        #expect(catalog.versions.releases.allSatisfy { !$0.changes.isEmpty })
    }

    @Test func aWellFormedFileReadsWithTheNewestFirst() {
        let (versions, diagnostics) = DataVersions.parse(Self.release("2026.11.2") + Self.release("2026.11.1"), file: Self.file)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(versions.current == "2026.11.2")
        #expect(versions.releases.map(\.changes.first?.layout) == ["all", "all"])
    }

    @Test(arguments: [
        (release("2026.11"), "the version is not YEAR.MONTH.N"),
        (release("26.11.1"), "the version is not YEAR.MONTH.N"),
        (release("2026.11.1") + release("2026.11.2"), "the versions are not newest first, each once"),
        (release("2026.11.1") + release("2026.11.1"), "the versions are not newest first, each once"),
        (release("2026.11.1", date: "25 Nov 2026"), "is not YYYY-MM-DD"),
        (release("2026.11.1", changes: "    []\n"), "no changes are listed"),
        (release("2026.11.1", changes: "    - {layout: all, numbers: \"\", source: s}\n"), "a change has an empty layout, numbers or source"),
        ("version: 2026.11.1\n", "is not a list of releases"),
    ])
    func aMalformedFileIsAnErrorNamingItAndTheRelease(text: String, reason: String) {
        let (versions, diagnostics) = DataVersions.parse(text, file: Self.file)
        #expect(versions.current == nil)
        #expect(diagnostics.count >= 1)
        #expect(diagnostics.allSatisfy { $0.file == Self.file && $0.severity == .error })
        #expect(diagnostics.contains { $0.message.contains(reason) }, "\(diagnostics)")
    }

    @Test func aChangeOfAnUnknownDeviceOrLayoutIsAWarning() {
        let changes = ["all", "all/ios26", "iphone-16-pro/ios18", "iphone-99/ios18", "iphone-16-pro/ios99", "iphone-16-pro", "a/b/c"]
            .map { "    - {layout: \($0), numbers: n, source: s}\n" }.joined()
        let (versions, diagnostics) = DataVersions.parse(Self.release("2026.11.1", changes: changes), file: Self.file)
        #expect(diagnostics.isEmpty)
        let warnings = versions.unknownLayouts(devices: ["iphone-16-pro"], file: Self.file)
        #expect(warnings.map { $0.message.split(separator: "`")[1] } == ["iphone-99/ios18", "iphone-16-pro/ios99", "iphone-16-pro", "a/b/c"])
        #expect(warnings.allSatisfy { $0.severity == .warning && $0.file == Self.file })
    }

    @Test func contentWithoutTheFileIsUnversionedNotAnError() throws {
        try withTemporaryFolder("data-versions") { folder in
            let (versions, diagnostics) = DataVersions.load(content: folder.path)
            #expect(versions.current == nil && versions.releases.isEmpty && diagnostics.isEmpty)
        }
    }

    @Test func theLibraryAndGeometryJSONCarryTheVersionAndTheChangelog() throws {
        let catalog = Catalog.load(content: bundledContent)
        let current = try #require(catalog.versions.current)
        let source = WidgetGeometrySource.data(catalog)
        #expect(source.contains("public static let dataVersion = \"\(current)\""))
        for release in catalog.versions.releases {
            #expect(source.contains("version: \"\(release.version)\", date: \"\(release.date)\""))
        }
        let json = try #require(try JSONSerialization.jsonObject(with: encodeJSON(GeometryDocument(catalog))) as? [String: Any])
        #expect(json["dataVersion"] as? String == current)
        #expect((json["dataChangelog"] as? [[String: Any]])?.count == catalog.versions.releases.count)
    }
}

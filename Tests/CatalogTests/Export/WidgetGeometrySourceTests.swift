import Catalog
import Foundation
import TestFolders
import Testing

/// The WidgetGeometry library's committed catalog is what content/ generates, and the comparison
/// catches a changed profile.
@Suite struct WidgetGeometrySourceTests {
    static let committedFile = packageRoot.appendingPathComponent(WidgetGeometrySource.dataFile)

    @Test func theCommittedCatalogIsWhatTheContentGenerates() throws {
        let committed = try String(contentsOf: Self.committedFile, encoding: .utf8)
        let catalog = Catalog.load(content: bundledContent)
        #expect(!catalog.diagnostics.hasErrors)
        let stale = WidgetGeometrySource.staleness(committed: committed, generated: WidgetGeometrySource.data(catalog))
        #expect(stale == nil, "\(stale ?? "")")
    }

    @Test func aChangedProfileMakesTheCommittedCatalogStale() throws {
        try withTemporaryFolder("widget-geometry") { temporary in
            let folder = temporary.appendingPathComponent("content")
            try FileManager.default.copyItem(at: URL(fileURLWithPath: bundledContent), to: folder)
            // The iPhone 8 Plus's iOS 14 rows measured 1 px lower: the grid rules still hold.
            let profile = folder.appendingPathComponent("devices/iphone-8-plus.md")
            let text = try String(contentsOf: profile, encoding: .utf8)
            var changed = text
            for (old, new) in [("top: 114", "top: 115"), ("middle: 696", "middle: 697"), ("bottom: 1278", "bottom: 1279")] {
                changed = changed.replacingOccurrences(of: "    \(old)\n", with: "    \(new)\n")
            }
            try #require(changed.split(separator: "\n").count == text.split(separator: "\n").count && changed != text)
            try changed.write(to: profile, atomically: true, encoding: .utf8)

            let catalog = Catalog.load(content: folder.path)
            #expect(!catalog.diagnostics.hasErrors, "\(catalog.diagnostics)")
            let committed = try String(contentsOf: Self.committedFile, encoding: .utf8)
            let generated = WidgetGeometrySource.data(catalog)
            #expect(generated != committed)
            let stale = try #require(WidgetGeometrySource.staleness(committed: committed, generated: generated))
            #expect(stale.hasPrefix("\(WidgetGeometrySource.dataFile) is out of date with content/ (line "))
            #expect(stale.contains("PixelRect(x: 99, y: 115, "), "\(stale)")
            #expect(
                stale.hasSuffix(
                    "regenerate it with `swift run --traits Tool backdrop export widget-geometry --output \(WidgetGeometrySource.dataFile)`"))
        }
    }

    @Test func theSameContentGeneratesTheSameText() {
        let first = WidgetGeometrySource.data(Catalog.load(content: bundledContent))
        let second = WidgetGeometrySource.data(Catalog.load(content: bundledContent))
        #expect(first == second)
    }
}

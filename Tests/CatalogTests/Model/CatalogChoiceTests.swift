import Catalog
import Foundation
import TestFolders
import Testing

/// Which catalog a command reads, and what it says of it.
@Suite struct CatalogChoiceTests {
    @Test func theFolderGivenThenTheLocalOneThenTheBuiltInOne() throws {
        #expect(CatalogChoice(given: "mine", local: bundledContent).source == .folder("mine"))
        #expect(CatalogChoice(given: nil, local: bundledContent).source == .folder(bundledContent))
        let nowhere = CatalogChoice(given: nil, local: "no-such-content-\(UUID().uuidString)")
        #expect(nowhere.source == .builtIn)
        #expect(nowhere.source.label == "built into backdrop")
    }

    @Test func whatIsSaidOfEachCatalog() throws {
        let folder = CatalogChoice(given: bundledContent, local: "content").load(.reported)
        let version = try #require(folder.catalog.versions.current)
        #expect(folder.lines == ["catalog: \(bundledContent) (geometry data \(version))"])
        #expect(!folder.fails && !folder.catalog.devices.isEmpty)
        #expect(CatalogChoice(given: bundledContent, local: "content").load(.silent).lines.isEmpty)
        // The built-in catalog's files are kept under `content`, whatever the working folder has.
        let builtIn = CatalogChoice(given: nil, local: "content").load(.reported)
        #expect(builtIn.catalog.devices.count == folder.catalog.devices.count)
    }

    /// The built-in catalog has no folder: its name is words for a person, never made a path, so
    /// its profiles name no screenshot file (not `built into backdrop/screenshots/…`); and its
    /// files are found under their own name in the binary, whatever the working folder's is.
    @Test func theBuiltInCatalogNamesNoFileAndIsFoundFromAnyFolder() throws {
        let folder = CatalogChoice(given: bundledContent, local: "content").load(.reported).catalog
        for local in ["no-such-content-\(UUID().uuidString)", "/nonexistent/elsewhere/content"] {
            let choice = CatalogChoice(given: nil, local: local)
            #expect(choice.source == .builtIn)
            let builtIn = choice.load(.reported).catalog
            #expect(builtIn.devices.map(\.id) == folder.devices.map(\.id), "\(local)")
            #expect(builtIn.devices.allSatisfy { $0.screenshotSets.allSatisfy(\.files.isEmpty) && $0.calibrations.isEmpty })
            #expect(builtIn.devices.allSatisfy { $0.file.hasPrefix("devices/") && $0.file.hasSuffix(".md (built into backdrop)") })
        }
        #expect(folder.devices.contains { !$0.screenshotSets.allSatisfy(\.files.isEmpty) })
    }

    /// A command that writes into the content folder, where there is none, is told to stop, and why.
    @Test func writingIntoAContentFolderThatIsNotThereFails() throws {
        let nowhere = CatalogChoice(given: nil, local: "no-such-content-\(UUID().uuidString)")
        let loaded = nowhere.load(.reported, needsFolder: true)
        #expect(loaded.fails)
        #expect(loaded.lines.last?.hasPrefix("this command writes into the content folder, and there is none here") == true, "\(loaded.lines)")
        #expect(!nowhere.load(.reported).fails)
        #expect(!CatalogChoice(given: bundledContent, local: "content").load(.reported, needsFolder: true).fails)
    }

    @Test func aConsultedCatalogsErrorsAreWarningsUnlessNothingOfItReads() throws {
        try withTemporaryFolder("choice") { root in
            let devices = root.appendingPathComponent("devices")
            try FileManager.default.createDirectory(at: devices, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: URL(fileURLWithPath: bundledContent).appendingPathComponent("devices/iphone-16-pro.md"),
                to: devices.appendingPathComponent("iphone-16-pro.md"))
            try Data("---\nname: [broken\n---\n".utf8).write(to: devices.appendingPathComponent("broken-phone.md"))
            let choice = CatalogChoice(given: root.path, local: "content")
            let consulted = choice.load(.consulted)
            #expect(!consulted.fails)
            #expect(consulted.lines.dropFirst().allSatisfy { $0.contains(": warning[") }, "\(consulted.lines)")
            #expect(consulted.lines.count > 1)
            let reported = choice.load(.reported)
            #expect(reported.lines.dropFirst().contains { $0.contains(": error[") })
            // Nothing of it reads: consulting it fails, its errors said as errors.
            try FileManager.default.removeItem(at: devices.appendingPathComponent("iphone-16-pro.md"))
            let unread = choice.load(.consulted)
            #expect(unread.fails)
            #expect(unread.lines.dropFirst().contains { $0.contains(": error[") })
        }
    }
}

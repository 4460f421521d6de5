import Catalog
import Checks
import Foundation
import TestFolders
import Testing

/// `backdrop check`'s work, in-process.
@Suite struct ContentCheckRunTests {
    @Test func theBundledContentPassesWithItsSummary() {
        let content = packageRoot.appendingPathComponent("content").path
        let catalog = Catalog.load(content: content)
        let run = ContentCheckRun(catalog, content: content)
        #expect(!run.failed)
        #expect(run.diagnostics == run.diagnostics.sorted())
        let layouts = catalog.devices.map { $0.profile.layouts.count }.reduce(0, +)
        #expect(run.summary.hasPrefix("checked \(catalog.devices.count) devices, \(layouts) layouts: 0 errors, "))
    }

    @Test func aScreenshotTheProfileNamesThatIsMissingFailsTheCheck() throws {
        let content = packageRoot.appendingPathComponent("content").path
        let catalog = Catalog.load(content: content)
        // The same catalog, checked against a folder without its screenshots.
        let run = ContentCheckRun(catalog, content: FileManager.default.temporaryDirectory.appendingPathComponent("none-\(UUID().uuidString)").path)
        #expect(run.failed)
        #expect(run.summary.contains(" errors, ") && !run.summary.contains(": 0 errors"))
    }
}

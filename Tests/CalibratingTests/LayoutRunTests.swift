import Calibrating
import Catalog
import Checks
import Foundation
import TestFolders
import Testing

/// `calibrate --transparent`'s measurement, in-process: what it refuses before any widget is
/// looked for, each about its file. (A home screen painted with transparent widgets, recorded
/// into a copy of the catalog: `Tests/BrowserTests/test_check_widgets.py`.)
@Suite struct LayoutRunTests {
    static let content = packageRoot.appendingPathComponent("content")
    static let catalog = Catalog.load(content: content.path)
    /// Two screenshots of one iPhone 16 Pro page (1206x2622), light and dark.
    static let light = content.appendingPathComponent("screenshots/iphone-16-pro-light.png").path
    static let dark = content.appendingPathComponent("screenshots/iphone-16-pro-dark.png").path

    func failure(_ home: String, empty: String, device: String = "iphone-16-pro", layout: String = "ios26") -> RunFailure? {
        do {
            _ = try LayoutRun.checkWidgets(home, empty: empty, device: device, layout: layout, catalog: Self.catalog)
            return nil
        } catch {
            return error
        }
    }

    @Test func oneFileTwiceIsRefused() {
        let refused = failure(Self.light, empty: Self.light)
        #expect(refused?.problems.isEmpty == false)
    }

    @Test func aLayoutTheCatalogDoesNotListIsNamed() throws {
        let refused = try #require(failure(Self.light, empty: Self.dark, layout: "ios99"))
        #expect(refused.problems.first?.file == Self.light)
        #expect(refused.problems.first?.reason.contains("no layout `ios99` of device `iphone-16-pro`") == true)
        let device = try #require(failure(Self.light, empty: Self.dark, device: "iphone-0"))
        #expect(device.problems.first?.reason.contains("device `iphone-0`") == true)
    }

    @Test func aScreenshotOfAnotherScreenIsRefusedWithTheCatalogsWords() throws {
        let other = Self.content.appendingPathComponent("screenshots/iphone-16-pro-max-light.png").path
        let refused = try #require(failure(other, empty: Self.dark))
        #expect(refused.problems.first?.file == other)
        #expect(refused.problems.first?.reason.contains("1206x2622") == true, "\(refused.problems)")
    }

    @Test func aMissingScreenshotIsNamed() throws {
        let missing = Self.content.appendingPathComponent("screenshots/none.png").path
        let refused = try #require(failure(missing, empty: Self.dark))
        #expect(refused.problems.first?.file == missing)
        let empty = try #require(failure(Self.light, empty: missing))
        #expect(empty.problems.first?.file == missing)
    }
}

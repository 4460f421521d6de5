import Foundation
import Testing

@Suite struct CalibrateCommandTests {
    @Test func calibratesABundledSampleAndPrintsALayoutBlock() throws {
        let result = try CLIRunner.run(["calibrate", "content/calibration/iphone-16-pro-ios18-widgets-dark.png"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("6 widgets (6 small)"))
        #expect(result.stdout.contains("iphone-16-pro ios18: matches: 6 slots within 0 px"))
        #expect(result.stdout.contains("this is iphone-16-pro ios18"))
        #expect(
            result.stdout.contains(
                "  ios18:\n    unit: px\n    source: measured calibration\n    small: 486\n    left: 87\n    right: 633\n    top: 261\n    middle: 873\n    bottom: 1485"
            ))
    }

    @Test func jsonOutput() throws {
        let result = try CLIRunner.run(["calibrate", "content/calibration/iphone-12-mini-ios18-zoom-widgets-light.png", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["match"] as? String == "iphone-12-mini ios18-zoom")
        #expect((object["slots"] as? [[String: Any]])?.count == 2)
        let grid = try #require(object["grid"] as? [String: [String: Any]])
        #expect(grid["large height"]?["pixels"] as? Int == 933)
    }

    @Test func anEmptyPageFindsNoWidgets() throws {
        let result = try CLIRunner.run(["calibrate", "content/screenshots/iphone-x-light.png"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("no widgets found"))
        let sizes = try CLIRunner.run([
            "calibrate", "content/calibration/iphone-16-pro-ios18-widgets-dark.png", "--empty", "content/screenshots/iphone-x-light.png",
        ])
        #expect(sizes.stderr.contains("the screenshot is 1206x2622 but the empty-page screenshot is 1125x2436"))
    }
}

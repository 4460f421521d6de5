import Foundation
import TestFolders
import Testing

/// `backdrop calibrate SHOT --into DEVICE --layout LAYOUT`: from screenshot to catalog, on a copy
/// of the bundled content.
@Suite struct CalibrateIntoTests {
    let sample = CLIRunner.packageRoot.appendingPathComponent("content/calibration/iphone-16-pro-ios18-widgets-dark.png").path

    /// A copy of the bundled content in a temporary folder, removed at the end of `body`.
    func withContent(_ body: (URL) throws -> Void) throws {
        try withTemporaryFolder("backdrop-into") { folder in
            let content = folder.appendingPathComponent("content")
            try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("content"), to: content)
            try body(content)
        }
    }

    func profile(_ content: URL, _ device: String = "iphone-16-pro") -> URL {
        content.appendingPathComponent("devices/\(device).md")
    }

    func calibrationFiles(_ content: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: content.appendingPathComponent("calibration").path).sorted()
    }

    /// The rectangles `slots --json` gives a layout, by slot id.
    func rects(_ device: String, _ layout: String, content: String) throws -> [String: [String: Int]] {
        let result = try CLIRunner.run(["slots", device, "--layout", layout, "--json", "--content", content])
        #expect(result.status == 0, "\(result.stderr)")
        let layouts = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let slots = try #require(layouts.first?["slots"] as? [[String: Any]])
        var rects: [String: [String: Int]] = [:]
        for slot in slots {
            rects[try #require(slot["id"] as? String)] = try #require(slot["pixels"] as? [String: Int])
        }
        return rects
    }

    @Test func aRemovedLayoutComesBackFromItsCalibrationScreenshot() throws {
        try withContent { content in
            let file = profile(content)
            let original = try String(contentsOf: file, encoding: .utf8)
            let start = try #require(original.range(of: "  ios18:\n"))
            let end = try #require(original.range(of: "  ios18-large-icons:\n"))
            let without = String(original[..<start.lowerBound]) + String(original[end.lowerBound...])
            try without.write(to: file, atomically: true, encoding: .utf8)

            let result = try CLIRunner.run([
                "calibrate", sample, "--content", content.path, "--into", "iphone-16-pro", "--layout", "ios18",
                "--reference", "sample-2026=Backdrop's painted sample: backdrop samples iphone-16-pro --widgets ios18",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("created layout ios18"))
            #expect(result.stdout.contains("+   ios18:\n+     calibration:\n+       - calibration/iphone-16-pro-ios18-widgets-1.png"))
            #expect(result.stdout.contains("0 errors"))

            // The screenshot is copied under a clean name, and listed.
            let copied = content.appendingPathComponent("calibration/iphone-16-pro-ios18-widgets-1.png")
            #expect(try Data(contentsOf: copied) == Data(contentsOf: URL(fileURLWithPath: sample)))
            let edited = try String(contentsOf: file, encoding: .utf8)
            // Everything but the new layout and the new reference is as it was, byte for byte.
            let newStart = try #require(edited.range(of: "  ios18:\n"))
            let newEnd = try #require(edited.range(of: "  ios18-large-icons:\n"))
            let outside = String(edited[..<newStart.lowerBound]) + String(edited[newEnd.lowerBound...])
            let reference = "  sample-2026: \"Backdrop's painted sample: backdrop samples iphone-16-pro --widgets ios18\"\n"
            #expect(outside.replacing(reference, with: "").utf8.elementsEqual(without.utf8))

            // `check` passes and the slots are the ones the bundled layout has.
            let check = try CLIRunner.run(["check", "--content", content.path])
            #expect(check.status == 0, "\(check.stdout)")
            #expect(check.stdout.contains(": 0 errors,"))
            let bundled = try rects("iphone-16-pro", "ios18", content: CLIRunner.packageRoot.appendingPathComponent("content").path)
            #expect(try rects("iphone-16-pro", "ios18", content: content.path) == bundled)
            #expect(bundled.count == 11)

            // The same screenshot again changes nothing and copies nothing.
            let again = try CLIRunner.run(["calibrate", copied.path, "--content", content.path, "--into", "iphone-16-pro", "--layout", "ios18"])
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.stdout.contains("nothing changed"))
            #expect(try String(contentsOf: file, encoding: .utf8) == edited)
            #expect(!(try calibrationFiles(content)).contains("iphone-16-pro-ios18-widgets-2.png"))
        }
    }

    @Test func aDisagreeingMeasuredNumberIsRefusedUnlessReplaced() throws {
        try withContent { content in
            // Rows 3 px higher than the screenshot shows; the grid rules still hold.
            let file = profile(content)
            let shifted = try String(contentsOf: file, encoding: .utf8)
                .replacing("    top: 261\n    middle:\n      value: 873\n", with: "    top: 258\n    middle:\n      value: 870\n")
                .replacing("    bottom: 1485\n", with: "    bottom: 1482\n")
            try shifted.write(to: file, atomically: true, encoding: .utf8)
            let files = try calibrationFiles(content)

            let refused = try CLIRunner.run(["calibrate", sample, "--content", content.path, "--into", "iphone-16-pro", "--layout", "ios18"])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("\(file.path): the screenshot disagrees"), "\(refused.stderr)")
            #expect(refused.stderr.contains("top: the layout has 258 px (published widget-blur-2024), the screenshot measures 261 px (3 px apart)"))
            #expect(refused.stderr.contains("pass --replace"))
            #expect(try String(contentsOf: file, encoding: .utf8) == shifted)
            #expect(try calibrationFiles(content) == files)

            let replaced = try CLIRunner.run([
                "calibrate", sample, "--content", content.path, "--into", "iphone-16-pro", "--layout", "ios18", "--replace",
                "--reference", "sample-2026=a painted sample",
            ])
            #expect(replaced.status == 0, "\(replaced.stderr)")
            let rows = replaced.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
            #expect(rows.contains("KEY OLD NEW SOURCE"))
            #expect(rows.contains("top 258 px, published widget-blur-2024 261 px (replaced) measured sample-2026"))
            #expect(rows.contains("middle 870 px, measured measurements-png 873 px (replaced) measured sample-2026"))
            #expect(rows.contains("small 486 px, published widget-blur-2024 kept; measures 486 px published widget-blur-2024"))
            #expect(replaced.stdout.contains("not copied again"))
            let edited = try String(contentsOf: file, encoding: .utf8)
            #expect(edited.contains("    top: {value: 261, source: measured sample-2026}\n    middle: {value: 873, source: measured sample-2026}\n"))
            #expect(edited.contains("    bottom: {value: 1485, source: measured sample-2026}\n"))
            #expect(try calibrationFiles(content) == files)
        }
    }

    @Test func aMeasurementThatBreaksAGridRuleLeavesEverythingUntouched() throws {
        try withContent { content in
            let file = profile(content)
            let original = try Data(contentsOf: file)
            let files = try calibrationFiles(content)
            // iOS 18's small widgets against iOS 26's measured medium and large widgets.
            let result = try CLIRunner.run([
                "calibrate", sample, "--content", content.path, "--into", "iphone-16-pro", "--layout", "ios26", "--replace",
                "--reference", "sample-2026=a painted sample",
            ])
            #expect(result.status == 1)
            #expect(result.stderr.contains("would break the checks; the profile is untouched and no screenshot was copied"), "\(result.stderr)")
            #expect(result.stderr.contains("error[G005] iphone-16-pro ios26: small columns span 1032 px"))
            #expect(try Data(contentsOf: file) == original)
            #expect(try calibrationFiles(content) == files)
        }
    }

    @Test func theScreenshotMustBeTheLayoutsScreen() throws {
        try withContent { content in
            let zoomed = CLIRunner.packageRoot.appendingPathComponent("content/calibration/iphone-12-mini-ios18-zoom-widgets-light.png").path
            let result = try CLIRunner.run([
                "calibrate", zoomed, "--content", content.path, "--into", "iphone-12-mini", "--layout", "ios18", "--reference", "widget-blur-2024",
            ])
            #expect(result.status == 1)
            #expect(
                result.stderr.contains(
                    "\(zoomed): is 960x2079 pixels, but iphone-12-mini ios18 screenshots are 1125x2436; 960x2079 is iphone-12-mini with Display Zoom on: use --layout ios18-zoom"
                ), "\(result.stderr)")
            let other = try CLIRunner.run(["calibrate", sample, "--content", content.path, "--into", "iphone-x", "--layout", "ios18"])
            #expect(other.stderr.contains("1206x2622 screenshots come from iphone-16-pro"))
        }
    }

    @Test func unknownDevicesLayoutsAndMissingReferencesAreNamed() throws {
        try withContent { content in
            let layout = try CLIRunner.run(["calibrate", sample, "--content", content.path, "--into", "iphone-16-pro", "--layout", "ios19"])
            #expect(layout.status == 1)
            #expect(
                layout.stderr.contains(
                    "\(profile(content).path): unknown layout id `ios19`; valid ids: ios14, ios14-zoom, ios18, ios18-large-icons, ios18-zoom, ios26"))
            let device = try CLIRunner.run(["calibrate", sample, "--content", content.path, "--into", "iphone-17", "--layout", "ios18"])
            #expect(device.status == 1)
            #expect(device.stderr.contains("iphone-17.md: no such profile: there is no device `iphone-17`; known devices: iphone-11,"))
            let path = try CLIRunner.run(["calibrate", sample, "--content", content.path, "--into", "../guide", "--layout", "ios18"])
            #expect(path.status == 1)
            #expect(path.stderr.contains("`../guide` is not a device id"))
            // A new layout writes numbers, which must cite something.
            let file = profile(content, "iphone-14-pro")
            let text = try String(contentsOf: file, encoding: .utf8)
            let start = try #require(text.range(of: "  ios18:\n"))
            let end = try #require(text.range(of: "  ios18-large-icons:\n"))
            try (String(text[..<start.lowerBound]) + String(text[end.lowerBound...])).write(to: file, atomically: true, encoding: .utf8)
            let shot = CLIRunner.packageRoot.appendingPathComponent("content/calibration/iphone-14-pro-ios18-widgets-light.png").path
            let cited = try CLIRunner.run(["calibrate", shot, "--content", content.path, "--into", "iphone-14-pro", "--layout", "ios18"])
            #expect(cited.status == 1)
            #expect(cited.stderr.contains("a measured number must cite where it was measured. Pass --reference KEY=CITATION"), "\(cited.stderr)")
            let options = try CLIRunner.run(["calibrate", sample, "--layout", "ios18"])
            #expect(options.stderr.contains("--layout, --reference and --replace go with --into DEVICE"))
        }
    }

    /// Every state a stopped recording can leave, each reported by `check` (F017, F018); a
    /// recording that completes leaves no temporary file.
    @Test func whatAStoppedRecordingLeavesIsReported() throws {
        try withContent { content in
            let done = try CLIRunner.run([
                "calibrate", sample, "--content", content.path, "--into", "iphone-16-pro", "--layout", "ios18", "--replace",
            ])
            #expect(done.status == 0, "\(done.stderr)")
            for folder in ["devices", "calibration"] {
                let hidden = try FileManager.default.contentsOfDirectory(atPath: content.appendingPathComponent(folder).path).filter {
                    $0.hasPrefix(".")
                }
                #expect(hidden.isEmpty, "\(folder): \(hidden)")
            }
            let clean = try CLIRunner.run(["check", "--content", content.path])
            #expect(!clean.stdout.contains("F017") && !clean.stdout.contains("F018"), "\(clean.stdout)")

            // Stopped after both temporaries were written, then after the screenshot was linked.
            let temporaryProfile = content.appendingPathComponent("devices/.iphone-16-pro.md.backdrop-999.tmp")
            let temporaryShot = content.appendingPathComponent("calibration/.iphone-16-pro-ios18-widgets-9.png.backdrop-999.tmp")
            let unlisted = content.appendingPathComponent("calibration/iphone-16-pro-ios18-widgets-9.png")
            try FileManager.default.copyItem(at: profile(content), to: temporaryProfile)
            try FileManager.default.copyItem(atPath: sample, toPath: temporaryShot.path)
            try FileManager.default.copyItem(atPath: sample, toPath: unlisted.path)
            let check = try CLIRunner.run(["check", "--content", content.path])
            #expect(check.status == 0, "warnings: \(check.stdout)")
            for (file, code) in [(temporaryProfile, "F017"), (temporaryShot, "F017"), (unlisted, "F018")] {
                #expect(check.stdout.contains("\(file.path): warning[\(code)]"), "\(check.stdout)")
            }
        }
    }
}

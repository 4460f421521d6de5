import Foundation
import GeometryFormat
import TestFolders
import Testing

@Suite struct GeometryCommandsTests {
    @Test func checkPassesOnTheBundledCatalog() throws {
        let result = try CLIRunner.run(["check"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("checked \(bundledDeviceCount) devices"))
        #expect(result.stdout.contains(": 0 errors, 0 warnings"))
    }

    @Test func checkPrintsEveryProblemAndFails() throws {
        try withTemporaryFolder("backdrop-cli") { folder in
            let devices = folder.appendingPathComponent("devices")
            try FileManager.default.createDirectory(at: devices, withIntermediateDirectories: true)
            let source = try String(
                contentsOf: CLIRunner.packageRoot.appendingPathComponent("content/devices/iphone-14-pro.md"), encoding: .utf8)
            try source.replacingOccurrences(of: "    medium: 1017x474", with: "    medium: 1014x474")
                .write(to: devices.appendingPathComponent("iphone-14-pro.md"), atomically: true, encoding: .utf8)
            // Another device: the same profile without the model identifiers, which name one device each.
            let identifiers = try #require(source.split(separator: "\n").first { $0.hasPrefix("identifiers: ") })
            try source.replacingOccurrences(of: "scale: 3", with: "scale: 3\nscaling: 3").replacingOccurrences(of: identifiers + "\n", with: "")
                .write(to: devices.appendingPathComponent("other.md"), atomically: true, encoding: .utf8)

            let result = try CLIRunner.run(["check", "--content", folder.path])
            #expect(result.status == 1)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            let sourceLines = source.split(separator: "\n", omittingEmptySubsequences: false)
            let mediumLine = try #require(sourceLines.firstIndex { $0 == "    medium: 1017x474" }) + 1
            let lightLine = try #require(sourceLines.firstIndex { $0.hasPrefix("  light: screenshots/") }) + 1
            #expect(
                lines.contains {
                    $0.hasSuffix(
                        "iphone-14-pro.md:\(mediumLine): error[G005] iphone-14-pro ios18: small columns span 1017 px (81 to 624 + 474) but medium width is 1014 px"
                    )
                })
            #expect(
                lines.contains {
                    $0.hasSuffix(
                        "iphone-14-pro.md:\(mediumLine + 1): error[G004] iphone-14-pro ios18: medium width is 1014 px but large width is 1017 px")
                })
            #expect(
                lines.contains { $0.hasSuffix("other.md:6: error[F003] other: unknown key `scaling` in the front matter; did you mean `scale`?") })
            #expect(
                lines.contains {
                    $0.hasSuffix(
                        "iphone-14-pro.md:\(lightLine): error[S001] iphone-14-pro: the light screenshot \(folder.path)/screenshots/iphone-14-pro-light.png does not exist"
                    )
                })
            #expect(lines.last == "checked 2 devices, 8 layouts: 7 errors, 0 warnings, 0 notes", "a profile with an unknown key is still checked")
        }
    }

    @Test func devicesListsLayoutsAndHowTheyAreSourced() throws {
        let result = try CLIRunner.run(["devices"])
        #expect(result.status == 0)
        #expect(
            result.stdout.contains("iphone-16-pro      402x874 @3x  1206x2622   ios18 (published), ios18-large-icons (published), ios26 (published)"),
            "\(result.stdout)")
        #expect(
            result.stdout.contains("iphone-air         420x912 @3x  1260x2736   ios26 (derived ±43 px, estimated from 4 phones)"), "\(result.stdout)")

        let json = try CLIRunner.run(["devices", "--json"])
        let devices = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(devices.count == bundledDeviceCount)
        let air = try #require(devices.first { $0["id"] as? String == "iphone-air" })
        let layouts = try #require(air["layouts"] as? [[String: Any]])
        #expect(layouts.first?["coverage"] as? String == "derived" && layouts.first?["error"] as? Int == 43)
        #expect(layouts.first?["errorPhones"] as? Int == 4)
        #expect(layouts.first?["references"] as? [String] == ["frameup-2026", "ios26-grid-model"])
    }

    @Test func slotsJSONFollowsTheContract() throws {
        let result = try CLIRunner.run(["slots", "iphone-16-pro", "--layout", "ios18", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let layouts = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(layouts.count == 1)
        let layout = layouts[0]
        #expect(layout["device"] as? String == "iphone-16-pro")
        #expect(layout["layout"] as? String == "ios18")
        #expect(layout["scale"] as? Int == 3)
        #expect(layout["screen"] as? [String: Int] == ["width": 402, "height": 874])
        #expect(layout["screenshot"] as? [String: Int] == ["width": 1206, "height": 2622])
        let slots = try #require(layout["slots"] as? [[String: Any]])
        #expect(slots.count == 11)
        let slot = try #require(slots.first { $0["id"] as? String == "small-middle-left" })
        #expect(slot["family"] as? String == "small")
        #expect(slot["pixels"] as? [String: Int] == ["x": 87, "y": 873, "width": 486, "height": 486])
        #expect(slot["points"] as? [String: Double] == ["x": 29, "y": 291, "width": 162, "height": 162])
        // The row was read off a screenshot; the column and the size come from a published table.
        #expect(slot["source"] as? String == "published")
        let sources = try #require(slot["sources"] as? [String: [String: Any]])
        #expect(sources["y"]?["reference"] as? String == "measurements-png")
        #expect(sources["y"]?["kind"] as? String == "measured" && sources["x"]?["kind"] as? String == "published")
    }

    /// Every layout `slots --json` prints is a layout of `geometry.json`'s format, as the format
    /// describes it (the same description the schema is written from).
    @Test func everyLayoutOfSlotsJSONHasTheFormatsShape() throws {
        let result = try CLIRunner.run(["slots", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        guard case .array(let layouts) = try JSONReader.read(Array(result.stdout.utf8)) else {
            Issue.record("not an array: \(result.stdout.prefix(200))")
            return
        }
        #expect(layouts.count == 38)
        for layout in layouts { try GeometryFormat.layout.check(layout) }
    }

    @Test func slotsShowsUnknownAndUnavailableSlots() throws {
        try SizesOnlyContent.with { content in
            let air = try CLIRunner.run(["slots", "iphone-air", "--content", content.path])
            #expect(air.stdout.contains("unknown: left, top"), "\(air.stdout)")
            let se = try CLIRunner.run(["slots", "iphone-se-1st-gen", "--json"])
            let layouts = try #require(try JSONSerialization.jsonObject(with: Data(se.stdout.utf8)) as? [[String: Any]])
            #expect(layouts[0]["unavailable"] as? [String] == ["small-bottom-left", "small-bottom-right", "medium-bottom", "large-bottom"])
        }
    }

    @Test func slotsOfAllDevicesAndLayouts() throws {
        let result = try CLIRunner.run(["slots", "--json"])
        let layouts = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(layouts.count == 38)
    }

    @Test func unknownDeviceOrLayoutIsAClearError() throws {
        let device = try CLIRunner.run(["slots", "iphone-99"])
        #expect(device.status != 0)
        #expect(device.stderr.contains("no device `iphone-99` in the catalog (content); known devices: iphone-se-1st-gen"))
        let layout = try CLIRunner.run(["slots", "iphone-air", "--layout", "ios18"])
        #expect(layout.status != 0)
        #expect(layout.stderr.contains("iphone-air has no ios18 layout; it has ios26"))
        let kind = try CLIRunner.run(["slots", "iphone-air", "--layout", "ios19"])
        #expect(kind.status != 0)
        #expect(kind.stderr.contains("ios19"))
    }
}

import Catalog
import Foundation
import Gallery
import NativePNG
import SlotGeometry
import TestFolders
import Testing

@Suite(.serialized) struct SiteBuildTests {
    func built() throws -> BundledSite.Built { try BundledSite.built.get() }

    @Test func buildsTheBundledContentWithNoErrors() throws {
        let site = try built()
        #expect(site.report.devices == bundledDeviceCount)
        #expect(
            site.report.crops == 988,
            "564 crops of the eleven slots of the older layouts and 288 of the twelve slots (extra-large portrait included) of the twelve ios26 layouts, in light and dark, and 136 style samples (one slot in four styles, light and dark, of 17 screenshot sets)"
        )
        #expect(site.diagnostics.filter { $0.severity != .note }.isEmpty, "\(site.diagnostics)")
        for page in [
            "index.html", "docs/guide/index.html", "docs/device-profiles/index.html", "docs/contributing/index.html", "docs/checks/index.html",
            "checks/index.html", "help-measure/index.html", "devices/iphone-16-pro/index.html", "geometry.json",
            "geometry.schema.json",
            "WidgetGeometry.swift", "assets/site.css", "assets/site.js",
        ] {
            #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent(page).path), "\(page)")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.output.deletingLastPathComponent().path)
        #expect(leftovers == ["site"], "no staging or old folder is left behind")
    }

    @Test func everyLinkAndImageResolvesToAFileOrAnAnchorInTheSite() throws {
        let site = try built()
        var checked = 0
        for case let path as String in FileManager.default.enumerator(atPath: site.output.path)! where path.hasSuffix(".html") {
            let file = site.output.appendingPathComponent(path)
            let html = try String(contentsOf: file, encoding: .utf8)
            #expect(!html.contains("__backdrop"), "\(path): the live-reload script belongs to `backdrop serve` only")
            let ids = Set(matches(of: #" id="([^"]+)""#, in: html))
            for target in matches(of: #"(?:href|src)="([^"]+)""#, in: html) {
                if target.hasPrefix("http:") || target.hasPrefix("https:") || target.hasPrefix("mailto:") { continue }
                var parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                // A query ("make/index.html?device=ID") is read by the page's script: the file is what must exist.
                parts[0] = String(parts[0].prefix { $0 != "?" })
                if parts[0].isEmpty {
                    #expect(ids.contains(parts[1]), "\(path): #\(parts[1]) has no element")
                } else {
                    let resolved = file.deletingLastPathComponent().appendingPathComponent(parts[0]).standardized
                    #expect(resolved.path.hasPrefix(site.output.standardized.path), "\(path): \(target) leaves the site")
                    #expect(FileManager.default.fileExists(atPath: resolved.path), "\(path): \(target) does not exist")
                }
                checked += 1
            }
        }
        #expect(checked > 1000)
    }

    @Test func geometryJSONValidatesAgainstItsSchema() throws {
        let site = try built()
        let script = """
            import json, sys
            import jsonschema
            schema = json.load(open(sys.argv[1])); document = json.load(open(sys.argv[2]))
            jsonschema.Draft202012Validator.check_schema(schema)
            jsonschema.Draft202012Validator(schema).validate(document)
            broken = dict(document); broken["devices"] = [{"id": "Not An Id"}]
            errors = list(jsonschema.Draft202012Validator(schema).iter_errors(broken))
            print("valid", len(document["devices"]), "broken-rejected", len(errors) > 0)
            unversioned = dict(document); unversioned["dataVersion"] = "v1"
            errors = list(jsonschema.Draft202012Validator(schema).iter_errors(unversioned))
            print("data", document["dataVersion"], len(document["dataChangelog"]), "bad-version-rejected", len(errors) > 0)
            """
        let output = try run(
            "/usr/bin/env",
            [
                "python3", "-c", script, site.output.appendingPathComponent("geometry.schema.json").path,
                site.output.appendingPathComponent("geometry.json").path,
            ])
        #expect(output.status == 0, "\(output.text)")
        #expect(output.text.contains("valid 14 broken-rejected True"), "\(output.text)")
        let versions = Catalog.load(content: packageRoot.appendingPathComponent("content").path).versions
        #expect(
            output.text.contains("data \(versions.current ?? "none") \(versions.releases.count) bad-version-rejected True"), "\(output.text)")
    }

    @Test func cropsOnDiskHaveExactlyTheirSlotsPixelSizes() throws {
        let site = try built()
        let catalog = Catalog.load(content: packageRoot.appendingPathComponent("content").path)
        var checked = 0
        for document in catalog.devices {
            for layout in document.layouts {
                for appearance in Appearance.allCases {
                    let hasScreenshot = document.screenshotSet(for: layout.kind)?.files[appearance] != nil
                    for slot in layout.slots {
                        let path = site.output.appendingPathComponent(
                            "devices/\(document.id)/\(layout.kind.rawValue)/\(appearance.rawValue)/\(slot.id.rawValue).png"
                        ).path
                        #expect(FileManager.default.fileExists(atPath: path) == hasScreenshot, "\(path)")
                        guard hasScreenshot else { continue }
                        let header = try PNGRaster.header(of: try PNGRaster.readBytes(path))
                        #expect(header.size == slot.rect.size, "\(path)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 852)
    }

    @Test func widgetGeometrySwiftCompilesAndHasTheData() throws {
        let site = try built()
        try withTemporaryFolder("widget-geometry") { folder in
            let main = folder.appendingPathComponent("main.swift")
            try """
            let layout = WidgetGeometry.layout(device: "iphone-16-pro", layout: .ios18)!
            let slot = layout.slot(.smallMiddleLeft)!
            print(WidgetGeometry.all.count, slot.pixels.x, slot.pixels.y, slot.pixels.width, slot.points.width)
            print(WidgetGeometry.layouts(screenshotWidth: 1125, height: 2436).map(\\.device).sorted().joined(separator: ","))
            """.write(to: main, atomically: true, encoding: .utf8)
            let binary = folder.appendingPathComponent("check").path
            let compile = try run(
                "/usr/bin/env", ["swiftc", "-o", binary, site.output.appendingPathComponent("WidgetGeometry.swift").path, main.path])
            #expect(compile.status == 0, "\(compile.text)")
            let result = try run(binary, [])
            #expect(result.text == "38 87 873 486 162.0\niphone-12-mini,iphone-12-mini,iphone-12-mini,iphone-x,iphone-x\n")
        }
    }

    @Test func aRebuildWithNothingChangedDoesNoPNGWork() throws {
        let site = try built()
        try withTemporaryFolder("rebuild") { folder in
            let options = BuildOptions(
                content: packageRoot.appendingPathComponent("content").path, templates: packageRoot.appendingPathComponent("templates").path,
                output: folder.appendingPathComponent("site").path, cache: site.cache.path)
            let (report, _) = try SiteBuilder(options: options, verbosity: .quiet).build()
            #expect(report.cropsMade == 0)
            #expect(report.screenshotsDecoded == 0)
            #expect(report.crops == 988)
            let small = try SmallContent()
            defer { small.remove() }
            var cleanSmall = small.options
            cleanSmall.clean = true
            let (first, _) = try SiteBuilder(options: small.options, verbosity: .quiet).build()
            let (again, _) = try SiteBuilder(options: cleanSmall, verbosity: .quiet).build()
            #expect(first.cropsMade == 22 && again.cropsMade == 22, "--clean ignores the cache (14 crops and 8 style samples)")
        }
    }

    private func matches(of pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }
}

/// Runs a program and returns its exit status and combined output.
func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, text: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

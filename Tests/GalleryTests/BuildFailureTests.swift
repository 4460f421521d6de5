import Catalog
import Foundation
import Gallery
import PNGImage
import SampleScreens
import SlotGeometry
import Testing

@Suite struct BuildFailureTests {
    /// Builds once, breaks something, builds again: the second build must fail with `codes`,
    /// and leave the first site exactly as it was.
    func expectFailure(codes: Set<String>, break breakIt: (SmallContent) throws -> Void) throws -> [Diagnostic] {
        let small = try SmallContent()
        defer { small.remove() }
        _ = try small.build()
        let before = try small.snapshot()
        try breakIt(small)
        do {
            _ = try small.build()
            Issue.record("the broken build succeeded")
            return []
        } catch {
            let errors = error.diagnostics.filter { $0.severity == .error }
            #expect(Set(errors.map(\.code)) == codes, "\(error.diagnostics)")
            #expect(try small.snapshot() == before, "the previous site is untouched")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: small.folder.path)
            #expect(!leftovers.contains { $0.contains(".staging-") }, "no staging folder is left: \(leftovers)")
            return errors
        }
    }

    @Test func aCorruptScreenshotFailsTheBuildAndNamesTheFile() throws {
        let errors = try expectFailure(codes: ["S002"]) { small in
            let path = small.content.appendingPathComponent("screenshots/iphone-se-1st-gen-dark.png")
            let bytes = try Data(contentsOf: path)
            try bytes.prefix(bytes.count / 2).write(to: path)
            try FileManager.default.removeItem(at: small.cache)
        }
        #expect(errors.first?.message.contains("iphone-se-1st-gen-dark.png: truncated") == true, "\(errors)")
    }

    @Test func aWrongSizeScreenshotFailsTheBuild() throws {
        let errors = try expectFailure(codes: ["S003", "S004"]) { small in
            let path = small.content.appendingPathComponent("screenshots/iphone-se-1st-gen-light.png")
            try Data(contentsOf: packageRoot.appendingPathComponent("content/screenshots/iphone-se-2nd-gen-light.png")).write(to: path)
        }
        let size = try #require(errors.first { $0.code == "S003" })
        #expect(size.message.hasSuffix("iphone-se-1st-gen-light.png is 750x1334 pixels, but iphone-se-1st-gen ios14 screenshots are 640x1136; no device in the catalog has 750x1334 screenshots: was the screenshot resized, cropped or sent through a messaging app?"))
        #expect(size.line == 10, "the line that names the screenshot")
    }

    @Test func aMissingTemplateIsABuildError() throws {
        _ = try expectFailure(codes: ["T004"]) { small in
            try FileManager.default.removeItem(at: small.templates.appendingPathComponent("checks.mustache"))
        }
    }

    @Test func aTagWithNoValueIsABuildError() throws {
        let errors = try expectFailure(codes: ["T005"]) { small in
            let path = small.templates.appendingPathComponent("guide.mustache")
            let text = try String(contentsOf: path, encoding: .utf8).replacingOccurrences(of: "<h1>{{title}}</h1>", with: "<h1>{{title}} {{subtitle}}</h1>")
            try text.write(to: path, atomically: true, encoding: .utf8)
        }
        #expect(errors.first?.message == "the tag `subtitle` has no value in the GuidePage view model")
    }

    @Test func anUnknownPartialIsABuildError() throws {
        _ = try expectFailure(codes: ["T003"]) { small in
            let path = small.templates.appendingPathComponent("index.mustache")
            let text = try String(contentsOf: path, encoding: .utf8).replacingOccurrences(of: "{{> overlay}}", with: "{{> overlays}}")
            try text.write(to: path, atomically: true, encoding: .utf8)
        }
    }

    @Test func geometryErrorsFailTheBuildWithEveryProblem() throws {
        let errors = try expectFailure(codes: ["G005", "F003"]) { small in
            let path = small.content.appendingPathComponent("devices/iphone-se-1st-gen.md")
            let text = try String(contentsOf: path, encoding: .utf8)
                .replacingOccurrences(of: "    right: 330", with: "    right: 331\n    rihgt: 330")
            try text.write(to: path, atomically: true, encoding: .utf8)
        }
        #expect(errors.count >= 2)
    }

    @Test func rawHTMLInProfilesIsNotPassedThrough() throws {
        let small = try SmallContent()
        defer { small.remove() }
        let path = small.content.appendingPathComponent("devices/iphone-se-1st-gen.md")
        try (String(contentsOf: path, encoding: .utf8) + "\n<script>alert('x')</script>\n\n[link](javascript:alert(1))\n").write(to: path, atomically: true, encoding: .utf8)
        _ = try small.build()
        let page = try String(contentsOf: small.output.appendingPathComponent("devices/iphone-se-1st-gen/index.html"), encoding: .utf8)
        #expect(!page.contains("<script>alert"))
        #expect(!page.contains("javascript:alert"))
    }
}

@Suite struct MissingScreenshotTests {
    @Test func aLayoutWithoutScreenshotsStillGetsItsPage() throws {
        let small = try SmallContent()
        defer { small.remove() }
        let path = small.content.appendingPathComponent("devices/iphone-se-1st-gen.md")
        var text = try String(contentsOf: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "screenshots:\n  light: screenshots/iphone-se-1st-gen-light.png\n  dark: screenshots/iphone-se-1st-gen-dark.png\n", with: "")
        try text.write(to: path, atomically: true, encoding: .utf8)
        let (report, _) = try small.build()
        #expect(report.crops == 0)
        let page = try String(contentsOf: small.output.appendingPathComponent("devices/iphone-se-1st-gen/index.html"), encoding: .utf8)
        #expect(page.contains(#"<rect class="frame""#), "the overlay is drawn on a neutral frame")
        #expect(page.contains("No light screenshot: a 640×1136 PNG at content/screenshots/iphone-se-1st-gen-light.png would fill it."))
        #expect(page.contains("No screenshot for this screen yet, so no crops."))
        #expect(page.contains(#"id="ios14-small-top-left""#), "the slot table is there")
    }
}

@Suite struct CalibrationInBuildTests {
    /// Adds a calibration screenshot of the 4-inch SE's ios14 layout with widgets moved by `shift`.
    func content(shift: Int) throws -> SmallContent {
        let small = try SmallContent()
        let catalog = Catalog.load(content: small.content.path)
        let layout = catalog.device("iphone-se-1st-gen")!.profile.resolvedLayouts[0]
        let widgets = [SlotID.smallTopLeft, .smallTopRight, .smallMiddleLeft].map { id in
            var rect = layout.slot(id)!.rect
            rect.y += shift
            return rect
        }
        let image = SampleHomeScreen(screen: layout.screen, appearance: .light, seed: 2, widgets: widgets, widgetEdgeInset: 0.4).render()
        try FileManager.default.createDirectory(at: small.content.appendingPathComponent("calibration"), withIntermediateDirectories: true)
        try PNGImage.write(try image.encoded(), to: small.content.appendingPathComponent("calibration/se.png").path)
        let profile = small.content.appendingPathComponent("devices/iphone-se-1st-gen.md")
        let text = try String(contentsOf: profile, encoding: .utf8)
            .replacingOccurrences(of: "  ios14:\n", with: "  ios14:\n    calibration: [calibration/se.png]\n")
        try text.write(to: profile, atomically: true, encoding: .utf8)
        return small
    }

    @Test func aMatchingCalibrationIsReportedOnTheDevicePage() throws {
        let small = try content(shift: 0)
        defer { small.remove() }
        _ = try small.build()
        let page = try String(contentsOf: small.output.appendingPathComponent("devices/iphone-se-1st-gen/index.html"), encoding: .utf8)
        #expect(page.contains("calibration/se.png: 3 widgets measured, every edge within 0 px of the layout"))
    }

    @Test func aLayoutThatDisagreesWithItsCalibrationFailsTheBuild() throws {
        let small = try content(shift: 3)
        defer { small.remove() }
        do {
            _ = try small.build()
            Issue.record("a layout 3 px off its calibration was accepted")
        } catch {
            let errors = error.diagnostics.filter { $0.code == "C010" }
            #expect(errors.count == 3, "\(error.diagnostics)")
            let topLeft = try #require(errors.first { $0.slot == .smallTopLeft })
            #expect(topLeft.description.contains("iphone-se-1st-gen.md:14: error[C010] iphone-se-1st-gen ios14 small-top-left: calibration"))
            #expect(topLeft.message.hasSuffix("measures small-top-left at 282x282+28+63, but the layout has 282x282+28+60 (top off by 3 px, bottom off by 3 px)"))
        }
    }
}

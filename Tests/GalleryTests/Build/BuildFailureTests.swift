import Catalog
import Foundation
import Gallery
import TestFolders
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
        #expect(
            size.message.hasSuffix(
                "iphone-se-1st-gen-light.png is 750x1334 pixels, but iphone-se-1st-gen ios14 screenshots are 640x1136; no device in the catalog has 750x1334 screenshots, in either orientation: was the screenshot resized, cropped or sent through a messaging app?"
            ))
        #expect(size.line == 10, "the line that names the screenshot")
    }

    @Test func aMissingTemplateIsABuildError() throws {
        _ = try expectFailure(codes: ["T004"]) { small in
            try FileManager.default.removeItem(at: small.templates.appendingPathComponent("checks.mustache"))
        }
    }

    @Test func aTagWithNoValueIsABuildError() throws {
        let errors = try expectFailure(codes: ["T005"]) { small in
            let path = small.templates.appendingPathComponent("doc.mustache")
            let text = try String(contentsOf: path, encoding: .utf8).replacingOccurrences(
                of: "<h1>{{title}}</h1>", with: "<h1>{{title}} {{subtitle}}</h1>")
            try text.write(to: path, atomically: true, encoding: .utf8)
        }
        #expect(errors.first?.message == "the tag `subtitle` has no value in the DocPage view model")
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
        try (String(contentsOf: path, encoding: .utf8) + "\n<script>alert('x')</script>\n\n[link](javascript:alert(1))\n").write(
            to: path, atomically: true, encoding: .utf8)
        _ = try small.build()
        let page = try String(contentsOf: small.output.appendingPathComponent("devices/iphone-se-1st-gen/index.html"), encoding: .utf8)
        #expect(!page.contains("<script>alert"))
        #expect(!page.contains("javascript:alert"))
    }
}

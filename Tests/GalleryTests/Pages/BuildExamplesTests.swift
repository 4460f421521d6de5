import Catalog
import CheckCodes
import Checks
import Foundation
import Gallery
import TestFolders
import Testing

/// The checks reference has an example finding for every check, and the examples of the crop,
/// template and build checks are worded as the findings of real builds on broken input.
@Suite struct BuildExamplesTests {
    @Test func everyCheckHasAnExampleOfItsOwnCode() {
        for check in AllChecks.infos {
            let example = BuildExamples.all[check.code]
            #expect(example?.code == check.code, "\(check.code) has no example")
            #expect(example?.message.isEmpty == false, "\(check.code)")
            #expect(BuildExamples.line(for: check.code)?.contains("[\(check.code)]") == true, "\(check.code)")
        }
        for (code, example) in BuildExamples.all {
            #expect(example.code == code)
        }
    }

    @Test func noExampleNamesTheScratchFolder() {
        for (code, example) in BuildExamples.all {
            #expect(!example.description.contains("backdrop-examples-"), "\(code): \(example)")
            #expect(!example.description.contains(NSTemporaryDirectory()), "\(code): \(example)")
        }
    }

    @Test func theExamplesAreTheSameOnEveryRun() {
        let again = BuildExamples.made
        for (code, example) in again {
            #expect(BuildExamples.all[code]?.description == example.description, "\(code)")
        }
    }

    @Test func theCommittedReferenceIsCurrent() throws {
        let file = packageRoot.appendingPathComponent("docs/checks.md")
        let committed = try String(contentsOf: file, encoding: .utf8)
        #expect(committed == CheckReference.markdown(examples: BuildExamples.all), "docs/checks.md is stale: run `\(CheckReference.command)`")
    }

    @Test func theReferenceShowsEveryExample() {
        let markdown = CheckReference.markdown(examples: BuildExamples.all)
        for check in AllChecks.infos {
            let line = try! #require(BuildExamples.line(for: check.code))
            #expect(markdown.contains(line.replacing("|", with: "\\|")), "\(check.code)")
        }
    }
}

/// A real build of the small content, broken one way, against the example of the same check.
@Suite struct BuildExamplesMatchRealBuildsTests {
    /// The findings of `code` of a build of the (broken) small content, with other options when given.
    func findings(_ code: String, of small: SmallContent, options: BuildOptions? = nil) -> [Diagnostic] {
        do {
            let (_, diagnostics) = try SiteBuilder(options: options ?? small.options, verbosity: .quiet).build()
            return diagnostics.filter { $0.code == code }
        } catch {
            return error.diagnostics.filter { $0.code == code }
        }
    }

    func example(_ code: String) throws -> Diagnostic {
        try #require(BuildExamples.all[code], "\(code) has no example")
    }

    /// A message with its numbers left out, to compare wordings.
    func shape(_ message: String) -> String {
        message.replacing(/\d+(\.\d+)?/, with: "N")
    }

    @Test func aMissingTemplatesFolder() throws {
        let small = try SmallContent()
        defer { small.remove() }
        var options = small.options
        options.templates = small.folder.appendingPathComponent("no-templates").path
        let real = findings("T001", of: small, options: options)
        let example = try example("T001")
        #expect(example.file == "templates")
        #expect(real.map(\.message) == [example.message])
    }

    @Test func aTemplateThatDoesNotParse() throws {
        let small = try SmallContent()
        defer { small.remove() }
        let path = small.templates.appendingPathComponent("index.mustache")
        try (try String(contentsOf: path, encoding: .utf8) + "{{#devices}}\n").write(to: path, atomically: true, encoding: .utf8)
        let real = findings("T002", of: small)
        let example = try example("T002")
        #expect(example.file == "templates/index.mustache" && example.line != nil)
        #expect(real.count == 1 && real.first?.file.hasSuffix("templates/index.mustache") == true)
        #expect(real.map { shape($0.message) } == [shape(example.message)], "\(real) vs \(example)")
    }

    @Test func aMissingTemplate() throws {
        let small = try SmallContent()
        defer { small.remove() }
        try FileManager.default.removeItem(at: small.templates.appendingPathComponent("doc.mustache"))
        let real = findings("T004", of: small)
        let example = try example("T004")
        #expect(example.file == "templates/doc.mustache")
        #expect(real.count == 1 && real.first?.file.hasSuffix("templates/doc.mustache") == true)
        #expect(real.map(\.message) == [example.message])
    }

    @Test func aMisspeltTag() throws {
        let small = try SmallContent()
        defer { small.remove() }
        let path = small.templates.appendingPathComponent("api.mustache")
        let text = try String(contentsOf: path, encoding: .utf8).replacing("{{title}}", with: "{{titel}}")
        try text.write(to: path, atomically: true, encoding: .utf8)
        let real = findings("T005", of: small)
        let example = try example("T005")
        #expect(real.map(\.message) == [example.message])
    }

    @Test func theContentFolderAsOutput() throws {
        let small = try SmallContent()
        defer { small.remove() }
        var options = small.options
        options.output = small.content.path
        let real = findings("B005", of: small, options: options)
        let example = try example("B005")
        #expect(example.file == "content")
        #expect(real.map(\.message) == [example.message])
    }

    @Test func aDamagedCachedPreview() throws {
        let small = try SmallContent.built()
        defer { small.remove() }
        let previews = try FileManager.default.contentsOfDirectory(at: small.cache, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "png" }
            .filter { [UInt8](try Data(contentsOf: $0))[16..<20] == [0, 0, 2, 88] }
        #expect(previews.count == 2, "a light and a dark preview")
        for preview in previews { try Data(try Data(contentsOf: preview).prefix(1000)).write(to: preview) }
        let (_, diagnostics) = try small.build()
        let source = small.content.appendingPathComponent("screenshots/iphone-se-1st-gen-light.png").path
        let real = diagnostics.filter { $0.code == "C004" && $0.message.contains("(light)") }.map {
            $0.message.replacing(source, with: "content/screenshots/example-phone-light.png")
        }
        let example = try example("C004")
        #expect(real.map(shape) == [shape(example.message)], "\(real) vs \(example.message)")
    }
}

import Catalog
import Foundation
import Gallery
import Testing

/// A build whose inputs and site are all as the last build left them is skipped; any change to
/// an input (content, templates, browser core, options) or to the site builds again.
@Suite(.serialized) struct BuildStampTests {
    /// The small content with a browser core of its own, so that its build reports nothing.
    struct Fixture {
        var small: SmallContent
        var core: URL { small.folder.appendingPathComponent("backdrop-core.js") }
        var makeCore: URL { small.folder.appendingPathComponent("backdrop-make.js") }
        var options: BuildOptions {
            var options = small.options
            options.browserCore = core.path
            return options
        }

        init() throws {
            small = try SmallContent()
            try Data("// a browser core".utf8).write(to: core)
            try Data("// the make page's browser core".utf8).write(to: makeCore)
        }

        func build(_ options: BuildOptions? = nil) throws -> BuildReport {
            let (report, diagnostics) = try SiteBuilder(options: options ?? self.options, verbosity: .quiet).build()
            #expect(diagnostics.isEmpty, "\(diagnostics)")
            return report
        }
    }

    /// Sets a file's modification time, as an editor saving the same bytes or `touch` does.
    static func touch(_ url: URL) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 5)], ofItemAtPath: url.path)
    }

    @Test func aBuildWithNothingChangedIsSkippedAndSaysSo() throws {
        let fixture = try Fixture()
        defer { fixture.small.remove() }
        let first = try fixture.build()
        #expect(!first.unchanged)
        let site = try fixture.small.snapshot()
        // The stamp is kept in the cache, not in the site, which is published as it is.
        #expect(site.keys.allSatisfy { !$0.contains("stamp") }, "\(site.keys.sorted())")
        let stamps = try FileManager.default.contentsOfDirectory(atPath: fixture.small.cache.appendingPathComponent("site-stamps").path)
        #expect(stamps.count == 1, "\(stamps)")
        let second = try fixture.build()
        #expect(second.unchanged)
        #expect(second.contents == first.contents.replacingOccurrences(of: "(\(first.cropsMade) made, 0 from", with: "(0 made, \(first.crops) from"))
        #expect(second.summary.hasPrefix("nothing changed since the last build ("))
        #expect(try fixture.small.snapshot() == site)
    }

    @Test func everyKindOfChangeBuildsAgain() throws {
        let fixture = try Fixture()
        defer { fixture.small.remove() }
        _ = try fixture.build()
        let manager = FileManager.default
        let changes: [(String, () throws -> Void)] = [
            ("a profile saved unchanged", { try Self.touch(fixture.small.content.appendingPathComponent("devices/iphone-se-1st-gen.md")) }),
            (
                "a screenshot replaced",
                {
                    let path = fixture.small.content.appendingPathComponent("screenshots/iphone-se-1st-gen-light.png")
                    let bytes = try Data(contentsOf: path)
                    try manager.removeItem(at: path)
                    try bytes.write(to: path)
                }
            ),
            (
                "a docs page added",
                {
                    try Data("---\ntitle: New\n---\n\nA page.\n".utf8).write(to: fixture.small.content.appendingPathComponent("docs/new-page.md"))
                }
            ),
            (
                "a template edited",
                {
                    let path = fixture.small.templates.appendingPathComponent("assets/site.css")
                    try (try Data(contentsOf: path) + Data("\n/* edited */\n".utf8)).write(to: path)
                }
            ),
            ("the browser core rebuilt", { try Data("// another browser core".utf8).write(to: fixture.core) }),
            ("the make page's browser core rebuilt", { try Data("// another make core".utf8).write(to: fixture.makeCore) }),
            ("a site file deleted", { try manager.removeItem(at: fixture.small.output.appendingPathComponent("assets/site.css")) }),
            (
                "a site file edited",
                {
                    let path = fixture.small.output.appendingPathComponent("index.html")
                    try (try Data(contentsOf: path) + Data("<!-- edited -->".utf8)).write(to: path)
                }
            ),
            ("a site file touched", { try Self.touch(fixture.small.output.appendingPathComponent("geometry.json")) }),
        ]
        for (change, make) in changes {
            try make()
            let report = try fixture.build()
            #expect(!report.unchanged, "\(change)")
            #expect(try fixture.build().unchanged, "\(change): the build after it is skipped again")
        }
        // A stamp is the stamp of one output folder: another built with the same cache is built.
        var elsewhere = fixture.options
        elsewhere.output = fixture.small.folder.appendingPathComponent("another-site").path
        #expect(!(try fixture.build(elsewhere)).unchanged, "another output")
        #expect(try fixture.build(elsewhere).unchanged)
        #expect(try fixture.build().unchanged, "each output has its own stamp")
        var other = fixture.options
        other.baseURL = try BaseURL("https://example.com/widgets/")
        #expect(!(try fixture.build(other)).unchanged, "other options")
        other.clean = true
        #expect(!(try fixture.build(other)).unchanged, "--clean always builds")
    }

    @Test func aSkippedBuildReportsTheLastBuildsFindingsAgain() throws {
        let small = try SmallContent()
        defer { small.remove() }
        var options = small.options
        options.browserCore = small.folder.appendingPathComponent("no-core.js").path
        let (first, findings) = try SiteBuilder(options: options, verbosity: .quiet).build()
        #expect(findings.map(\.code) == ["B006"], "the note that the browser core is missing")
        let (second, again) = try SiteBuilder(options: options, verbosity: .quiet).build()
        #expect(second.unchanged)
        #expect(again == findings)
        #expect(second.warnings == first.warnings)
    }
}

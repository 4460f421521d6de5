import Catalog
import Foundation
import Gallery
import TestFolders
import Testing

/// The make, fixer and measure pages and the browser core: copied into the site when it exists, a
/// note and a notice on the pages when it does not; the catalog embedded in the pages either way.
/// The make page runs its own smaller core (backdrop-make.js beside the full one) and names the
/// full one for when it measures; without its own, the full one, and a note says so.
@Suite struct BrowserCoreTests {
    func build(core: URL) throws -> (SmallContent, [Diagnostic]) {
        let small = try SmallContent()
        var options = small.options
        options.browserCore = core.path
        let (_, diagnostics) = try SiteBuilder(options: options, verbosity: .quiet).build()
        return (small, diagnostics)
    }

    func page(_ small: SmallContent, _ tool: String) throws -> String {
        try String(contentsOf: small.output.appendingPathComponent("\(tool)/index.html"), encoding: .utf8)
    }

    @Test func withoutTheCoreTheBuildSaysSoAndThePagesSayHowToBuildIt() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-core-\(UUID().uuidString)/backdrop-core.js")
        let (small, diagnostics) = try build(core: missing)
        defer { small.remove() }
        let notes = diagnostics.filter { $0.code == "B006" }
        #expect(notes.count == 1 && notes[0].severity == .note && notes[0].file == missing.path, "\(diagnostics)")
        #expect(notes.first?.message.contains("does not exist") == true && notes.first?.message.contains("scripts/build-wasm.sh") == true)
        #expect(!FileManager.default.fileExists(atPath: small.output.appendingPathComponent("assets/backdrop-core.js").path))
        for tool in ["make", "fix", "measure"] {
            let html = try page(small, tool)
            #expect(html.contains("built without the browser core"), "\(tool)")
            #expect(html.contains("<code>bash scripts/build-wasm.sh</code>"), "\(tool)")
            #expect(!html.contains("backdrop-core.js") && !html.contains("backdrop-make.js"), "\(tool): no script that is not there")
            #expect(!html.contains("<noscript>"), "\(tool): the notice is the page's only message")
        }
    }

    @Test func theCoreIsCopiedAndThePagesRunItWithTheCatalogScript() throws {
        try withTemporaryFolder("core") { folder in
            let core = folder.appendingPathComponent("backdrop-core.js")
            let script = Data("globalThis.BackdropCore = { load: async () => null };\n".utf8)
            try script.write(to: core)
            let makeScript = Data("globalThis.BackdropCore = { load: async () => ({ measures: false }) };\n".utf8)
            try makeScript.write(to: folder.appendingPathComponent("backdrop-make.js"))
            let (small, diagnostics) = try build(core: core)
            defer { small.remove() }
            #expect(!diagnostics.contains { $0.code == "B006" }, "\(diagnostics)")
            #expect(try Data(contentsOf: small.output.appendingPathComponent("assets/backdrop-core.js")) == script)
            #expect(try Data(contentsOf: small.output.appendingPathComponent("assets/backdrop-make.js")) == makeScript)
            let geometry =
                try JSONSerialization.jsonObject(with: Data(contentsOf: small.output.appendingPathComponent("geometry.json"))) as? NSDictionary
            let make = try page(small, "make")
            #expect(make.contains(#"<script src="../assets/backdrop-make.js" data-measuring="../assets/backdrop-core.js" defer></script>"#))
            for (tool, script) in [("make", "make"), ("fix", "check-widgets"), ("measure", "measure")] {
                let html = try page(small, tool)
                if tool != "make" {
                    #expect(html.contains(#"<script src="../assets/backdrop-core.js" defer></script>"#), "\(tool)")
                    #expect(!html.contains("backdrop-make.js"), "\(tool): measures, with the full core")
                }
                #expect(html.contains(#"<script src="../assets/\#(script).js" defer></script>"#), "\(tool)")
                #expect(html.contains("needs JavaScript"), "\(tool): says so to a browser without scripts")
                #expect(html.contains(#"<script src="../assets/geometry.js" defer></script>"#), "\(tool): loads the catalog")
                #expect(!html.contains(#""devices""#), "\(tool): the catalog is not in the page")
            }
            let catalog = try String(contentsOf: small.output.appendingPathComponent("assets/geometry.js"), encoding: .utf8)
            let prefix = "// geometry.json for the make and measure pages, written by backdrop build.\nwindow.BackdropGeometry = "
            #expect(catalog.hasPrefix(prefix) && catalog.hasSuffix(";\n"))
            let parsed = try JSONSerialization.jsonObject(with: Data(catalog.dropFirst(prefix.count).dropLast(2).utf8)) as? NSDictionary
            #expect(parsed == geometry, "assets/geometry.js gives the pages geometry.json")
            #expect(try page(small, "docs/guide").contains(#"href="../../make/index.html""#), "the navigation links the pages")
        }
    }

    @Test func withoutTheMakePagesOwnCoreItRunsTheFullOneAndTheBuildSaysSo() throws {
        try withTemporaryFolder("core") { folder in
            let core = folder.appendingPathComponent("backdrop-core.js")
            try Data("globalThis.BackdropCore = { load: async () => null };\n".utf8).write(to: core)
            let (small, diagnostics) = try build(core: core)
            defer { small.remove() }
            let notes = diagnostics.filter { $0.code == "B006" }
            #expect(notes.count == 1 && notes[0].severity == .note, "\(diagnostics)")
            #expect(notes.first?.file == folder.appendingPathComponent("backdrop-make.js").path, "\(notes)")
            #expect(notes.first?.message.contains("loads the whole core") == true && notes.first?.message.contains("scripts/build-wasm.sh") == true)
            #expect(FileManager.default.fileExists(atPath: small.output.appendingPathComponent("assets/backdrop-core.js").path))
            #expect(!FileManager.default.fileExists(atPath: small.output.appendingPathComponent("assets/backdrop-make.js").path))
            let make = try page(small, "make")
            #expect(make.contains(#"<script src="../assets/backdrop-core.js" data-measuring="../assets/backdrop-core.js" defer></script>"#))
            #expect(!make.contains("built without the browser core"))
        }
    }

    @Test(arguments: ["make.mustache", "measure.mustache"]) func aMissingToolTemplateIsABuildError(_ template: String) throws {
        _ = try BuildFailureTests().expectFailure(codes: ["T004"]) { small in
            try FileManager.default.removeItem(at: small.templates.appendingPathComponent(template))
        }
    }
}

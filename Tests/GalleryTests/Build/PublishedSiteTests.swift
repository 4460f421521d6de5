import Catalog
import FileAccess
import Foundation
import Gallery
import Testing

/// A built site is published as it is, so it holds nothing of the machine that built it: no file
/// of it holds the path of its content, templates, cache or output folder, of the folder they are
/// in, or of the working folder (in any form: as given, or with links resolved), nor the build's
/// process; its marker says only that a build wrote it, and the build's stamp is in the cache. The
/// build is made to report findings that name files (a link left out of the notes, a damaged cache
/// entry), since those are shown on its pages.
@Suite struct PublishedSiteTests {
    @Test func aBuiltSiteHoldsNothingOfTheMachine() throws {
        let small = try SmallContent()
        defer { small.remove() }
        let profile = small.content.appendingPathComponent("devices/iphone-se-1st-gen.md")
        try (try String(contentsOf: profile, encoding: .utf8) + "\n[a link](javascript:alert(1)) left out.\n").write(
            to: profile, atomically: true, encoding: .utf8)
        _ = try small.build()
        // A damaged cache entry: the next build warns, naming the entry and the screenshot.
        let cache = try FileManager.default.contentsOfDirectory(atPath: small.cache.path)
        let entry = small.cache.appendingPathComponent(try #require(cache.sorted().first { $0.hasSuffix(".png") }))
        try (try Data(contentsOf: entry) + Data([0])).write(to: entry)
        let (_, findings) = try small.build()
        #expect(Set(findings.map(\.code)).isSuperset(of: ["C004", "F016"]), "\(findings.map(\.description))")

        let machine = Set(
            [small.content, small.templates, small.cache, small.output, small.folder].flatMap { [$0.path, PathName.physical($0.path)] }
                + [FileManager.default.currentDirectoryPath, "build \(ProcessInfo.processInfo.processIdentifier)"])
        var files = 0
        for case let path as String in FileManager.default.enumerator(atPath: small.output.path)! {
            let full = small.output.appendingPathComponent(path)
            guard let data = FileManager.default.contents(atPath: full.path) else { continue }
            files += 1
            for text in machine where data.range(of: Data(text.utf8)) != nil {
                Issue.record("\(path) holds \(text)")
            }
        }
        #expect(files > 40)
        let marker = try String(contentsOf: small.output.appendingPathComponent(".backdrop-site"), encoding: .utf8)
        #expect(marker == "This folder was written by backdrop build, which replaces it on every build.\n")
        #expect(!FileManager.default.fileExists(atPath: small.output.appendingPathComponent(".backdrop-stamp").path))
        // The findings are there, the files named by their place.
        let checks = try String(contentsOf: small.output.appendingPathComponent("checks/index.html"), encoding: .utf8)
        #expect(checks.contains("made again from content/screenshots/iphone-se-1st-gen-"), "\(checks)")
        let device = try String(contentsOf: small.output.appendingPathComponent("devices/iphone-se-1st-gen/index.html"), encoding: .utf8)
        #expect(device.contains("<code>content/devices/iphone-se-1st-gen.md</code>"))
    }

    /// How a page names a file of the machine: by its place under the folder it is in.
    @Test func pathsArePublishedByTheirPlace() throws {
        let options = BuildOptions(
            content: "/home/me/work/content", templates: "/home/me/work/templates", output: "/srv/www/site", cache: "/var/cache/backdrop",
            browserCore: "/usr/local/lib/backdrop/backdrop-core.js")
        let published = PublishedPaths(options, workingDirectory: "/home/me/work")
        #expect(published.shown("/home/me/work/content/devices/x.md") == "content/devices/x.md")
        #expect(published.shown("made again from /home/me/work/content/screenshots/x.png") == "made again from content/screenshots/x.png")
        #expect(published.shown("/var/cache/backdrop/0a.png is damaged") == "cache/0a.png is damaged")
        #expect(published.shown("/home/me/work/notes.md and /srv/www/site/index.html") == "notes.md and site/index.html")
        #expect(published.shown("/usr/local/lib/backdrop/backdrop-core.js is missing") == "backdrop-core.js is missing")
        #expect(published.shown("content/devices/x.md") == "content/devices/x.md")
    }
}

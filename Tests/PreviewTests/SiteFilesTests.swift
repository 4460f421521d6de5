import Foundation
import Preview
import TestFolders
import Testing

/// Request paths to files of a built site, called directly: strict percent-decoding, no `..`, no
/// link out of the site, no folder without its index.html.
@Suite struct SiteFilesTests {
    /// A built site beside a secret, with links in and out:
    ///
    ///     secret.txt
    ///     site/index.html, café.html, a b.html, devices/a/index.html
    ///     site/empty/                    a folder without index.html
    ///     site/odd/index.html/           an index.html that is a folder
    ///     site/inside.txt -> index.html  a link that stays inside
    ///     site/out.txt -> <folder>/secret.txt, site/up -> .., site/sibling.txt -> ../site-other/secret.txt
    ///     site/loop -> loop
    ///     site-other/secret.txt          a folder whose name starts with the site's
    ///     alias -> site                  the site reached through a link
    struct Fixture {
        let temporary: TemporaryFolder
        var folder: URL { temporary.url }
        var site: URL { folder.appendingPathComponent("site") }
        var files: SiteFiles { SiteFiles(root: site.path) }

        init() throws {
            temporary = try TemporaryFolder("site-files")
            let manager = FileManager.default
            for path in ["site/devices/a", "site/empty", "site/odd/index.html", "site-other"] {
                try manager.createDirectory(at: folder.appendingPathComponent(path), withIntermediateDirectories: true)
            }
            for path in ["secret.txt", "site-other/secret.txt", "site/index.html", "site/café.html", "site/a b.html", "site/devices/a/index.html"] {
                try Data(path.utf8).write(to: folder.appendingPathComponent(path))
            }
            for (link, target) in [
                ("site/inside.txt", "index.html"), ("site/out.txt", folder.appendingPathComponent("secret.txt").path), ("site/up", ".."),
                ("site/sibling.txt", "../site-other/secret.txt"), ("site/loop", "loop"), ("alias", "site"),
            ] {
                try manager.createSymbolicLink(atPath: folder.appendingPathComponent(link).path, withDestinationPath: target)
            }
        }

        /// The file for a request target, as a path relative to the site; nil when refused.
        func file(_ target: String) throws -> String? {
            try files.file(for: SitePath(target: target)).map { String($0.dropFirst(site.path.count + 1)) }
        }

        func remove() { temporary.remove() }
    }

    @Test func pathsDecodeStrictly() throws {
        #expect(try SitePath(target: "/").segments == [])
        #expect(try SitePath(target: "/devices/iphone-12/").segments == ["devices", "iphone-12"])
        #expect(try SitePath(target: "/a//./b/index.html?x=1#top").segments == ["a", "b", "index.html"])
        #expect(try SitePath(target: "/caf%C3%A9.html").segments == ["café.html"])
        #expect(try SitePath(target: "/..%2F..%2Fetc%2Fpasswd").segments == ["..", "..", "etc", "passwd"])
        #expect(try SitePath(target: "/a%20b").segments == ["a b"])
    }

    @Test(arguments: [
        ("/%ff", BadTarget.notUTF8),
        ("/%c0%ae%c0%ae/", .notUTF8),  // overlong "..": must not decode to a parent segment
        ("/%ed%a0%80", .notUTF8),  // a UTF-16 surrogate
        ("/%e2%82", .notUTF8),  // cut short
        ("/%2", .badEscape),
        ("/%zz", .badEscape),
        ("/a%00b", .controlCharacter),
        ("/a%0d%0ab", .controlCharacter),
        ("/é", .notASCII),
        ("/a b", .notASCII),
        ("http://evil.example/", .notAPath),
        ("", .notAPath),
    ])
    func badPathsAreRefused(target: String, reason: BadTarget) {
        #expect(throws: reason) { try SitePath(target: target) }
    }

    @Test func filesStayInsideTheSite() throws {
        try withTemporaryFolder("site-files") { folder in
            let site = folder.appendingPathComponent("site")
            try FileManager.default.createDirectory(at: site.appendingPathComponent("devices/a"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: site.appendingPathComponent("empty"), withIntermediateDirectories: true)
            try Data("<p>a</p>".utf8).write(to: site.appendingPathComponent("devices/a/index.html"))
            try Data("secret".utf8).write(to: folder.appendingPathComponent("secret.txt"))
            try FileManager.default.createSymbolicLink(
                atPath: site.appendingPathComponent("out.txt").path, withDestinationPath: folder.appendingPathComponent("secret.txt").path)
            let files = SiteFiles(root: site.path)
            #expect(files.file(for: try SitePath(target: "/devices/a/")) == site.path + "/devices/a/index.html")
            #expect(files.file(for: try SitePath(target: "/empty/")) == nil, "no folder listing")
            #expect(files.file(for: try SitePath(target: "/devices/a/../../../secret.txt")) == nil)
            #expect(files.file(for: try SitePath(target: "/out.txt")) == nil, "a link out of the site")
            #expect(files.file(for: try SitePath(target: "/missing.html")) == nil)
        }
    }

    @Test func aFolderMeansItsIndexAndOnlyWhenItHasOne() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        #expect(try fixture.file("/") == "index.html")
        #expect(try fixture.file("/index.html?x=1#top") == "index.html")
        #expect(try fixture.file("/devices/a/") == "devices/a/index.html")
        #expect(try fixture.file("/devices/a") == "devices/a/index.html")
        #expect(try fixture.file("/devices//./a/") == "devices/a/index.html")
        #expect(try fixture.file("/empty/") == nil, "no folder listing")
        #expect(try fixture.file("/empty") == nil)
        #expect(try fixture.file("/devices/") == nil)
        #expect(try fixture.file("/odd/") == nil, "an index.html that is a folder")
        #expect(try fixture.file("/missing.html") == nil)
        #expect(try fixture.file("/index.html/") == "index.html", "a file is a file with or without a slash")
    }

    @Test func percentEscapesNameFilesOnceDecoded() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        #expect(try fixture.file("/caf%C3%A9.html") == "café.html")
        #expect(try fixture.file("/caf%c3%a9.html") == "café.html", "hexadecimal digits in either case")
        #expect(try fixture.file("/a%20b.html") == "a b.html")
        #expect(try fixture.file("/%69ndex.html") == "index.html")
        #expect(try fixture.file("/devices%2Fa%2Findex.html") == "devices/a/index.html", "an escaped slash still separates")
        #expect(throws: BadTarget.notUTF8) { try fixture.file("/caf%E9.html") }
    }

    @Test(arguments: [
        "/..", "/../secret.txt", "/../../secret.txt", "/devices/..", "/devices/a/../index.html", "/devices/a/../../index.html",
        "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/devices/%2e%2e/%2e%2e/secret.txt", "/..%2Fsecret.txt", "/.%2e/secret.txt",
    ])
    func parentSegmentsAreRefusedEvenWhenTheyStayInside(target: String) throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        #expect(try SitePath(target: target).segments.contains(".."))
        #expect(try fixture.file(target) == nil)
    }

    @Test func linksMayNotLeadOutOfTheSite() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        #expect(try fixture.file("/inside.txt") == "inside.txt", "a link to a file of the site, served under its own name")
        #expect(try fixture.file("/out.txt") == nil, "an absolute link out")
        #expect(try fixture.file("/up/secret.txt") == nil, "through a linked folder")
        #expect(try fixture.file("/up/site-other/secret.txt") == nil)
        #expect(try fixture.file("/sibling.txt") == nil, "a folder whose name only starts with the site's is outside it")
        #expect(try fixture.file("/loop") == nil, "a link to itself")
    }

    @Test func aRootReachedThroughALinkServesItsFiles() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let alias = fixture.folder.appendingPathComponent("alias").path
        let files = SiteFiles(root: alias)
        #expect(files.file(for: try SitePath(target: "/devices/a/")) == alias + "/devices/a/index.html")
        #expect(files.file(for: try SitePath(target: "/out.txt")) == nil)
    }

    @Test func contentTypesFollowTheExtension() {
        #expect(SiteFiles.contentType(of: "a/index.html") == "text/html; charset=utf-8")
        #expect(SiteFiles.contentType(of: "INDEX.HTML") == "text/html; charset=utf-8")
        #expect(SiteFiles.contentType(of: "assets/site.css") == "text/css; charset=utf-8")
        #expect(SiteFiles.contentType(of: "geometry.json") == "application/json")
        #expect(SiteFiles.contentType(of: "WidgetGeometry.swift") == "text/plain; charset=utf-8")
        #expect(SiteFiles.contentType(of: "crop.png") == "image/png")
        #expect(SiteFiles.contentType(of: "README") == "application/octet-stream")
        #expect(SiteFiles.contentType(of: "archive.tar.gz") == "application/octet-stream")
    }
}

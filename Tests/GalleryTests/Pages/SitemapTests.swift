import Foundation
import Gallery
import Testing

@Suite struct SitemapTests {
    @Test func baseURLsAreCheckedAndEndInASlash() throws {
        #expect(try BaseURL("https://Example.GitHub.io/backdrop").description == "https://example.github.io/backdrop/")
        #expect(try BaseURL("http://localhost:8080").description == "http://localhost:8080/")
        #expect(try BaseURL("https://example.com/a b/").url(of: "docs/guide/index.html") == "https://example.com/a%20b/docs/guide/")
        let base = try BaseURL("https://example.com/site/")
        #expect(base.url(of: "index.html") == "https://example.com/site/")
        #expect(base.url(of: "devices/x/index.html") == "https://example.com/site/devices/x/")
        for bad in ["example.com", "ftp://example.com/", "https://", "https://example.com/?q=1", "https://example.com/#top", "/site/", ""] {
            #expect(throws: BaseURL.Invalid.self, "\(bad)") { try BaseURL(bad) }
        }
    }

    /// A number out of range inside the host is refused as one in the port is.
    @Test func aHostThatIsNoAddressIsRefusedWithTheReason() throws {
        let refusals = [
            "http://256.1.1.1/": "256 is over 255", "http://1.2.3.999/": "999 is over 255", "http://1.2.3.0300/": "0300 is over 255",
            "http://1.2.3/": "is no IPv4 address", "http://1.2.3.4.5/": "is no IPv4 address",
            "http://a..b/": "an empty part between dots", "http://\(String(repeating: "a", count: 64)).com/": "a part of 64 characters",
            "http://\(Array(repeating: String(repeating: "a", count: 60), count: 5).joined(separator: ".")).com/": "at most 253",
        ]
        for (bad, reason) in refusals {
            #expect(throws: BaseURL.Invalid.self, "\(bad)") { try BaseURL(bad) }
            do { _ = try BaseURL(bad) } catch { #expect(error.description.contains(reason), "\(error)") }
        }
        for good in ["http://127.0.0.1:8080/", "http://255.255.255.255/", "https://example.com./", "http://0.0.0.0/", "http://[::1]:8000/"] {
            #expect(throws: Never.self, "\(good)") { try BaseURL(good) }
        }
    }

    @Test func withABaseURLTheSitemapListsEveryPageAndPagesAreCanonical() throws {
        var small = try SmallContent.built()
        defer { small.remove() }
        small.baseURL = try BaseURL("https://example.com/backdrop")
        _ = try small.build()
        let sitemap = try String(contentsOf: small.output.appendingPathComponent("sitemap.xml"), encoding: .utf8)
        let pages = try small.snapshot().keys.filter { $0.hasSuffix(".html") }.sorted()
        #expect(!pages.isEmpty)
        let locations = sitemap.matches(of: #/<loc>([^<]+)</loc>/#).map { String($0.output.1) }
        #expect(
            locations.sorted()
                == pages.map { "https://example.com/backdrop/" + ($0 == "index.html" ? "" : String($0.dropLast("index.html".count))) }.sorted())
        #expect(
            sitemap.hasPrefix(#"<?xml version="1.0" encoding="UTF-8"?>"# + "\n" + #"<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">"#))
        for page in pages {
            let html = try String(contentsOf: small.output.appendingPathComponent(page), encoding: .utf8)
            #expect(html.contains(#"<link rel="canonical" href="https://example.com/backdrop/"#), "\(page)")
            #expect(!html.contains(#"href="https://example.com/backdrop/assets"#), "\(page): links stay relative")
        }
    }

    @Test func withoutABaseURLThereIsNoSitemapAndEveryLinkIsRelative() throws {
        let small = try SmallContent.built()
        defer { small.remove() }
        let files = try small.snapshot()
        #expect(files["sitemap.xml"] == nil)
        for (path, data) in files where path.hasSuffix(".html") {
            #expect(!String(decoding: data, as: UTF8.self).contains(#"rel="canonical""#), "\(path)")
        }
    }
}

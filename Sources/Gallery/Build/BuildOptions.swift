import Catalog
import Foundation

/// Where a build reads and writes, and whether it may use its cache.
public struct BuildOptions: Sendable {
    public var content: String
    public var templates: String
    public var output: String
    /// Where crops and previews are kept between builds, by content.
    public var cache: String
    /// Ignore the cache: decode and crop everything again.
    public var clean: Bool
    /// Where the site will be hosted: with it, the build writes `sitemap.xml` and a canonical link
    /// on every page; without it, neither (every link of the site is relative either way).
    public var baseURL: BaseURL?

    /// The browser core (`scripts/build-wasm.sh` writes it) that the make and measure pages run;
    /// copied into the site as `assets/backdrop-core.js`. When it is missing the build says so and
    /// the two pages say how to build it.
    public var browserCore: String

    public init(
        content: String = defaultContent, templates: String = defaultTemplates, output: String = defaultOutput,
        cache: String = defaultCache, clean: Bool = false, baseURL: BaseURL? = nil,
        browserCore: String = defaultBrowserCore
    ) {
        self.baseURL = baseURL
        self.content = content
        self.templates = templates
        self.output = output
        self.cache = cache
        self.clean = clean
        self.browserCore = browserCore
    }
}

/// The folders a build uses when none is given: the layout of this repository. The command line
/// takes its defaults from here.
extension BuildOptions {
    /// The content folder: device profiles, screenshots and the docs pages (``CatalogChoice/defaultFolder``).
    public static let defaultContent = CatalogChoice.defaultFolder
    /// The templates folder: Mustache templates and `assets/`.
    public static let defaultTemplates = "templates"
    /// The folder the site is written to.
    public static let defaultOutput = "site"
    /// The cache of crops and previews.
    public static let defaultCache = ".backdrop-cache"
    /// The browser core as `scripts/build-wasm.sh` writes it.
    public static let defaultBrowserCore = ".build/wasm/backdrop-core.js"
}

/// What a build did, for the summary line and the checks page.
public struct BuildReport: Sendable {
    public var devices = 0
    public var layouts = 0
    public var crops = 0
    /// Crops decoded, encoded and verified in this build (the rest came from the cache, verified when made).
    public var cropsMade = 0
    public var screenshotsDecoded = 0
    public var checksPassed = 0
    public var warnings = 0
    public var errors = 0
    public var seconds = 0.0
    /// Nothing was built: the site is the last build's, whose inputs are all as they were.
    public var unchanged = false

    /// What was built and checked, without the time.
    public var contents: String {
        "\(devices) devices, \(layouts) layouts, \(crops) crops (\(cropsMade) made, \(crops - cropsMade) from the cache), "
            + "checks: \(checksPassed) passed, \(warnings) warnings, \(errors) errors"
    }

    public var summary: String {
        let time = "\(String(format: "%.2f", seconds)) s"
        return unchanged ? "nothing changed since the last build (\(contents)), \(time)" : "\(contents), \(time)"
    }
}

import SlotGeometry

// Typed view models for the templates. No optional properties: an empty value is an empty string
// or list, and conditions are booleans, so that a missing key is always a template error.

struct OverlayRect {
    var id: String
    var label: String
    var family: String
    var anchor: String
    var x: Int, y: Int, width: Int, height: Int
    /// Where the label's centre is, as a share of the screenshot's width and height ("50.3%"):
    /// the label is HTML over the picture, on its own opaque background, so that its contrast is
    /// known whatever the wallpaper under it.
    var labelLeft: String, labelTop: String
}

struct Overlay {
    var width: Int
    var height: Int
    var hasImage: Bool
    var image: String
    var description: String
    var rects: [OverlayRect]
    var strokeWidth: Int
    /// Whether the slots link to their rows in the page's slot table.
    var interactive: Bool
}

extension Overlay {
    /// How thick the slot outlines are, relative to the screenshot's width; the make and measure
    /// pages draw their overlays with the same numbers.
    static let strokeMinimum = 3, strokeDivisor = 200

    static func strokeWidth(_ width: Int) -> Int { max(strokeMinimum, width / strokeDivisor) }

    /// `part` of `whole` as a CSS percentage: "50.3%".
    static func percent(_ part: Int, of whole: Int) -> String {
        "\(formatNumber(Double(part) * 100 / Double(max(1, whole))))%"
    }
}

struct DeviceCard {
    var id: String
    var name: String
    var models: String
    var screen: String
    var pixels: String
    var link: String
    var overlay: Overlay
    var layoutSummary: String
    var status: String
    var statusClass: String
    var searchText: String
}

struct MatrixCell {
    var label: String
    var cssClass: String
    var link: String
    var hasLink: Bool
}

struct MatrixRow {
    var name: String
    var link: String
    var size: String
    var searchText: String
    var cells: [MatrixCell]
}

struct LayoutColumn {
    var id: String
    var title: String
}

struct IndexPage {
    var root: String
    var pageTitle: String
    var summary: String
    /// Per iOS generation, how many layouts have positions and how many are measured.
    var generations: [String]
    var devices: [DeviceCard]
    var columns: [LayoutColumn]
    var matrix: [MatrixRow]
}

struct Figure {
    var appearance: String
    var overlay: Overlay
    var hasScreenshot: Bool
    var screenshot: String
    var missingMessage: String
}

struct SlotRow {
    var id: String
    var anchor: String
    var family: String
    var x: Int, y: Int, width: Int, height: Int
    var points: String
    /// The slot's source kind, for the badge's class: `measured`, `derived`, …
    var source: String
    /// The kind with the error of derived positions: "derived ±3 px".
    var sourceLabel: String
    var sourceDetail: String
}

struct UnknownRow {
    var id: String
    var size: String
    var missing: String
}

struct CropImage {
    var appearance: String
    var path: String
    var size: String
    var bytes: String
}

struct CropTile {
    var id: String
    var family: String
    var anchor: String
    var images: [CropImage]
}

/// A slot's crop in one style, on a device page.
struct StyleImage {
    var title: String
    var summary: String
    var path: String
    var size: String
}

/// One appearance's crops of a slot in every style.
struct StyleRow {
    var appearance: String
    var images: [StyleImage]
}

struct LayoutSection {
    var id: String
    var title: String
    var ios: String
    var coverage: String
    var coverageClass: String
    /// What a person will see from how the positions are known (``SourceKind/whatYouSee(errorPixels:errorPhones:)``);
    /// empty without positions.
    var whatYouSee: String
    /// Whether a seam may show (positions known, not measured): the page links to the fixer.
    var mayShowSeam: Bool
    /// Whether the positions are measured: the page says why they can be trusted.
    var isMeasured: Bool
    var note: String
    var hasNote: Bool
    var screen: String
    var screenshotSize: String
    var figures: [Figure]
    var slots: [SlotRow]
    var hasSlots: Bool
    var unknown: [UnknownRow]
    var hasUnknown: Bool
    var unavailable: String
    var hasUnavailable: Bool
    var crops: [CropTile]
    var hasCrops: Bool
    var missingCrops: String
    var hasMissingCrops: Bool
    var calibrations: [String]
    var hasCalibrations: Bool
    var usage: String
    /// The layout's styles, shown on one slot (``StyleSamples``): only the layout the phone most
    /// likely runs has them.
    var styleSlot: String
    var styleRows: [StyleRow]
    var hasStyles: Bool
}

struct ReferenceRow {
    var key: String
    var citation: String
}

struct LayoutLink {
    var id: String
    var title: String
}

struct DevicePage {
    var root: String
    var pageTitle: String
    var id: String
    /// The make page with this phone chosen (`make/index.html?device=ID`, read by make.js), from the site's root.
    var makeLink: String
    var name: String
    var models: String
    var screen: String
    var pixels: String
    var status: String
    var statusClass: String
    var layoutLinks: [LayoutLink]
    var layouts: [LayoutSection]
    var bodyHTML: String
    var references: [ReferenceRow]
    var file: String
}

struct DiagnosticRow {
    var severity: String
    var code: String
    var location: String
    var subject: String
    var message: String
}

/// One family of checks on the checks page, e.g. "Geometry".
struct CheckFamilySection {
    /// The heading's id.
    var id: String
    var title: String
    var checks: [CheckRow]
}

struct CheckRow {
    var code: String
    /// The severity of a finding unless a layout declares an exception.
    var severity: String
    var title: String
    /// The explanation, rendered from its Markdown (code spans): a `<p>` element.
    var explanationHTML: String
    /// A finding of the check as `backdrop check` prints it, made by the check's own code.
    var example: String
    var hasExample: Bool
}

struct ChecksPage {
    var root: String
    var pageTitle: String
    var summary: String
    var passed: Int
    var warnings: Int
    var errors: Int
    var notes: Int
    var hasDiagnostics: Bool
    var diagnostics: [DiagnosticRow]
    /// The checks reference, whose rows the findings link to.
    var reference: String
}

/// The Start here page: from an empty home-screen page to widget backgrounds, for a person
/// with a phone; the catalog gives it the phones by screenshot size.
struct StartPage {
    var root: String
    var pageTitle: String
    var screens: [StartScreen]
}

/// One screenshot size and the phones that take it.
struct StartScreen {
    var size: String
    var models: String
    var link: String
}

struct HelpMeasurePage {
    var root: String
    var pageTitle: String
    var count: Int
    var hasEntries: Bool
    var entries: [HelpMeasureEntry]
}

/// One device layout to measure, with everything a person with the phone needs.
struct HelpMeasureEntry {
    var anchor: String
    var deviceName: String
    var deviceLink: String
    var layoutTitle: String
    var coverage: String
    var coverageClass: String
    var gaps: String
    var settings: [SettingRow]
    var widgets: String
    var command: String
    var checks: String
}

struct SettingRow {
    var name: String
    var value: String
}

/// A docs page: a Markdown page of `content/docs/` or the generated checks reference.
struct DocPage {
    var root: String
    var pageTitle: String
    var title: String
    /// Shown for pages with at least ``DocsPages/tocMinimum`` h2 and h3 headings.
    var hasToc: Bool
    var toc: [TocEntry]
    var bodyHTML: String
    var docsNav: [DocsNavLink]
    /// The checks, family by family: only the checks reference has them.
    var families: [CheckFamilySection]
}

struct TocEntry {
    var id: String
    var text: String
    /// `toc-2` or `toc-3`.
    var level: String
}

struct DocsNavLink {
    var title: String
    var link: String
    /// Whether this is the page shown (marked `aria-current`).
    var isCurrent: Bool
}

/// The make and measure pages: the browser tool, its data, and the wordings it shares with the
/// command line.
struct ToolPage {
    var root: String
    var pageTitle: String
    /// Whether the site has the browser core; without it the page says how to build it.
    var hasCore: Bool
    /// The full core, which measures (``BrowserCoreScript/sitePath``).
    var coreScript: String
    /// The script the make page loads first: its own, without measuring, when the site has it
    /// (``BrowserCoreScript/makePagePath``); it loads `coreScript` when it first measures.
    var makeScript: String
    var buildCoreCommand: String
    /// The script that gives the page `geometry.json` (``GeometryFiles/scriptPath``).
    var geometryScript: String
    /// The overlay's slot labels and stroke and label sizes, as JSON.
    var overlayJSON: String
    /// The `calibrate --into` command with `{screenshot}`, `{device}` and `{layout}`, without and with `{empty}`.
    var recordCommand: String
    var recordCommandEmpty: String
    /// Why `--into` needs a screenshot that measures without the empty page.
    var measuredAlone: String
    /// The styles the make page offers (``CropStyle``), `none` first and chosen.
    var styles: [StyleChoice]
    /// How many phones the icon rule was checked on (the catalog's layouts that state their icons).
    var iconRulePhones: Int
}

/// A style on the make page: its name (`blur`), its title and what it is.
struct StyleChoice {
    var name: String
    var title: String
    var summary: String
    var isDefault: Bool
}

/// The view model of `api.mustache`, the WidgetGeometry API reference (`docs/api/index.html`):
/// one section per type, the type's declaration and doc comment, then its members'. Doc comments
/// are Markdown, rendered like every page of the site; ``Type/member`` symbol links become links
/// to the member's anchor.
struct APIReferencePage {
    struct Section {
        var anchor: String
        var name: String
        var kind: String
        var declaration: String
        var docHTML: String
        var members: [Member]
    }

    struct Member {
        var anchor: String
        var name: String
        var kind: String
        var declaration: String
        var docHTML: String
    }

    var root = "../../"
    var pageTitle: String
    var title: String
    var sections: [Section]
}

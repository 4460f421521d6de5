import SlotGeometry

/// The checks on the build itself: where it may write and whether it could. Codes are stable.
public enum BuildCheck: String, CaseIterable, Check {
    case workFolders = "B001"
    case encodable = "B002"
    case writable = "B003"
    case swap = "B004"
    case outputFolder = "B005"
    case browserCore = "B006"

    public static var family: String { "Build" }

    /// A site without the browser core is still a good site: only two pages lose their tool.
    public var severity: Severity { self == .browserCore ? .note : .error }

    public var title: String {
        switch self {
        case .workFolders: "the staging folder can be created, and a successful build's new cache entries kept"
        case .encodable: "the geometry files can be encoded, and the WidgetGeometry library read"
        case .writable: "every file of the site can be written"
        case .swap: "the new site can be moved into place"
        case .outputFolder:
            "the output is a new or empty folder or one a build wrote, and holds none of the content, templates, cache or working folders"
        case .browserCore: "the browser core the make and measure pages run is in the site"
        }
    }

    public var explanation: String {
        switch self {
        case .workFolders:
            "A build writes the new site into a staging folder beside the output and moves it into place only when everything succeeded; when it cannot, nothing is published. New cache entries are kept only after a successful build (a failure to keep them is a warning)."
        case .encodable:
            "`geometry.json` and `WidgetGeometry.swift` are generated from the catalog; `WidgetGeometry.swift` is the API files of the package's WidgetGeometry library followed by the same generated catalog the library commits. A value that cannot be encoded, or library sources that cannot be read, stop the build."
        case .writable:
            "Every page, crop and asset is written into the staging folder; a full disk or a permission problem is reported with the file and the reason, and the old site stays."
        case .swap:
            "The new site replaces the old one in one atomic exchange, so the output folder always holds a complete site, old or new."
        case .outputFolder:
            "`--output` names a folder the build may replace entirely. It must be new, empty, or one a build wrote (it holds a `.backdrop-site` marker), so a mistyped path can never delete a folder of yours."
        case .browserCore:
            "The make and measure pages crop and measure in the browser with Backdrop's own Swift code compiled to WebAssembly, which `scripts/build-wasm.sh` writes to `.build/wasm/backdrop-core.js` and the build copies into the site (`--browser-core` names another file). Without it the site is still built, and those two pages say how to build the core."
        }
    }
}

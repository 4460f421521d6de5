import ArgumentParser
import Catalog
import FileAccess
import Foundation
import Gallery

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// The `--templates` option of the commands that render the site.
struct TemplatesOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The templates folder (default: ./\(BuildOptions.defaultTemplates) when there is one, else the built-in templates).",
            valueName: "dir"), completion: .directory)
    var templates: String?
}

/// The `--browser-core` option of the commands that render the site.
struct BrowserCoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The browser core for the make and measure pages (default: the one installed beside backdrop, else \(BuildOptions.defaultBrowserCore)); without it those pages say how to build it.",
            valueName: "file"), completion: .file(extensions: ["js"]))
    var browserCore: String?

    /// The browser core to copy into the site: the one given, else the one installed beside this
    /// binary, else the one `scripts/build-wasm.sh` writes in a checkout.
    var file: String {
        if let browserCore { return browserCore }
        let installed = PathName.joining(Installation.folder, Installation.browserCore)
        return ContentFolder.kind(installed) == .typeRegular ? installed : BuildOptions.defaultBrowserCore
    }
}

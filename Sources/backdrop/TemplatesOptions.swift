import ArgumentParser
import Gallery

/// The `--templates` option of the commands that render the site.
struct TemplatesOptions: ParsableArguments {
    @Option(name: .long, help: "The templates folder.")
    var templates: String = BuildOptions.defaultTemplates
}

/// The `--browser-core` option of the commands that render the site.
struct BrowserCoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The browser core for the make and measure pages (scripts/build-wasm.sh writes it); without it those pages say how to build it.",
            valueName: "file"))
    var browserCore: String = BuildOptions.defaultBrowserCore
}

import ArgumentParser
import Gallery

/// The `--templates` option of the commands that render the site.
struct TemplatesOptions: ParsableArguments {
    @Option(name: .long, help: "The templates folder.")
    var templates: String = BuildOptions.defaultTemplates
}

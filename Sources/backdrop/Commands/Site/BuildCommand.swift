import ArgumentParser
import Catalog
import Foundation
import Gallery

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Build the gallery: check everything, crop every slot, render the site.",
        discussion: """
            Writes the site to a staging folder and moves it into place only when every check passed; \
            a failed build leaves the previous site untouched, prints every problem and exits with 1. \
            Crops and previews are cached by content, so a rebuild with nothing changed does no PNG work. \
            \(ScratchFolders.signalHelp)
            """
    )

    @OptionGroup var contentOptions: ContentOptions

    @OptionGroup var templatesOptions: TemplatesOptions

    @OptionGroup var browserCoreOptions: BrowserCoreOptions

    @Option(name: .long, help: "The output folder.", completion: .directory)
    var output = BuildOptions.defaultOutput

    @Option(name: .long, help: "The cache folder for crops and previews.", completion: .directory)
    var cache = BuildOptions.defaultCache

    @Flag(name: .long, help: "Ignore the cache: decode and crop everything again.")
    var clean = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Where the site will be hosted (an absolute http or https URL): writes sitemap.xml and a canonical link on every page.",
            valueName: "url"),
        transform: { value in
            do throws(BaseURL.Invalid) {
                return try BaseURL(value)
            } catch {
                throw ValidationError(error.description)
            }
        })
    var baseURL: BaseURL?

    @Flag(name: .shortAndLong, help: "Print only problems and the summary.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Also print notes.")
    var verbose = false

    /// `--quiet` wins over `--verbose`.
    private var verbosity: SiteBuilder.Verbosity {
        quiet ? .quiet : (verbose ? .verbose : .normal)
    }

    func run() throws {
        let scratch = ScratchFolders(command: "build")
        defer { scratch.remove() }
        let templates: String
        do {
            templates = try scratch.templates(given: templatesOptions.templates)
        } catch {
            throw CommandFailure(error)
        }
        let options = BuildOptions(
            content: contentOptions.content, templates: templates, output: output, cache: cache, clean: clean,
            baseURL: baseURL, browserCore: browserCoreOptions.file)
        let builder = SiteBuilder(options: options, verbosity: verbosity)
        do {
            let (report, diagnostics) = try builder.build()
            for diagnostic in diagnostics where verbosity.shows(diagnostic.severity) {
                printOut(diagnostic.description)
            }
            printOut("built \(output): \(report.summary)")
        } catch {
            for diagnostic in error.diagnostics where verbosity.shows(diagnostic.severity) {
                printError(diagnostic.description)
            }
            let errors = error.diagnostics.count(.error)
            printError("build failed with \(errors) error\(errors == 1 ? "" : "s"); \(output) was left as it was")
            throw ExitCode.failure
        }
    }
}

import ArgumentParser
import Catalog
import CheckCodes
import SampleScreens
import SlotGeometry

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

struct SamplesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "samples",
        abstract: "Render the sample home-screen screenshots the profiles name (deterministic).",
        discussion: """
            Without --widgets, renders every screenshot each profile's `screenshots` names (light and dark, \
            and the Display Zoom ones) into the content folder: an empty page in jiggle mode, at the exact \
            pixel size. With --widgets, renders the page of one device layout with widgets placed on the \
            given slots, for calibration; those go to --out, never into the gallery.
            """
    )

    @OptionGroup var contentOptions: ContentOptions

    @Argument(help: "Device ids; all devices when left out.")
    var devices: [String] = []

    @Option(name: .long, help: "Place widgets of this layout on the page (needs one device and --out).")
    var widgets: LayoutKind?

    @Option(name: .long, parsing: .upToNextOption, help: "The slots to place widgets on (default: the six small slots).")
    var slots: [SlotID] = SlotID.allCases.filter { $0.family == .small }

    @Option(
        name: .long, help: "Draw widget edges this many pixels (0 to 2) inside their rectangles, for anti-aliased edges.",
        transform: Self.edgeInsets.read)
    var edgeInset: Float = 0.4

    /// The insets `--edge-inset` takes: beyond 2 px an edge is no longer where the slot is.
    static let edgeInsets = NumberArgument("--edge-inset", Float(0)...2, "a number of pixels from 0 to 2")

    @Option(name: .long, help: "Where widget-placed samples go.", completion: .directory)
    var out: String?

    func validate() throws {
        if widgets != nil {
            guard devices.count == 1, out != nil else { throw ValidationError("--widgets needs exactly one device and --out") }
        }
    }

    func run() throws {
        // Without --widgets the screenshots go into the content folder, where the profiles name
        // them: there must be one (the built-in catalog has no folder to write into).
        let catalog = try contentOptions.loadCatalogWithoutErrors(needsFolder: widgets == nil)
        do {
            let documents = try CatalogListing.devices(devices, in: catalog, source: contentOptions.source.label, listingKnown: false)
            if let widgets, let out {
                try SampleFiles.writeWidgetPages(documents[0], layout: widgets, slots: slots, edgeInset: edgeInset, out: out) { printOut($0.line) }
                return
            }
            let total = try SampleFiles.writeScreenshots(documents) { printOut($0.line) }
            printOut("\(total / 1024) KB in all")
        } catch let mistake as CatalogListing.Failure {
            throw ValidationError(mistake.reason)
        } catch let failure as SampleFiles.Failure {
            if failure.isArgumentMistake { throw ValidationError(failure.problems.messages) }
            throw CommandFailure(failure)
        }
    }
}

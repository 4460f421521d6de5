import ArgumentParser
import CheckCodes
import Cropping
import NativePNG
import SlotGeometry

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

struct CropCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "crop",
        abstract: "Crop every slot of a layout out of a home-screen screenshot.",
        discussion: """
            Writes OUT/<slot-id>.png for every slot whose rectangle is known, in the screenshot's own \
            format (bit depth, channels, palette) and with its colour profile. Each written file is \
            decoded again and compared with the screenshot region, pixel for pixel. When a file it \
            would write already exists, nothing is written unless --force is given (crop light and \
            dark screenshots into folders of their own); a screenshot being cropped is never \
            replaced, with --force or without.

            With --measured-from PLACED, the slots come from your own pair of screenshots of one page \
            (EMPTY without widgets, PLACED with widgets): the widgets are found and measured, the grid \
            fitted, and EMPTY cropped at every slot a widget showed and every slot the grid implies; \
            OUT/measurement.json says which, and how to add the measurement to the catalog.

            With --widgets-from HOME ("check my widgets"), HOME is a screenshot of the home screen \
            with your transparent widgets in place, their backgrounds cropped from EMPTY with the \
            layout chosen (--device, --layout, or the choice printed). Each widget's piece of \
            wallpaper is found on HOME; how far it is from its slot is the correction, and EMPTY is \
            cropped again at every slot, corrected. OUT/widget-check.json gives each offset, or \
            "unknown" where the wallpaper cannot tell.

            With --icons-from HOME, HOME is a screenshot of a page with your app icons, over the same \
            wallpaper as EMPTY: the icons are found, their grid fitted, and every slot read off it by \
            iOS 26's rule (a widget covers whole icon cells, reaches 4 pt past its outer icons, and \
            its rows sit on icon rows 1, 3 and 5), on any iPhone, one the catalog lacks too. \
            OUT/icon-grid.json gives the icons, the grid, each slot and how it is known, and what \
            the icons cannot tell.
            """
    )

    @OptionGroup var contentOptions: ContentOptions

    @Argument(help: "The screenshot (PNG) of an empty home-screen page.")
    var screenshot: String

    @Option(
        name: .long,
        help:
            "The device id (see `backdrop devices`). Left out, the phone whose screenshots have the screenshot's size (the choice is printed). Not with --measured-from."
    )
    var device: String?

    @Option(
        name: .customLong("measured-from"),
        help: ArgumentHelp(
            "A screenshot of the same page with widgets placed: measure the slots on this pair instead of taking them from the catalog.",
            valueName: "placed"))
    var measuredFrom: String?

    @Option(
        name: .customLong("widgets-from"),
        help: ArgumentHelp(
            "A screenshot of the home screen with your transparent widgets in place: find how far each is off, and crop again, corrected.",
            valueName: "home"))
    var widgetsFrom: String?

    @Option(
        name: .customLong("icons-from"),
        help: ArgumentHelp(
            "A screenshot of a page with your app icons, over the same wallpaper: read every slot off the icons' grid (iOS 26).",
            valueName: "home"))
    var iconsFrom: String?

    @OptionGroup var jsonOptions: JSONOptions

    @Option(
        name: .long,
        help:
            "The layout. Left out, the layout of the newest iOS the screenshot size fits, with small icons and no Display Zoom (the choice is printed)."
    )
    var layout: LayoutKind?

    @Option(name: .long, help: "The folder to write the crops to (created if missing).")
    var out: String

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The style of the backgrounds: \(CropStyle.namesInWords) (none: the crops as they are); several separated by commas, or all, write a folder per style (content/docs/styles.md). Not with --measured-from.",
            valueName: "style"))
    var style = "none"

    @Flag(
        name: .long,
        help:
            "Replace crops (and measurement.json) already in --out. Without it nothing is written when one exists. The screenshots cropped are never replaced."
    )
    var force = false

    @OptionGroup(title: "Encoding") var encoding: EncodingOptions

    /// The styles `--style` names.
    var styles: [CropStyle] { CropStyle.list(style) ?? [.none] }

    func validate() throws {
        guard let styles = CropStyle.list(style) else {
            throw ValidationError(
                "--style \(style): not a style; give \(CropStyle.namesInWords), several separated by commas, or all")
        }
        if measuredFrom != nil, styles != [.none] {
            throw ValidationError("--style goes with crops of a catalog layout or --widgets-from; --measured-from writes the crops unstyled")
        }
        if measuredFrom != nil {
            if device != nil || layout != nil {
                throw ValidationError("--measured-from measures the slots on your screenshots; it does not go with --device or --layout")
            }
            if widgetsFrom != nil || iconsFrom != nil {
                throw ValidationError("--measured-from, --widgets-from and --icons-from are three ways to measure; give one")
            }
        } else if widgetsFrom != nil, iconsFrom != nil {
            throw ValidationError("--widgets-from and --icons-from are two ways to measure; give one")
        } else if widgetsFrom == nil, iconsFrom == nil {
            if jsonOptions.json { throw ValidationError("--json prints the measurement of --measured-from, --widgets-from or --icons-from") }
        }
    }

    func run() throws {
        let catalog = try contentOptions.loadCatalog(.consulted)
        let request = CropJob.Request(
            catalog: catalog, source: contentOptions.source.label, screenshot: screenshot, device: device, layout: layout,
            measuredFrom: measuredFrom, widgetsFrom: widgetsFrom, iconsFrom: iconsFrom, out: out, force: force, styles: styles,
            settings: encoding.settings)
        let outcome: CropJob.Outcome
        do {
            outcome = try CropJob.run(request, say: printError)
        } catch {
            if error.isArgumentMistake { throw ValidationError(error.problems.messages) }
            throw CommandFailure(error)
        }
        printOut(outcome.text(json: jsonOptions.json))
    }
}

import ArgumentParser
import Catalog
import FileAccess
import Foundation
import NativePNG
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

    @Option(name: .long, help: "Where widget-placed samples go.")
    var out: String?

    func validate() throws {
        if widgets != nil {
            guard devices.count == 1, out != nil else { throw ValidationError("--widgets needs exactly one device and --out") }
        }
    }

    func run() throws {
        let catalog = try contentOptions.loadCatalogWithoutErrors()
        var documents = catalog.devices
        if !devices.isEmpty {
            documents = try devices.map { id in
                guard let document = catalog.device(id) else {
                    throw ValidationError("no device `\(id)` in the catalog (\(contentOptions.source.label))")
                }
                return document
            }
        }
        if let widgets, let out {
            try renderWidgetSamples(documents[0], layout: widgets, out: out)
            return
        }
        var total = 0
        for document in documents {
            for set in document.screenshotSets {
                for (appearance, file) in set.ordered {
                    let sample = SampleHomeScreen(screen: set.screen, appearance: appearance, seed: SampleHomeScreen.seed(for: document.id))
                    try checkChromeClearsSlots(sample, document: document, layouts: set.layouts)
                    let path = file.path
                    try makeFolder(PathName.folder(of: path))
                    let bytes = try sample.render().encoded(settings: SampleHomeScreen.encodeSettings)
                    try PNGRaster.write(bytes, to: path)
                    total += bytes.count
                    printOut("\(path)  \(set.screen.pixels)  \(appearance.rawValue)  \(bytes.count / 1024) KB")
                }
            }
        }
        printOut("\(total / 1024) KB in all")
    }

    /// The page must be empty where any slot of the layouts it serves is.
    private func checkChromeClearsSlots(_ sample: SampleHomeScreen, document: DeviceDocument, layouts: [LayoutKind]) throws {
        for layout in document.layouts where layouts.contains(layout.kind) {
            for slot in layout.slots {
                if let chrome = sample.chromeRects.first(where: { $0.intersects(slot.rect) }) {
                    throw ValidationError(
                        "\(document.id) \(layout.kind.rawValue): \(slot.id.rawValue) \(slot.rect) would overlap the page's chrome at \(chrome)")
                }
            }
        }
    }

    private func renderWidgetSamples(_ document: DeviceDocument, layout kind: LayoutKind, out: String) throws {
        guard let layout = document.layout(kind) else {
            throw ValidationError("\(document.id) has no \(kind.rawValue) layout")
        }
        let rects = try slots.map { id in
            guard let slot = layout.slot(id) else {
                throw ValidationError("\(document.id) \(kind.rawValue): the rectangle of \(id.rawValue) is not known")
            }
            return slot.rect
        }
        try makeFolder(out)
        for appearance in Appearance.allCases {
            let sample = SampleHomeScreen(
                screen: layout.screen, appearance: appearance, seed: SampleHomeScreen.seed(for: document.id), widgets: rects,
                widgetEdgeInset: edgeInset)
            let path = PathName.joining(out, "\(document.id)-\(kind.rawValue)-widgets-\(appearance.rawValue).png")
            let bytes = try sample.render().encoded(settings: SampleHomeScreen.encodeSettings)
            try PNGRaster.write(bytes, to: path)
            printOut("\(path)  \(layout.screen.pixels)  \(rects.count) widgets  \(bytes.count / 1024) KB")
        }
    }
}

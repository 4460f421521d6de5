import Catalog
import CheckCodes
import FileAccess
import NativePNG
import SlotGeometry

/// What `backdrop samples` writes: every sample screenshot the profiles name (an empty page in
/// jiggle mode at the exact pixel size, light and dark), or one layout's page with widgets placed
/// on given slots, for calibration.
public enum SampleFiles {
    /// Why a sample was not written: a slot the page's chrome would cover, a layout or slot
    /// position the catalog lacks, a file that cannot be written.
    public struct Failure: Problem {
        public var problems: [ProblemText]
        /// True when the arguments are at fault (a layout or slot the device lacks): the command
        /// says it with its usage.
        public var isArgumentMistake: Bool

        init(_ problems: [ProblemText], isArgumentMistake: Bool = false) {
            self.problems = problems
            self.isArgumentMistake = isArgumentMistake
        }
    }

    /// One file written: its path, pixel size, what it shows and its size in bytes.
    public struct Written: Sendable {
        public var path: String
        public var pixels: PixelSize
        /// `light` or `dark`, or `6 widgets`.
        public var shows: String
        public var bytes: Int

        /// The line the command prints for it.
        public var line: String { "\(path)  \(pixels)  \(shows)  \(bytes / 1024) KB" }
    }

    /// Renders every screenshot each of `documents` names into its path (the folders made as
    /// needed), saying each to `wrote` once written; returns the bytes written in all. Refuses,
    /// before writing it, a page whose chrome would overlap a slot of a layout it serves.
    public static func writeScreenshots(_ documents: [DeviceDocument], wrote: (Written) -> Void) throws(Failure) -> Int {
        var total = 0
        for document in documents {
            for set in document.screenshotSets {
                for (appearance, file) in set.ordered {
                    let sample = SampleHomeScreen(screen: set.screen, appearance: appearance, seed: SampleHomeScreen.seed(for: document.id))
                    try checkChromeClearsSlots(sample, document: document, layouts: set.layouts)
                    do throws(FileProblem) {
                        try FileWriter.makeFolder(PathName.folder(of: file.path))
                    } catch {
                        throw Failure(error.problems)
                    }
                    let bytes = try write(sample, to: file.path)
                    total += bytes
                    wrote(Written(path: file.path, pixels: set.screen.pixels, shows: appearance.rawValue, bytes: bytes))
                }
            }
        }
        return total
    }

    /// The page must be empty where any slot of the layouts it serves is.
    static func checkChromeClearsSlots(_ sample: SampleHomeScreen, document: DeviceDocument, layouts: [LayoutKind]) throws(Failure) {
        for layout in document.layouts where layouts.contains(layout.kind) {
            for slot in layout.slots {
                if let chrome = sample.chromeRects.first(where: { $0.intersects(slot.rect) }) {
                    throw Failure(
                        [
                            ProblemText(
                                reason:
                                    "\(document.id) \(layout.kind.rawValue): \(slot.id.rawValue) \(slot.rect) would overlap the page's chrome at \(chrome)"
                            )
                        ], isArgumentMistake: true)
                }
            }
        }
    }

    /// Renders the page of `document`'s `kind` layout with widgets on `slots` (their edges drawn
    /// `edgeInset` pixels inside), light and dark, into `out` as `DEVICE-LAYOUT-widgets-APPEARANCE.png`,
    /// saying each to `wrote`. Refuses a layout the device lacks and a slot whose rectangle is unknown.
    public static func writeWidgetPages(
        _ document: DeviceDocument, layout kind: LayoutKind, slots: [SlotID], edgeInset: Float, out: String, wrote: (Written) -> Void
    ) throws(Failure) {
        guard let layout = document.layout(kind) else {
            throw Failure([ProblemText(reason: "\(document.id) has no \(kind.rawValue) layout")], isArgumentMistake: true)
        }
        var rects: [PixelRect] = []
        for id in slots {
            guard let slot = layout.slot(id) else {
                throw Failure(
                    [ProblemText(reason: "\(document.id) \(kind.rawValue): the rectangle of \(id.rawValue) is not known")], isArgumentMistake: true)
            }
            rects.append(slot.rect)
        }
        do throws(FileProblem) {
            try FileWriter.makeFolder(out)
        } catch {
            throw Failure(error.problems)
        }
        for appearance in Appearance.allCases {
            let sample = SampleHomeScreen(
                screen: layout.screen, appearance: appearance, seed: SampleHomeScreen.seed(for: document.id), widgets: rects,
                widgetEdgeInset: edgeInset)
            let path = PathName.joining(out, "\(document.id)-\(kind.rawValue)-widgets-\(appearance.rawValue).png")
            let bytes = try write(sample, to: path)
            wrote(Written(path: path, pixels: layout.screen.pixels, shows: "\(rects.count) widgets", bytes: bytes))
        }
    }

    /// Renders and encodes `sample` and writes it to `path`; returns its size in bytes.
    static func write(_ sample: SampleHomeScreen, to path: String) throws(Failure) -> Int {
        do {
            let bytes = try sample.render().encoded(settings: SampleHomeScreen.encodeSettings)
            try PNGRaster.write(bytes, to: path)
            return bytes.count
        } catch {
            throw Failure(error.problems)
        }
    }
}

import Catalog
import CheckCodes
import Checks
import FileAccess
import Foundation
import MeasurementReports
import NativePNG
import SlotGeometry

/// The files a crop is about to write into its output folder, checked before any is written, and
/// then written all or nothing: a crop never replaces the screenshot it is cut from (nor any
/// input), and replaces an existing file only with `force`, so crops of a light page are not
/// silently replaced by a dark one's.
public struct CropOutput {
    /// The files the crop writes.
    public var paths: [String]
    /// The files it reads.
    public var inputs: [String]

    public init(paths: [String], inputs: [String]) {
        self.paths = paths
        self.inputs = inputs
    }

    /// Throws when a path is an input (even with `force`), or exists while `force` is off; writes
    /// nothing. `out` is the folder named in the refusal.
    public func check(out: String, force: Bool) throws(CropFailure) {
        var existing: [String] = []
        for path in paths where FileWriter.kind(path) != nil {
            if let input = inputs.first(where: { FileReader.isSameFile(path, $0) }) {
                throw CropFailure(
                    file: path,
                    reason: "is the screenshot \(input) being cropped; a crop never replaces its input, even with --force: "
                        + "choose another --out")
            }
            existing.append(PathName.name(of: path))
        }
        guard !existing.isEmpty, !force else { return }
        let listed = existing.count <= 4 ? existing.joined(separator: ", ") : existing.prefix(4).joined(separator: ", ") + ", …"
        throw CropFailure(
            file: out,
            reason: "already holds \(existing.count) of the files this crop writes (\(listed)); nothing was written: "
                + "choose another --out (one per screenshot, e.g. crops-light/ and crops-dark/), or pass --force to replace them")
    }

    /// Writes the files `names` into `out` all or nothing (``StagedFolder``): `write` writes each
    /// at the path the folder gives it and throws on any failure; only then are they moved into
    /// place. On failure `out` is left as it was (a signal's cleanup removes the staging too), and
    /// the problems end by saying so.
    public static func writeAllOrNothing(out: String, names: [String], _ write: (StagedFolder) throws(CropFailure) -> Void) throws(CropFailure) {
        let folder: StagedFolder
        do {
            folder = try SignalCleanup.owning { () throws(FileProblem) in
                let made = try StagedFolder(out)
                return (made, made.outermostMade)
            }
        } catch {
            throw CropFailure(error)
        }
        do {
            try write(folder)
        } catch {
            SignalCleanup.disowning(folder.outermostMade) { folder.discard() }
            throw CropFailure(error.problems + [nothingWritten(out)])
        }
        do throws(FileProblem) {
            try SignalCleanup.disowning(folder.outermostMade) { () throws(FileProblem) in try folder.commit(names) }
        } catch {
            throw CropFailure(error.problems + [nothingWritten(out)])
        }
    }

    /// The last problem of a crop that wrote nothing.
    static func nothingWritten(_ out: String) -> ProblemText {
        ProblemText(file: out, reason: "nothing was written (it is as it was before this command)")
    }

    /// The two screenshots decoded; refuses one file given twice, and two sizes (`placed`: the
    /// screenshot with widgets or icons placed on the page `empty` shows bare).
    static func readPair(empty: String, placed: String) throws(CropFailure) -> (empty: PNGRaster, placed: PNGRaster) {
        do throws(ScreenshotPair.SameFile) {
            try ScreenshotPair.requireTwo(placed: placed, empty: empty)
        } catch {
            throw CropFailure(error)
        }
        let emptyImage = try CropOutput.decode(empty)
        let placedImage = try CropOutput.decode(placed)
        if emptyImage.size != placedImage.size {
            throw CropFailure([CalibrationReport.sizeMismatch(placed: placed, placedImage.size, empty: empty, emptyImage.size)])
        }
        return (emptyImage, placedImage)
    }

    /// A screenshot read and decoded, or the failure naming its path.
    public static func decode(_ path: String) throws(CropFailure) -> PNGRaster {
        do {
            return try PNGRaster(decoding: try PNGRaster.readBytes(path))
        } catch {
            throw CropFailure(error, naming: path)
        }
    }

    /// The files of `slots` in `styles`: each style's ``CropStyle/fileName(slot:inFolder:)``,
    /// in a folder per style when there are several; grouped by style, in the slots' order.
    static func names(_ slots: [SlotID], styles: [CropStyle]) -> [String] {
        styles.flatMap { style in slots.map { style.fileName(slot: $0.rawValue, among: styles) } }
    }

    /// Crops `image` at each slot, in each of `styles` (at the layout's `scale`), into the staged
    /// `folder` as ``names(_:styles:)``, each file verified (``CropEncoder``); the failures, one
    /// finding each about `screenshot` and its slot. A style's whole screen is made once for all
    /// its crops (and styles of one blur share it). Returns the bytes written in all.
    static func writeCrops(
        _ image: PNGRaster, _ slots: [(id: SlotID, rect: PixelRect)], styles: [CropStyle] = [.none], scale: Int, into folder: StagedFolder,
        settings: PNGEncodeSettings, screenshot: String, device: String?, layout: LayoutKind?
    ) throws(CropFailure) -> Int {
        var problems: [Diagnostic] = []
        var bytes = 0
        StyledScreen.forEach(image, styles: styles, scale: scale) { screen in
            let style = screen.style
            let jobs = slots.map { slot in
                CropEncoder.Job(
                    rect: slot.rect, family: slot.id.family,
                    path: folder.stagedPath(style.fileName(slot: slot.id.rawValue, among: styles)))
            }
            for (slot, result) in zip(slots, CropEncoder.write(screen, jobs: jobs, settings: settings)) {
                switch result {
                case .success(let file): bytes += file.count
                case .failure(let error):
                    problems.append(
                        Diagnostic(
                            file: screenshot, check: CropCheck.exactCrop, device: device, layout: layout, slot: slot.id, message: error.description))
                }
            }
        }
        if !problems.isEmpty { throw CropFailure(problems.flatMap(\.problems)) }
        return bytes
    }

    /// Writes `text` and a line break as the new file `name` of the staged `folder`.
    static func writeText(_ text: String, named name: String, into folder: StagedFolder) throws(CropFailure) {
        do throws(FileProblem) {
            try FileWriter.create(folder.stagedPath(name), with: Array((text + "\n").utf8))
        } catch {
            throw CropFailure(error)
        }
    }
}

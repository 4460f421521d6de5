import CheckCodes
import FileAccess
import Foundation
import Gallery
import NativePNG

/// The files a crop command is about to write into `--out`, checked before any is written: a
/// crop never replaces the screenshot it is cut from (nor any input), and replaces an existing
/// file only with `--force`, so crops of a light page are not silently replaced by a dark one's.
struct CropOutput {
    /// The files the command writes.
    var paths: [String]
    /// The files it reads.
    var inputs: [String]

    /// Throws when a path is an input, or exists while `force` is off; writes nothing.
    func check(out: String, force: Bool) throws(CommandFailure) {
        var existing: [String] = []
        for path in paths where FileWriter.kind(path) != nil {
            if let input = inputs.first(where: { FileReader.isSameFile(path, $0) }) {
                throw CommandFailure([
                    ProblemText(
                        file: path,
                        reason: "is the screenshot \(input) being cropped; a crop never replaces its input, even with --force: "
                            + "choose another --out")
                ])
            }
            existing.append(PathName.name(of: path))
        }
        guard !existing.isEmpty, !force else { return }
        let listed = existing.count <= 4 ? existing.joined(separator: ", ") : existing.prefix(4).joined(separator: ", ") + ", …"
        throw CommandFailure([
            ProblemText(
                file: out,
                reason: "already holds \(existing.count) of the files this crop writes (\(listed)); nothing was written: "
                    + "choose another --out (one per screenshot, e.g. crops-light/ and crops-dark/), or pass --force to replace them")
        ])
    }

    /// Writes the files `names` into `out` all or nothing (``StagedFolder``): `write` writes each
    /// at the path the folder gives it and throws on any failure; only then are they moved into
    /// place. On failure `out` is left as it was, and the messages say so.
    static func writeAllOrNothing(out: String, names: [String], _ write: (StagedFolder) throws -> Void) throws {
        // What the staging made is removed by a signal's cleanup too, until it is committed.
        let folder: StagedFolder
        do {
            folder = try BuildInterruption.owning { () throws(FileProblem) in
                let made = try StagedFolder(out)
                return (made, made.outermostMade)
            }
        } catch {
            throw CommandFailure(error)
        }
        do {
            try write(folder)
        } catch let failure as CommandFailure {
            BuildInterruption.disowning(folder.outermostMade) { folder.discard() }
            throw CommandFailure(failure.problems + [nothingWritten(out)])
        } catch {
            BuildInterruption.disowning(folder.outermostMade) { folder.discard() }
            throw error
        }
        do throws(FileProblem) {
            try BuildInterruption.disowning(folder.outermostMade) { () throws(FileProblem) in try folder.commit(names) }
        } catch {
            throw CommandFailure(error.problems + [nothingWritten(out)])
        }
    }

    private static func nothingWritten(_ out: String) -> ProblemText {
        ProblemText(file: out, reason: "nothing was written (it is as it was before this command)")
    }

    /// A screenshot read and decoded, or the failure naming its path.
    static func decode(_ path: String) throws -> PNGRaster {
        do {
            return try PNGRaster(decoding: try PNGRaster.readBytes(path))
        } catch {
            throw CommandFailure(error, naming: path)
        }
    }
}

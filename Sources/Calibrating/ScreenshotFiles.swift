import CheckCodes
import NativePNG

/// The two screenshots a run reads: the one measured, with its bytes as read (a recording copies
/// them), and the empty page; each failure is about its own file.
struct ScreenshotFiles {
    /// Why a screenshot could not be read, in its file's words.
    struct Unreadable: Error {
        var problems: [ProblemText]
    }

    var bytes: [UInt8]
    var measured: PNGRaster
    var empty: PNGRaster

    /// Reads and decodes `measured` and `empty`.
    static func read(_ measured: String, empty: String) throws(Unreadable) -> ScreenshotFiles {
        let bytes: [UInt8]
        let image: PNGRaster
        do {
            bytes = try PNGRaster.readBytes(measured)
            image = try PNGRaster(decoding: bytes)
        } catch {
            throw Unreadable(problems: error.problems(naming: measured))
        }
        do {
            return ScreenshotFiles(bytes: bytes, measured: image, empty: try PNGRaster(contentsOfFile: empty))
        } catch {
            throw Unreadable(problems: error.problems)
        }
    }
}

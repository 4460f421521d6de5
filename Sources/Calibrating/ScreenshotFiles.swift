import CheckCodes
import NativePNG

/// Why a calibrate run measured nothing: a screenshot that cannot be read, a device or layout the
/// catalog does not have, or a measurement that fails, each about its file.
public struct RunFailure: Problem {
    public var problems: [ProblemText]

    init(problems: [ProblemText]) {
        self.problems = problems
    }

    init(file: String, reason: String) {
        self.init(problems: [ProblemText(file: file, reason: reason)])
    }
}

/// The screenshots a run reads: the one measured, with its bytes as read (a recording copies
/// them), and the empty page; each failure is about its own file.
enum ScreenshotFiles {
    /// Reads and decodes `measured`, keeping its bytes.
    static func read(_ measured: String) throws(RunFailure) -> (bytes: [UInt8], image: PNGRaster) {
        do {
            let bytes = try PNGRaster.readBytes(measured)
            return (bytes, try PNGRaster(decoding: bytes))
        } catch {
            throw RunFailure(problems: error.problems(naming: measured))
        }
    }

    /// Reads and decodes the empty page `empty`.
    static func decode(empty: String) throws(RunFailure) -> PNGRaster {
        do {
            return try PNGRaster(contentsOfFile: empty)
        } catch {
            throw RunFailure(problems: error.problems)
        }
    }
}

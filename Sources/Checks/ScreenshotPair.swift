import CheckCodes
import FileAccess

/// The pair of screenshots a measurement needs (`calibrate --empty`, `crop --measured-from`,
/// `crop --widgets-from`): the empty page and the same page with widgets.
public enum ScreenshotPair {
    /// One file given as both screenshots.
    public struct SameFile: Problem {
        public var placed: String
        public var empty: String

        public init(placed: String, empty: String) {
            self.placed = placed
            self.empty = empty
        }

        public var problems: [ProblemText] {
            [
                ProblemText(
                    file: placed,
                    reason: "is the same file as the empty screenshot \(empty); give two screenshots: "
                        + "the page without widgets and the same page with widgets placed")
            ]
        }
    }

    /// Refuses a pair that is one file given twice (the same path, `./A` and `A`, a hard or
    /// symbolic link). A copy is refused later, from its pixels (``CalibrationError/identicalImages``).
    public static func requireTwo(placed: String, empty: String) throws(SameFile) {
        guard FileReader.isSameFile(placed, empty) else { return }
        throw SameFile(placed: placed, empty: empty)
    }
}

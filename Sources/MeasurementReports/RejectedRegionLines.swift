import Calibration
import SlotGeometry

/// The regions a calibration did not take for widgets, as `calibrate` and `crop --measured-from`
/// print them.
public enum RejectedRegionLines {
    /// Every region that was not taken for a widget, with why: one line each, except those too
    /// small for a widget (app icons, buttons and the like), which share one line. The heading,
    /// after a blank line, says how many may be widgets that were lost. No line when none was
    /// rejected.
    public static func lines(_ rejected: [RejectedRegion]) -> [String] {
        guard !rejected.isEmpty else { return [] }
        let count = rejected.count
        let lost = rejected.filter { $0.reason.mayBeAWidget }.count
        let warning = lost == 0 ? "" : ", \(lost) of which may be \(lost == 1 ? "a widget" : "widgets") that \(lost == 1 ? "was" : "were") lost"
        var lines = ["", "not taken for widgets (\(count) region\(count == 1 ? "" : "s")\(warning)):"]
        var small: [RejectedRegion] = []
        var minimum = 0
        for region in rejected {
            if case .tooSmall(_, let side) = region.reason {
                small.append(region)
                minimum = side
            } else {
                lines.append("  \(region)")
            }
        }
        if small.count == 1 {
            lines.append("  \(small[0])")
        } else if !small.isEmpty {
            let places = small.map { "\($0.rect.width)×\($0.rect.height) at \($0.rect.x),\($0.rect.y)" }.joined(separator: "; ")
            lines.append("  \(small.count) regions too small for a widget (under \(minimum) px across; app icons, buttons and the like): \(places)")
        }
        return lines
    }
}

/// Counts of marked pixels line by line (a region's rows or columns).
enum LineCounts {
    /// The longest run of counts at least `threshold`, as a range of line indices (`counts[0]`
    /// being line `offset`); the first such run when two are as long.
    static func longestRun(_ counts: [Int], atLeast threshold: Int, offset: Int) -> Range<Int> {
        var best = offset..<offset
        var start: Int?
        for (index, count) in counts.enumerated() {
            if count >= threshold {
                if start == nil { start = index }
                if index + 1 - start! > best.count { best = (offset + start!)..<(offset + index + 1) }
            } else {
                start = nil
            }
        }
        return best
    }
}

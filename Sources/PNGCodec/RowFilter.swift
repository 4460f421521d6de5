/// The five PNG row filters (none, sub, up, average, Paeth), both ways, over raw buffers: they run
/// over every byte of a screenshot, in the browser too.
enum RowFilter {
    /// Reverses filter `type` on the `count` bytes at `row` in place, given the previous
    /// unfiltered row of the pass (nil for the first) and the bytes per complete pixel (at least 1).
    /// False for a filter type PNG does not have.
    static func unfilter(_ type: UInt8, row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>?, count: Int, step: Int) -> Bool {
        let first = min(step, count)
        switch (type, previous) {
        case (0, _), (2, nil): return true
        case (1, _), (4, nil):
            // Paeth with no row above predicts from the left, as sub does.
            var index = first
            while index < count {
                row[index] &+= row[index &- step]
                index &+= 1
            }
        case (2, let previous?):
            for index in 0..<count { row[index] &+= previous[index] }
        case (3, nil):
            var index = first
            while index < count {
                row[index] &+= row[index &- step] >> 1
                index &+= 1
            }
        case (3, let previous?):
            for index in 0..<first { row[index] &+= previous[index] >> 1 }
            var index = first
            while index < count {
                row[index] &+= UInt8(truncatingIfNeeded: (UInt16(row[index &- step]) &+ UInt16(previous[index])) >> 1)
                index &+= 1
            }
        case (4, let previous?):
            for index in 0..<first { row[index] &+= previous[index] }
            var index = first
            while index < count {
                row[index] &+= paeth(row[index &- step], previous[index], previous[index &- step])
                index &+= 1
            }
        default: return false
        }
        return true
    }

    /// Writes the `count` bytes at `row` filtered with `type` to `output` (the filter byte first).
    /// One loop per type, the first pixel (nothing to its left) apart, in wrapping arithmetic:
    /// these loops run over every byte of every crop.
    static func filter(
        _ type: UInt8, row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, step: Int,
        into output: UnsafeMutablePointer<UInt8>
    ) {
        output[0] = type
        let out = output + 1
        let first = min(step, count)
        switch type {
        case 1:
            for index in 0..<first { out[index] = row[index] }
            var index = first
            while index < count {
                out[index] = row[index] &- row[index &- step]
                index &+= 1
            }
        case 2:
            for index in 0..<count { out[index] = row[index] &- previous[index] }
        case 3:
            for index in 0..<first { out[index] = row[index] &- (previous[index] >> 1) }
            var index = first
            while index < count {
                out[index] = row[index] &- UInt8(truncatingIfNeeded: (UInt16(row[index &- step]) &+ UInt16(previous[index])) >> 1)
                index &+= 1
            }
        case 4:
            for index in 0..<first { out[index] = row[index] &- previous[index] }
            var index = first
            while index < count {
                out[index] = row[index] &- paeth(row[index &- step], previous[index], previous[index &- step])
                index &+= 1
            }
        default:
            ByteCopy.copy(count, from: row, to: out)
        }
    }

    /// The filter libpng's heuristic would favour: the one whose output bytes, read as signed,
    /// sum to the least. Images below 8 bits and palette images use none, as libpng does.
    static func choose(row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, step: Int, allowed: Bool) -> UInt8 {
        guard allowed else { return 0 }
        var (none, sub, up, average, paethSum) = (0, 0, 0, 0, 0)
        // The first pixel has nothing to its left; after it, every byte has a left and an upper
        // left. The sums stay below 128 × a row's bytes: wrapping arithmetic cannot wrap.
        let first = min(step, count)
        for index in 0..<first {
            let value = row[index]
            let above = previous[index]
            none &+= magnitude(value)
            sub &+= magnitude(value)
            up &+= magnitude(value &- above)
            average &+= magnitude(value &- (above >> 1))
            paethSum &+= magnitude(value &- above)
        }
        var index = first
        while index < count {
            let value = row[index]
            let left = row[index &- step]
            let above = previous[index]
            none &+= magnitude(value)
            sub &+= magnitude(value &- left)
            up &+= magnitude(value &- above)
            average &+= magnitude(value &- UInt8(truncatingIfNeeded: (UInt16(left) &+ UInt16(above)) >> 1))
            paethSum &+= magnitude(value &- paeth(left, above, previous[index &- step]))
            index &+= 1
        }
        var best: UInt8 = 0
        var bestSum = none
        for (type, sum) in [(UInt8(1), sub), (2, up), (3, average), (4, paethSum)] where sum < bestSum {
            best = type
            bestSum = sum
        }
        return best
    }

    /// A filtered byte read as signed, without its sign.
    @inline(__always)
    private static func magnitude(_ value: UInt8) -> Int { Int(Int8(bitPattern: value).magnitude) }

    /// The Paeth predictor: of left `a`, above `b` and upper left `c`, the one nearest to a + b - c.
    @inline(__always)
    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        // |p - a| = |b - c|, |p - b| = |a - c|, |p - c| = |a + b - 2c|: no term leaves -510…510.
        let (a32, b32, c32) = (Int32(a), Int32(b), Int32(c))
        let pa = Self.absolute(b32 &- c32)
        let pb = Self.absolute(a32 &- c32)
        let pc = Self.absolute(a32 &+ b32 &- c32 &- c32)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    @inline(__always)
    private static func absolute(_ value: Int32) -> Int32 { value < 0 ? 0 &- value : value }
}

/// The five PNG row filters (none, sub, up, average, Paeth), both ways, over raw buffers: they run
/// over every byte of a screenshot, in the browser too.
enum RowFilter {
    /// Reverses filter `type` on the `count` bytes at `row` in place, given the previous
    /// unfiltered row of the pass (nil for the first) and the bytes per complete pixel (at least 1).
    /// False for a filter type PNG does not have.
    static func unfilter(_ type: UInt8, row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>?, count: Int, step: Int) -> Bool {
        switch type {
        case 0: return true
        case 1:
            var index = step
            while index < count {
                row[index] &+= row[index - step]
                index += 1
            }
        case 2:
            guard let previous else { return true }
            for index in 0..<count { row[index] &+= previous[index] }
        case 3:
            for index in 0..<count {
                let left = index >= step ? Int(row[index - step]) : 0
                let up = previous.map { Int($0[index]) } ?? 0
                row[index] &+= UInt8(truncatingIfNeeded: (left + up) >> 1)
            }
        case 4:
            for index in 0..<count {
                let left = index >= step ? row[index - step] : 0
                let up = previous?[index] ?? 0
                let upLeft = index >= step ? previous?[index - step] ?? 0 : 0
                row[index] &+= paeth(left, up, upLeft)
            }
        default: return false
        }
        return true
    }

    /// The prediction of filter `type` for byte `index` of `row`.
    @inline(__always)
    private static func predicted(_ type: UInt8, _ row: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>, _ index: Int, _ step: Int) -> UInt8 {
        let left = index >= step ? row[index - step] : 0
        switch type {
        case 1: return left
        case 2: return previous[index]
        case 3: return UInt8(truncatingIfNeeded: (Int(left) + Int(previous[index])) >> 1)
        case 4: return paeth(left, previous[index], index >= step ? previous[index - step] : 0)
        default: return 0
        }
    }

    /// Writes the `count` bytes at `row` filtered with `type` to `output` (the filter byte first).
    static func filter(
        _ type: UInt8, row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, step: Int,
        into output: UnsafeMutablePointer<UInt8>
    ) {
        output[0] = type
        for index in 0..<count { output[1 + index] = row[index] &- predicted(type, row, previous, index, step) }
    }

    /// The filter libpng's heuristic would favour: the one whose output bytes, read as signed,
    /// sum to the least. Images below 8 bits and palette images use none, as libpng does.
    static func choose(row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, step: Int, allowed: Bool) -> UInt8 {
        guard allowed else { return 0 }
        var (none, sub, up, average, paethSum) = (0, 0, 0, 0, 0)
        // The first pixel has nothing to its left; after it, every byte has a left and an upper left.
        let first = min(step, count)
        for index in 0..<first {
            let value = row[index]
            let above = previous[index]
            none += magnitude(value)
            sub += magnitude(value)
            up += magnitude(value &- above)
            average += magnitude(value &- (above >> 1))
            paethSum += magnitude(value &- above)
        }
        var index = first
        while index < count {
            let value = row[index]
            let left = row[index - step]
            let above = previous[index]
            none += magnitude(value)
            sub += magnitude(value &- left)
            up += magnitude(value &- above)
            average += magnitude(value &- UInt8(truncatingIfNeeded: (UInt16(left) + UInt16(above)) >> 1))
            paethSum += magnitude(value &- paeth(left, above, previous[index - step]))
            index += 1
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

    @inline(__always)
    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a))
        let pb = abs(p - Int(b))
        let pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}

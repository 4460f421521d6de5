/// The five PNG row filters (none, sub, up, average, Paeth), both ways.
enum RowFilter {
    /// Reverses filter `type` on `row` in place, given the previous unfiltered row of the pass
    /// (zeros for the first) and the bytes per complete pixel (at least 1).
    static func unfilter(_ type: UInt8, row: inout [UInt8], previous: [UInt8], step: Int) throws(PNGProblem) {
        let count = row.count
        switch type {
        case 0: return
        case 1:
            if count > step { for index in step..<count { row[index] &+= row[index - step] } }
        case 2:
            for index in 0..<count { row[index] &+= previous[index] }
        case 3:
            for index in 0..<count {
                let left = index >= step ? Int(row[index - step]) : 0
                row[index] &+= UInt8((left + Int(previous[index])) / 2)
            }
        case 4:
            for index in 0..<count {
                let left = index >= step ? row[index - step] : 0
                let upLeft = index >= step ? previous[index - step] : 0
                row[index] &+= paeth(left, previous[index], upLeft)
            }
        default: throw .corrupt("bad adaptive filter value")
        }
    }

    /// Writes `row` filtered with `type` into `output` (after its filter byte).
    static func filter(_ type: UInt8, row: [UInt8], previous: [UInt8], step: Int, into output: inout [UInt8]) {
        output.append(type)
        for index in 0..<row.count {
            let left = index >= step ? row[index - step] : 0
            let up = previous[index]
            let upLeft = index >= step ? previous[index - step] : 0
            let predicted: UInt8 =
                switch type {
                case 1: left
                case 2: up
                case 3: UInt8((Int(left) + Int(up)) / 2)
                case 4: paeth(left, up, upLeft)
                default: 0
                }
            output.append(row[index] &- predicted)
        }
    }

    /// The filter libpng's heuristic would favour: the one whose output bytes, read as signed,
    /// sum to the least. Images below 8 bits and palette images use none, as libpng does.
    static func choose(row: [UInt8], previous: [UInt8], step: Int, allowed: Bool) -> UInt8 {
        guard allowed else { return 0 }
        var best: UInt8 = 0
        var bestSum = Int.max
        for type: UInt8 in 0...4 {
            var sum = 0
            for index in 0..<row.count {
                let left = index >= step ? row[index - step] : 0
                let up = previous[index]
                let upLeft = index >= step ? previous[index - step] : 0
                let predicted: UInt8 =
                    switch type {
                    case 1: left
                    case 2: up
                    case 3: UInt8((Int(left) + Int(up)) / 2)
                    case 4: paeth(left, up, upLeft)
                    default: 0
                    }
                let value = row[index] &- predicted
                sum += value < 128 ? Int(value) : 256 - Int(value)
                if sum >= bestSum { break }
            }
            if sum < bestSum {
                bestSum = sum
                best = type
            }
        }
        return best
    }

    private static func paeth(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a))
        let pb = abs(p - Int(b))
        let pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}

/// How different from the empty page a screenshot must be to count as changed.
///
/// Where nothing was placed the two screenshots agree, but not always exactly: a wallpaper
/// rendered again, compression and sensor-like noise leave small differences everywhere. The
/// threshold is a few times the lower quartile of all differences (widgets cover well under three
/// quarters of a page, so that quartile is noise), never below a floor that 8-bit rounding and
/// colour conversion stay under, and never above a ceiling: pages that differ more than that
/// almost everywhere are not the same page, and are reported so rather than compared blind.
struct DifferenceThreshold {
    /// Differences of cell means (``CellGrid``) above this are changes.
    let cell: Float
    /// Differences of single pixels above this are changes.
    let pixel: Float
    /// The lower quartile of the cell differences, when it is so large that the threshold was
    /// held at its ceiling: the two screenshots do not show the same page.
    let excess: Float?

    static let cellFloor: Float = 0.012
    static let pixelFloor: Float = 0.016
    static let ceiling: Float = 0.05

    init(shot: ColorField, empty: ColorField, cells: CellGrid, emptyCells: CellGrid) {
        var cellHistogram = Histogram()
        for cell in 0..<cells.count { cellHistogram.add(cells.difference(cell, in: emptyCells)) }
        var pixelHistogram = Histogram()
        for y in stride(from: 3, to: shot.height, by: 7) {
            for x in stride(from: 3, to: shot.width, by: 7) { pixelHistogram.add(shot.difference(x, y, in: empty)) }
        }
        let quartile = cellHistogram.quantile(0.25)
        cell = Swift.min(Self.ceiling, Swift.max(Self.cellFloor, 3 * quartile))
        pixel = Swift.min(Self.ceiling, Swift.max(Self.pixelFloor, 3 * pixelHistogram.quantile(0.25)))
        excess = 3 * quartile > Self.ceiling ? quartile : nil
    }

    /// What to say about the empty page when it differs too much, or `nil`.
    var note: String? {
        excess.map { quartile in
            "the empty page differs from the screenshot by \(Int(quartile * 255 + 0.5)) levels of 255 or more over three quarters of the page: "
                + "it does not show the same page (wallpaper, appearance, scale), so the comparison with it is unreliable"
        }
    }
}

/// Counts of values in 0…1 in bins of 1/1024, for quantiles without sorting.
private struct Histogram {
    var bins = [Int](repeating: 0, count: 1025)
    var total = 0

    mutating func add(_ value: Float) {
        bins[Swift.min(1024, Swift.max(0, Int(value * 1024)))] += 1
        total += 1
    }

    /// The value below which the fraction `q` of the values lie (the upper edge of its bin).
    func quantile(_ q: Double) -> Float {
        let target = Int(q * Double(total))
        var seen = 0
        for (bin, count) in bins.enumerated() {
            seen += count
            if seen > target { return Float(bin + 1) / 1024 }
        }
        return 1
    }
}

import PNGCodec

/// Area-averaging downscale for previews and thumbnails.
extension PNGRaster {
    /// A copy `width` pixels wide (height in proportion), each pixel the area-weighted average of
    /// the source pixels it covers (colours averaged with their alpha). The result is 8-bit RGB,
    /// or RGBA when the source has transparency, and keeps the source's colour chunks.
    /// Widths at or above the source width give a full-size 8-bit copy.
    public func downscaled(toWidth requestedWidth: Int) -> PNGRaster {
        let targetWidth = max(1, min(requestedWidth, width))
        let targetHeight = max(1, Int((Double(height) * Double(targetWidth) / Double(width)).rounded()))
        let hasAlpha = format.colorType.hasAlpha || transparency != nil
        let columns = BoxWeights(source: width, target: targetWidth)
        let rows = BoxWeights(source: height, target: targetHeight)

        // Premultiplied RGBA sums for every target pixel.
        var sums = [Float](repeating: 0, count: targetWidth * targetHeight * 4)
        var sourceRow = [Float](repeating: 0, count: width * 4)
        var narrowRow = [Float](repeating: 0, count: targetWidth * 4)
        for y in 0..<height {
            premultipliedRow(y, into: &sourceRow)
            for index in narrowRow.indices { narrowRow[index] = 0 }
            for x in 0..<targetWidth {
                for (source, weight) in columns.contributions[x] {
                    for channel in 0..<4 { narrowRow[x * 4 + channel] += sourceRow[source * 4 + channel] * weight }
                }
            }
            for (target, weight) in rows.contributions(of: y) {
                let base = target * targetWidth * 4
                for index in 0..<(targetWidth * 4) { sums[base + index] += narrowRow[index] * weight }
            }
        }

        let channels = hasAlpha ? 4 : 3
        var output = [UInt8](repeating: 0, count: targetWidth * targetHeight * channels)
        for pixel in 0..<(targetWidth * targetHeight) {
            let alpha = sums[pixel * 4 + 3]
            for channel in 0..<3 {
                let value = alpha > 0 ? sums[pixel * 4 + channel] / alpha : 0
                output[pixel * channels + channel] = UInt8(max(0, min(255, (value * 255).rounded())))
            }
            if hasAlpha { output[pixel * channels + 3] = UInt8(max(0, min(255, (alpha * 255).rounded()))) }
        }
        return PNGRaster(
            width: targetWidth, height: targetHeight, format: hasAlpha ? .rgba8 : .rgb8, pixels: output, colorChunks: colorChunks)
    }
}

/// For each target pixel along one axis, the source pixels it covers and with what weight
/// (weights of one target pixel add up to 1).
struct BoxWeights {
    let contributions: [[(source: Int, weight: Float)]]
    private let bySource: [[(target: Int, weight: Float)]]

    init(source: Int, target: Int) {
        let step = Double(source) / Double(target)
        var contributions: [[(source: Int, weight: Float)]] = []
        var bySource = [[(target: Int, weight: Float)]](repeating: [], count: source)
        for index in 0..<target {
            let start = Double(index) * step
            let end = Double(index + 1) * step
            var cell: [(source: Int, weight: Float)] = []
            var pixel = Int(start.rounded(.down))
            while Double(pixel) < end, pixel < source {
                let covered = min(end, Double(pixel + 1)) - max(start, Double(pixel))
                if covered > 1e-9 {
                    cell.append((pixel, Float(covered / step)))
                    bySource[pixel].append((index, Float(covered / step)))
                }
                pixel += 1
            }
            contributions.append(cell)
        }
        self.contributions = contributions
        self.bySource = bySource
    }

    /// The target pixels a source pixel contributes to.
    func contributions(of source: Int) -> [(target: Int, weight: Float)] { bySource[source] }
}

/// Samples as colours in 0…1: the common form of any PNG that measuring and previews use.
extension PNGRaster {
    /// Every pixel as RGB in 0…1 (colours over black where transparent), row by row.
    public func normalizedRGB() -> [Float] {
        var result = [Float](repeating: 0, count: width * height * 3)
        var row = [Float](repeating: 0, count: width * 4)
        for y in 0..<height {
            premultipliedRow(y, into: &row)
            let base = y * width * 3
            for x in 0..<width {
                result[base + x * 3] = row[x * 4]
                result[base + x * 3 + 1] = row[x * 4 + 1]
                result[base + x * 3 + 2] = row[x * 4 + 2]
            }
        }
        return result
    }

    /// Row `y` as red, green and blue at 8 bits (premultiplied by its alpha, to the nearest level),
    /// into `levels` (at least `width` × 3 values); `row` is room for ``premultipliedRow(_:into:)``.
    /// A picture's samples at a common depth, however the file stores them: 8 or 16 bits, RGB, a
    /// palette or grey, with or without alpha.
    public func eightBitRow(_ y: Int, into levels: inout [UInt8], scratch row: inout [Float]) {
        premultipliedRow(y, into: &row)
        for x in 0..<width {
            // Half up (`rounded()` needs `roundf`, which the wasm build's runtime does not have).
            for channel in 0..<3 { levels[x * 3 + channel] = UInt8(row[x * 4 + channel] * 255 + 0.5) }
        }
    }

    /// Whether `other` shows the same picture: the same size, and every sample the same at 8 bits
    /// (``eightBitRow(_:into:scratch:)``), so that one picture stored two ways is told, which
    /// comparing bytes cannot.
    public func showsTheSamePicture(as other: PNGRaster) -> Bool {
        guard size == other.size else { return false }
        var scratch = [Float](repeating: 0, count: width * 4)
        var mine = [UInt8](repeating: 0, count: width * 3)
        var theirs = mine
        for y in 0..<height {
            eightBitRow(y, into: &mine, scratch: &scratch)
            other.eightBitRow(y, into: &theirs, scratch: &scratch)
            if mine != theirs { return false }
        }
        return true
    }

    /// Row `y` as premultiplied RGBA in 0…1, into `row` (at least `width` × 4 values).
    public func premultipliedRow(_ y: Int, into row: inout [Float]) {
        let scale = 1 / Float(format.maxSample)
        let bytesPerSample = format.bytesPerSample
        let start = y * rowBytes
        func sample(_ x: Int, _ channel: Int) -> Int {
            let offset = start + (x * format.channels + channel) * bytesPerSample
            return bytesPerSample == 2 ? Int(pixels[offset]) << 8 | Int(pixels[offset + 1]) : Int(pixels[offset])
        }
        for x in 0..<width {
            var rgba: (Float, Float, Float, Float)
            switch format.colorType {
            case .grey:
                let level = sample(x, 0)
                let grey = Float(level) * scale
                rgba = (grey, grey, grey, transparency == .grey(UInt16(level)) ? 0 : 1)
            case .greyAlpha:
                let grey = Float(sample(x, 0)) * scale
                rgba = (grey, grey, grey, Float(sample(x, 1)) * scale)
            case .rgb:
                let (r, g, b) = (sample(x, 0), sample(x, 1), sample(x, 2))
                let keyed = transparency == .rgb(red: UInt16(r), green: UInt16(g), blue: UInt16(b))
                rgba = (Float(r) * scale, Float(g) * scale, Float(b) * scale, keyed ? 0 : 1)
            case .rgba:
                rgba = (Float(sample(x, 0)) * scale, Float(sample(x, 1)) * scale, Float(sample(x, 2)) * scale, Float(sample(x, 3)) * scale)
            case .palette:
                let index = sample(x, 0)
                let entry = index * 3 + 2 < palette.count ? index * 3 : 0
                var alpha: Float = 1
                if case .paletteAlpha(let alphas) = transparency, index < alphas.count { alpha = Float(alphas[index]) / 255 }
                let color =
                    palette.count >= 3
                    ? (Float(palette[entry]) / 255, Float(palette[entry + 1]) / 255, Float(palette[entry + 2]) / 255) : (0, 0, 0)
                rgba = (color.0, color.1, color.2, alpha)
            }
            row[x * 4] = rgba.0 * rgba.3
            row[x * 4 + 1] = rgba.1 * rgba.3
            row[x * 4 + 2] = rgba.2 * rgba.3
            row[x * 4 + 3] = rgba.3
        }
    }
}

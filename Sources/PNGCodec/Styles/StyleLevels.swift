import SlotGeometry

/// A screenshot as levels 0…65535, channels interleaved, for the arithmetic of the styles (steps
/// 1 to 4 of ``StyledScreen``).
struct StyleLevels {
    let width: Int
    let height: Int
    /// 1 (grey), 2 (grey and alpha), 3 (RGB) or 4 (RGBA).
    let channels: Int
    /// 16 for a 16-bit screenshot, else 8.
    let outputDepth: Int
    var levels: [UInt16]

    /// Step 1: `source`'s samples as levels.
    init(_ source: PNGRaster) {
        width = source.width
        height = source.height
        outputDepth = source.format.bitDepth == 16 ? 16 : 8
        let format = source.format
        let keyed: Bool
        switch (format.colorType, source.transparency) {
        case (.palette, .paletteAlpha?), (.grey, .grey?), (.rgb, .rgb?): keyed = true
        default: keyed = false
        }
        let sourceChannels = format.colorType == .palette ? 3 : format.channels
        channels = sourceChannels + (keyed ? 1 : 0)
        let pixelCount = width * height
        var levels = [UInt16](repeating: 0, count: pixelCount * channels)
        let channels = channels
        let maxSample = format.maxSample
        let colorKey: [Int]
        switch source.transparency {
        case .grey(let grey)?: colorKey = [Int(grey)]
        case .rgb(let red, let green, let blue)?: colorKey = [Int(red), Int(green), Int(blue)]
        default: colorKey = []
        }
        source.pixels.withUnsafeBufferPointer { bytes in
            levels.withUnsafeMutableBufferPointer { out in
                for pixel in 0..<pixelCount {
                    let target = pixel * channels
                    switch format.colorType {
                    case .palette:
                        let index = Int(bytes[pixel])
                        let entry = index * 3 + 2 < source.palette.count ? index * 3 : 0
                        for channel in 0..<3 {
                            out[target + channel] = source.palette.count >= 3 ? UInt16(source.palette[entry + channel]) * 257 : 0
                        }
                        if keyed, case .paletteAlpha(let alphas)? = source.transparency {
                            out[target + 3] = index < alphas.count ? UInt16(alphas[index]) * 257 : 65535
                        }
                    default:
                        var key = true
                        for channel in 0..<sourceChannels {
                            let sample: Int
                            if format.bitDepth == 16 {
                                let offset = (pixel * sourceChannels + channel) * 2
                                sample = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
                            } else {
                                sample = Int(bytes[pixel * sourceChannels + channel])
                            }
                            // A 16-bit sample is its level (× 65535 would pass Int32 on wasm32).
                            out[target + channel] = maxSample == 65535 ? UInt16(sample) : UInt16(sample * 65535 / maxSample)
                            if keyed { key = key && sample == colorKey[channel] }
                        }
                        if keyed { out[target + sourceChannels] = key ? 0 : 65535 }
                    }
                }
            }
        }
        self.levels = levels
    }

    /// Whether the last channel is alpha, which a tint leaves alone.
    var hasAlpha: Bool { channels == 2 || channels == 4 }

    /// Step 2: three box passes of 2 × `boxRadius` + 1 pixels along every row, then three down
    /// every column, the edge pixels repeated beyond the screen.
    mutating func blur(boxRadius radius: Int) {
        let rowLength = width * channels
        let division = BoxDivision(width: 2 * radius + 1)
        var scratch = [UInt16](repeating: 0, count: levels.count)
        let (width, height, channels) = (width, height, channels)
        levels.withUnsafeMutableBufferPointer { image in
            scratch.withUnsafeMutableBufferPointer { other in
                let image = image.baseAddress!
                let other = other.baseAddress!
                // Rows: image → other → image's row … each row ping-pongs through two row buffers.
                let first = UnsafeMutablePointer<UInt16>.allocate(capacity: rowLength)
                let second = UnsafeMutablePointer<UInt16>.allocate(capacity: rowLength)
                defer {
                    first.deallocate()
                    second.deallocate()
                }
                var sums = [Int](repeating: 0, count: rowLength)
                for y in 0..<height {
                    let row = image + y * rowLength
                    Self.rowPass(row, first, count: width, channels: channels, radius: radius, division: division)
                    Self.rowPass(first, second, count: width, channels: channels, radius: radius, division: division)
                    Self.rowPass(second, row, count: width, channels: channels, radius: radius, division: division)
                }
                sums.withUnsafeMutableBufferPointer { sums in
                    Self.columnPass(image, other, rowLength: rowLength, rows: height, radius: radius, division: division, sums: sums.baseAddress!)
                    Self.columnPass(other, image, rowLength: rowLength, rows: height, radius: radius, division: division, sums: sums.baseAddress!)
                    Self.columnPass(image, other, rowLength: rowLength, rows: height, radius: radius, division: division, sums: sums.baseAddress!)
                }
            }
        }
        levels = scratch
    }

    /// One box pass along a row of `count` pixels of `channels` samples. The arithmetic wraps
    /// rather than checks (no sum reaches 2^31: a box of fewer than 4096 levels below 65536), which
    /// on wasm32 halves the blur's time.
    private static func rowPass(
        _ input: UnsafePointer<UInt16>, _ output: UnsafeMutablePointer<UInt16>, count: Int, channels: Int, radius: Int, division: BoxDivision
    ) {
        let last = count &- 1
        for channel in 0..<channels {
            var sum = 0
            for index in -radius...radius { sum &+= Int(input[min(max(index, 0), last) &* channels &+ channel]) }
            for x in 0..<count {
                output[x &* channels &+ channel] = division.mean(sum &+ radius)
                sum &+= Int(input[min(x &+ radius &+ 1, last) &* channels &+ channel]) &- Int(input[max(x &- radius, 0) &* channels &+ channel])
            }
        }
    }

    /// One box pass down every column: `sums` holds each column's running sum (wrapping
    /// arithmetic, as in ``rowPass(_:_:count:channels:radius:division:)``).
    private static func columnPass(
        _ input: UnsafePointer<UInt16>, _ output: UnsafeMutablePointer<UInt16>, rowLength: Int, rows: Int, radius: Int, division: BoxDivision,
        sums: UnsafeMutablePointer<Int>
    ) {
        let last = rows &- 1
        sums.update(repeating: 0, count: rowLength)
        for index in -radius...radius {
            let row = input + min(max(index, 0), last) &* rowLength
            for sample in 0..<rowLength { sums[sample] &+= Int(row[sample]) }
        }
        for y in 0..<rows {
            let out = output + y &* rowLength
            let entering = input + min(y &+ radius &+ 1, last) &* rowLength
            let leaving = input + max(y &- radius, 0) &* rowLength
            for sample in 0..<rowLength {
                out[sample] = division.mean(sums[sample] &+ radius)
                sums[sample] &+= Int(entering[sample]) &- Int(leaving[sample])
            }
        }
    }

    /// Step 3: every colour level mixed with the tint's colour.
    mutating func tint(_ tint: CropStyle.Tint) {
        let colorChannels = hasAlpha ? channels - 1 : channels
        let (channels, keep) = (channels, 1000 - tint.opacity)
        let added = (tint.white ? 65535 : 0) * tint.opacity + 500
        levels.withUnsafeMutableBufferPointer { levels in
            var pixel = 0
            while pixel < levels.count {
                for channel in 0..<colorChannels {
                    levels[pixel + channel] = UInt16((Int(levels[pixel + channel]) * keep + added) / 1000)
                }
                pixel += channels
            }
        }
    }

    /// Step 4: the levels as a raster of the output format, with `source`'s colour chunks.
    func raster(like source: PNGRaster) -> PNGRaster {
        let colorType: PNGColorType = [.grey, .greyAlpha, .rgb, .rgba][channels - 1]
        let format = PNGFormat(colorType: colorType, bitDepth: outputDepth)
        var bytes = [UInt8](repeating: 0, count: levels.count * format.bytesPerSample)
        let sixteen = outputDepth == 16
        levels.withUnsafeBufferPointer { levels in
            bytes.withUnsafeMutableBufferPointer { bytes in
                for index in 0..<levels.count {
                    let level = Int(levels[index])
                    if sixteen {
                        bytes[2 * index] = UInt8(level >> 8)
                        bytes[2 * index + 1] = UInt8(level & 0xFF)
                    } else {
                        bytes[index] = UInt8((level + 128) / 257)
                    }
                }
            }
        }
        return PNGRaster(width: width, height: height, format: format, pixels: bytes, colorChunks: source.colorChunks)
    }
}

/// ⌊n / w⌋ for the sums of a box of w levels (n < w × 65536), as one multiplication: ⌈2^40 / w⌉
/// times n, shifted right by 40, is exactly the quotient while n × (the reciprocal's excess) stays
/// below 2^40, which w < 4096 guarantees.
package struct BoxDivision {
    package let width: Int
    private let reciprocal: UInt64

    package init(width: Int) {
        precondition(width > 0 && width < 4096, "a box of \(width) pixels")
        self.width = width
        reciprocal = ((1 << 40) + UInt64(width) - 1) / UInt64(width)
    }

    /// ⌊n / width⌋ as a level.
    @inline(__always) package func mean(_ n: Int) -> UInt16 { UInt16(truncatingIfNeeded: (UInt64(n) &* reciprocal) >> 40) }
}

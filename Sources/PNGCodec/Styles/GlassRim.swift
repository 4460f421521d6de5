/// The lighter rim of ``CropStyle/glass`` on one crop (step 6 of ``StyledScreen``): a band along
/// the crop's outline, a rectangle with rounded corners, mixed with white, anti-aliased by each
/// pixel's share of the band.
struct GlassRim {
    /// The crop's size in pixels.
    var width: Int
    var height: Int
    /// The outline's corner radius in pixels (at most half the shorter side is used).
    var cornerRadius: Int
    /// The band's width in pixels.
    var rimWidth: Int
    /// The white's opacity in thousandths where a pixel lies wholly in the band.
    var opacity: Int

    /// How far the centre of pixel (x, y) lies inside the outline (negative outside).
    func depth(x: Int, y: Int) -> Double {
        let halfWidth = Double(width) / 2
        let halfHeight = Double(height) / 2
        let radius = min(Double(cornerRadius), min(halfWidth, halfHeight))
        let qx = abs(Double(x) + 0.5 - halfWidth) - (halfWidth - radius)
        let qy = abs(Double(y) + 0.5 - halfHeight) - (halfHeight - radius)
        let outsideX = max(qx, 0)
        let outsideY = max(qy, 0)
        let outside = (outsideX * outsideX + outsideY * outsideY).squareRoot()
        return radius - outside - min(max(qx, qy), 0)
    }

    /// The white's opacity at pixel (x, y), in thousandths.
    func opacity(x: Int, y: Int) -> Int {
        let depth = depth(x: x, y: y)
        let share = min(max(depth + 0.5, 0), 1) - min(max(depth - Double(rimWidth) + 0.5, 0), 1)
        return share > 0 ? Int(Double(opacity) * share + 0.5) : 0
    }

    /// Draws the rim on `crop` (8 or 16-bit grey or RGB, with or without alpha, of the rim's size).
    func draw(on crop: inout PNGRaster) {
        let format = crop.format
        let channels = format.channels
        let colorChannels = format.colorType.hasAlpha ? channels - 1 : channels
        let sixteen = format.bitDepth == 16
        // Only pixels within the band's reach of an edge, or in a corner's square, can be in it.
        let reach = max(rimWidth, min(cornerRadius, min(width, height) / 2)) + 1
        crop.pixels.withUnsafeMutableBufferPointer { bytes in
            for y in 0..<height {
                let nearRow = y < reach || y >= height - reach
                for x in 0..<width {
                    guard nearRow || x < reach || x >= width - reach else { continue }
                    let alpha = opacity(x: x, y: y)
                    guard alpha > 0 else { continue }
                    let keep = 1000 - alpha
                    let added = 65535 * alpha + 500
                    for channel in 0..<colorChannels {
                        let sample = (y * width + x) * channels + channel
                        if sixteen {
                            let level = Int(bytes[2 * sample]) << 8 | Int(bytes[2 * sample + 1])
                            let mixed = (level * keep + added) / 1000
                            bytes[2 * sample] = UInt8(mixed >> 8)
                            bytes[2 * sample + 1] = UInt8(mixed & 0xFF)
                        } else {
                            let mixed = (Int(bytes[sample]) * 257 * keep + added) / 1000
                            bytes[sample] = UInt8((mixed + 128) / 257)
                        }
                    }
                }
            }
        }
    }
}

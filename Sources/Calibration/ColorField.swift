import SlotGeometry

/// A picture as RGB colours in 0…1, row by row: what the calibrator measures.
///
/// Callers build it from a decoded image (e.g. `PNGRaster.normalizedRGB()`), so that measuring
/// needs no image format and runs wherever Swift does, WebAssembly included.
public struct ColorField: Sendable {
    public let width: Int
    public let height: Int
    /// Red, green and blue of each pixel, row by row (for loops that must be fast in debug builds,
    /// where SIMD arithmetic is not).
    let values: [Float]

    /// A field of the given size from its samples: red, green and blue of each pixel, row by row
    /// from the top left.
    ///
    /// - Precondition: `rgb` holds exactly `size.width × size.height × 3` samples.
    public init(size: PixelSize, rgb: [Float]) {
        precondition(size.width >= 0 && size.height >= 0 && rgb.count == size.width * size.height * 3, "a colour field needs 3 samples per pixel")
        width = size.width
        height = size.height
        values = rgb
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }

    subscript(x: Int, y: Int) -> SIMD3<Float> {
        let index = (y * width + x) * 3
        return SIMD3(values[index], values[index + 1], values[index + 2])
    }

    func contains(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }

    /// Whether `other` shows the same picture: every sample the same at 8 bits. The samples are
    /// compared at a common depth, not as stored: one picture saved at 8 and at 16 bits, as RGB, a
    /// palette or grey, with or without an alpha channel, is read into 0…1 from each file's own
    /// depth (a 16-bit `v × 257 / 65535` and an 8-bit `v / 255` differ in their last bits).
    func showsTheSamePicture(as other: ColorField) -> Bool {
        guard size == other.size else { return false }
        for index in values.indices where Self.eightBit(values[index]) != Self.eightBit(other.values[index]) { return false }
        return true
    }

    /// A sample in 0…1 as the nearest 8-bit level (half up; `rounded()` would need `roundf`,
    /// which the wasm build's runtime does not have).
    static func eightBit(_ value: Float) -> Int { Int(value * 255 + 0.5) }

    /// The largest difference of the three components between the pixel at (x, y) here and in
    /// `other` (a field of the same size).
    func difference(_ x: Int, _ y: Int, in other: ColorField) -> Float {
        let index = (y * width + x) * 3
        let r = abs(values[index] - other.values[index])
        let g = abs(values[index + 1] - other.values[index + 1])
        let b = abs(values[index + 2] - other.values[index + 2])
        return Swift.max(r, g, b)
    }
}

extension SIMD3<Float> {
    /// The largest absolute difference of the three components.
    func distance(to other: SIMD3<Float>) -> Float {
        let d: SIMD3<Float> = self - other
        return Swift.max(Swift.abs(d.x), Swift.abs(d.y), Swift.abs(d.z))
    }
}

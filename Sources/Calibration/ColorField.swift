import PNGImage

/// A picture as RGB colours in 0…1, for measuring.
struct ColorField {
    let width: Int
    let height: Int
    private let values: [Float]

    init(_ image: PNGImage) {
        width = image.width
        height = image.height
        values = image.normalizedRGB()
    }

    subscript(x: Int, y: Int) -> SIMD3<Float> {
        let index = (y * width + x) * 3
        return SIMD3(values[index], values[index + 1], values[index + 2])
    }

    func contains(_ x: Int, _ y: Int) -> Bool { x >= 0 && y >= 0 && x < width && y < height }
}

extension SIMD3<Float> {
    /// The largest absolute difference of the three components.
    func distance(to other: SIMD3<Float>) -> Float {
        let d: SIMD3<Float> = self - other
        return Swift.max(Swift.abs(d.x), Swift.abs(d.y), Swift.abs(d.z))
    }
}

/// The median of some numbers (the lower middle one for an even count).
func median<T: Comparable>(_ values: [T]) -> T? {
    guard !values.isEmpty else { return nil }
    return values.sorted()[(values.count - 1) / 2]
}

/// The component-wise median of some colours.
func medianColor(_ colors: [SIMD3<Float>]) -> SIMD3<Float>? {
    guard let r = median(colors.map(\.x)), let g = median(colors.map(\.y)), let b = median(colors.map(\.z)) else { return nil }
    return SIMD3(r, g, b)
}

/// The median of some numbers (the lower middle one for an even count).
func median<T: Comparable>(_ values: [T]) -> T? {
    guard !values.isEmpty else { return nil }
    return values.sorted()[(values.count - 1) / 2]
}

/// The component-wise median of some colours.
func medianColor(_ colors: [SIMD3<Float>]) -> SIMD3<Float>? {
    guard let r = median(colors.map { $0.x }), let g = median(colors.map { $0.y }), let b = median(colors.map { $0.z }) else { return nil }
    return SIMD3(r, g, b)
}

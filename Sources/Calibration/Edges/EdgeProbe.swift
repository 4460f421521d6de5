import SlotGeometry

/// Tells the sides of a region that are edges from those that fade into their surroundings.
///
/// Without an empty page, a region is a patch of flat cells of one colour, and the wallpaper has
/// such patches too: where a soft wallpaper drifts out of the patch's colour, the patch ends
/// without an edge. A widget's side is an edge: across it the colour steps within a pixel or two
/// (anti-aliasing and a little blur), however little it differs from the wallpaper.
enum EdgeProbe {
    /// The smallest step, in any channel, between pixels two apart that makes an edge (10 levels of 255).
    static let minimumStep: Float = 0.04
    /// How far, in pixels, on each side of a coarse edge the step is looked for.
    static let reach = 10

    /// How many of the rectangle's four sides are edges in `shot`: on most of nine scanlines
    /// across the middle of the side, the colour steps by ``minimumStep`` or more between two
    /// pixels two apart, near the side.
    static func edges(of rect: PixelRect, in shot: ColorField) -> Int {
        Edge.allCases.filter { isEdge($0, of: rect, in: shot) }.count
    }

    private static func isEdge(_ edge: Edge, of rect: PixelRect, in shot: ColorField) -> Bool {
        let vertical = edge == .left || edge == .right
        let (start, length) = vertical ? (rect.y, rect.height) : (rect.x, rect.width)
        let at = edge.position(in: rect)
        var sharp = 0
        for line in 0..<9 {
            let along = start + length * (3 + line) / 15
            var largest: Float = 0
            for offset in -reach..<(reach - 2) {
                let (a, b) = vertical ? ((at + offset, along), (at + offset + 2, along)) : ((along, at + offset), (along, at + offset + 2))
                guard shot.contains(a.0, a.1), shot.contains(b.0, b.1) else { continue }
                largest = max(largest, shot[a.0, a.1].distance(to: shot[b.0, b.1]))
            }
            if largest >= minimumStep { sharp += 1 }
        }
        return sharp >= 5
    }
}

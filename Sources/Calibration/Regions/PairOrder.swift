import SlotGeometry

/// Which of two screenshots of one page has the widgets, from the pixels.
///
/// A widget is drawn over the wallpaper with a hard outline: just inside its straight edges the
/// screenshot with widgets shows the widget, just outside the wallpaper. On the empty page the
/// wallpaper runs on across the same line. So across the outlines of the widgets found, the
/// screenshot with widgets changes much more than the empty page; where the screenshot given as
/// the empty page changes more, the two were given the wrong way round.
enum PairOrder {
    /// How far inside and outside an edge the two samples are, in pixels: past a rounded corner's
    /// anti-aliasing and a glass rim, within any widget.
    static let reach = 4
    /// How many times more the empty page must change across the outlines than the screenshot
    /// with widgets for the pair to count as swapped: a clear margin, so that an ordinary pair
    /// whose widgets are translucent is never refused.
    static let margin: Float = 2

    /// Whether `empty` shows the outlines of `footprints` much more sharply than `placed` does.
    static func isSwapped(_ footprints: [Footprint], placed: ColorField, empty: ColorField) -> Bool {
        var placedChange: Float = 0
        var emptyChange: Float = 0
        for footprint in footprints {
            for (inside, outside) in samplePairs(footprint.rect) {
                guard placed.contains(inside.x, inside.y), placed.contains(outside.x, outside.y) else { continue }
                placedChange += placed[inside.x, inside.y].distance(to: placed[outside.x, outside.y])
                emptyChange += empty[inside.x, inside.y].distance(to: empty[outside.x, outside.y])
            }
        }
        return emptyChange > margin * placedChange && emptyChange > 0
    }

    /// Points just inside and just outside the middle half of each straight edge of `rect`, every
    /// second pixel (the corners are rounded).
    static func samplePairs(_ rect: PixelRect) -> [(inside: (x: Int, y: Int), outside: (x: Int, y: Int))] {
        var pairs: [(inside: (x: Int, y: Int), outside: (x: Int, y: Int))] = []
        let xs = stride(from: rect.x + rect.width / 4, to: rect.x + rect.width * 3 / 4, by: 2)
        let ys = stride(from: rect.y + rect.height / 4, to: rect.y + rect.height * 3 / 4, by: 2)
        for x in xs {
            pairs.append(((x, rect.y + reach), (x, rect.y - reach - 1)))
            pairs.append(((x, rect.maxY - reach - 1), (x, rect.maxY + reach)))
        }
        for y in ys {
            pairs.append(((rect.x + reach, y), (rect.x - reach - 1, y)))
            pairs.append(((rect.maxX - reach - 1, y), (rect.maxX + reach, y)))
        }
        return pairs
    }
}

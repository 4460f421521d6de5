import SlotGeometry

/// An opaque widget of one plain colour on a busy wallpaper, found by the calm it leaves: where
/// the wallpaper changes from pixel to pixel all around (a fine texture, noise in tiles), its
/// edges are lost among the wallpaper's own steps (``EdgeSeams`` sees no seams), but inside it
/// most pixels do not change, over exactly a widget's width and height.
///
/// Looked for along the middle of the slot (clear of the rounded corners whatever the offset
/// within the window): each column there, and then each row, is calm when most of its pixels
/// differ from their neighbours right and down by no more than the noise (lines of text on the
/// card leave most of them so). From the slot's middle, the calm columns must run to a widget's
/// width and stop within the window, with the wallpaper busy beyond them on both sides (few
/// calm pixels); and the same for the rows. A calm patch of a photograph is not a widget's size
/// on both axes with a fine texture just past all four of its edges; a wallpaper of smooth areas
/// or of lines has too many calm pixels to be busy.
struct PlainCard {
    let plane: LuminancePlane
    /// A pixel whose changes to its neighbours right and down add up to at most this is calm.
    let calm: Float
    let window: Int

    /// A column (or row) at least this share of whose pixels are calm is calm.
    static let calmColumn: Float = 0.5
    /// The wallpaper beside a card is busy when at most this share of its pixels are calm.
    static let busyWallpaper: Float = 0.25
    /// How many columns (or rows) beside a card are looked at for the busy wallpaper.
    static let beside = 8
    /// How far a calm run may be from the slot's size, in pixels: a rim of 2 px on each side
    /// (the run then starts inside it, and the offset named is the rim's width off).
    static let sizeSlack = 4

    /// The offset of a plain card at `rect`, or `nil` where none is seen.
    func offset(of rect: PixelRect) -> (dx: Int, dy: Int)? {
        let interior = WidgetSearch.interior(of: rect)
        let rows = middle(interior.y, interior.height)
        let columns = middle(interior.x, interior.width)
        guard
            let dx = run(from: rect.x, length: rect.width, share: { plane.calmShare(column: $0, over: rows, calm: calm) }),
            let dy = run(from: rect.y, length: rect.height, share: { plane.calmShare(row: $0, over: columns, calm: calm) })
        else { return nil }
        return (dx, dy)
    }

    /// The part of the interior a widget anywhere within the window covers, where that leaves
    /// enough to look at; else the whole interior.
    private func middle(_ start: Int, _ length: Int) -> Range<Int> {
        length - 2 * window >= 32 ? start + window..<start + length - window : start..<start + length
    }

    /// The offset of the calm run through the middle of `start..<start + length`, when it is that
    /// long (give or take ``sizeSlack``), starts within the window, and has busy wallpaper beside
    /// it on both sides. `share(i)` is column (or row) `i`'s share of calm pixels, `nil` off the
    /// plane.
    private func run(from start: Int, length: Int, share: (Int) -> Float?) -> Int? {
        let reach = window + Self.sizeSlack + Self.beside + 2
        let looked = start - reach..<start + length + reach
        // Each looked at once, when first needed: on most wallpapers the middle one is not calm.
        var shares = [Float?](repeating: nil, count: looked.count)
        func calmShare(_ i: Int) -> Float? {
            guard looked.contains(i) else { return nil }
            if let known = shares[i - looked.lowerBound] { return known }
            let value = share(i)
            shares[i - looked.lowerBound] = value
            return value
        }
        func isCalm(_ i: Int) -> Bool { calmShare(i).map { $0 >= Self.calmColumn } ?? false }
        let centre = start + length / 2
        guard isCalm(centre) else { return nil }
        var (first, last) = (centre, centre)
        while isCalm(first - 1) { first -= 1 }
        while isCalm(last + 1) { last += 1 }
        // The card's columns but its last are calm: its last steps to the wallpaper beside it.
        guard abs(last - first + 2 - length) <= Self.sizeSlack, abs(first - start) <= window else { return nil }
        func busy(_ range: Range<Int>) -> Bool {
            let values = range.compactMap { calmShare($0) }
            guard values.count == range.count else { return false }
            return values.reduce(0, +) / Float(values.count) <= Self.busyWallpaper
        }
        guard busy(first - 1 - Self.beside..<first - 1), busy(last + 2..<last + 2 + Self.beside) else { return nil }
        return first - start
    }
}

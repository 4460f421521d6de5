import SlotGeometry

/// Whether a pair given to "check my widgets" is what it must be: the empty page first, with no
/// widget on it, and the home screen with the widgets.
///
/// A transparent widget shows its piece of wallpaper moved, so its piece is found whichever way
/// round the two are given (the other way, moved back): the pieces cannot tell the roles. The
/// widgets' edges can (``EdgeSeams``). On the home screen a widget's outline shows where it was
/// found (the wallpaper jumps across it, and runs on across it on the empty page). Given the wrong
/// way round, the outlines show on the page given as empty, where the widget sits on the real
/// home screen: at its slot moved the other way. And the page given as empty must show no
/// widget's outline of its own: an opaque widget (on both pages, or on it alone), or transparent
/// widgets at other places than the home screen's.
struct CheckPairRoles {
    let planes: WidgetSearch
    let slots: [(id: SlotID, rect: PixelRect)]
    /// The page given as empty's red and blue channels: an opaque widget on both pages is found
    /// by its edges on that page alone, where its colour steps even if its brightness does not.
    let emptyColours: [LuminancePlane]

    /// The share of seams along a widget's weakest edge from which an outline counts as shown: a
    /// transparent widget's edges are seams over a quarter to three quarters of their length
    /// (where the piece it shows differs from the wallpaper beside it), the wallpaper's own edges
    /// along a few hundredths (a photograph), or along one edge of four (a repeating pattern's lines).
    static let shown: Float = 0.15
    /// From this share on, an outline on the empty page alone (no reference) is a widget's: an
    /// opaque widget's edges are seams all along.
    static let opaque: Float = 0.6

    /// Refuses the pair when it is the wrong way round, or the page given as empty shows widgets.
    func check(_ measured: [WidgetCheck.FoundWidget]) throws(CalibrationError) {
        let noise = Swift.max(2 / 255, planes.tolerance / 2)
        // The page given as empty as it is, not in the pieces' style: its own edges are looked at.
        let home = EdgeSeams(plane: planes.home, reference: planes.bare, noise: noise)
        let empty = EdgeSeams(plane: planes.bare, reference: planes.home, noise: noise)
        let window = planes.window
        // The outlines where each widget was found, and where the swapped pair would put them.
        var atFound: Float = 0
        var swapped: Float = 0
        var counted = 0
        for widget in measured {
            guard let dx = widget.dx, let dy = widget.dy, Swift.max(abs(dx), abs(dy)) >= 2 else { continue }
            counted += 1
            atFound += home.outline(widget.listed, dx, dy, window: window)
            swapped += empty.outline(widget.listed, -dx, -dy, window: window)
        }
        if counted > 0, swapped >= Self.shown * Float(counted), swapped > 2 * atFound { throw .swappedCheckPair }
        // Outlines on the page given as empty that the home screen does not show there.
        for (id, rect) in slots where rect.isInside(PixelSize(width: planes.bare.width, height: planes.bare.height)) {
            let own = empty.strongest(rect, window: window)
            if own.score >= Self.shown {
                throw .emptyPageShowsWidgets(
                    "a widget's outline at \(id.rawValue), \(Self.place(own.dx, own.dy)), that the home screen does not show there")
            }
        }
        // And outlines it shows as the home screen does: an opaque widget on both.
        let alone = EdgeSeams(plane: planes.bare, reference: nil, noise: noise, colours: emptyColours)
        for (id, rect) in slots where rect.isInside(PixelSize(width: planes.bare.width, height: planes.bare.height)) {
            let own = alone.strongest(rect, window: window)
            if own.score >= Self.opaque { throw .emptyPageShowsWidgets("a widget at \(id.rawValue), \(Self.place(own.dx, own.dy))") }
        }
    }

    /// "at its slot", "x +5, y −3 px from its slot".
    static func place(_ dx: Int, _ dy: Int) -> String {
        dx == 0 && dy == 0 ? "at its slot" : "x \(WidgetCheck.signed(dx)), y \(WidgetCheck.signed(dy)) px from its slot"
    }
}

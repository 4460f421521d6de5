import SlotGeometry

/// Whether a pair given to "check my widgets" is what it must be: the empty page first, with no
/// widget on it, and the home screen with the widgets.
///
/// A transparent widget shows its piece of wallpaper moved, so its piece is found whichever way
/// round the two are given (the other way, moved back): the pieces cannot tell the roles. The
/// widgets' edges can (``EdgeSeams``). On the home screen a widget's outline shows where it was
/// found (the wallpaper jumps across it, and runs on across it on the empty page). Given the wrong
/// way round, the outlines show on the page given as empty, where the widget sits on the real
/// home screen: at its slot moved the other way. Where the edges are lost in a repeating
/// wallpaper's own, the pieces' direction tells: at a widget's offset, the home screen shows the
/// empty page's piece of its slot, and not the other way round. And the page given as empty must
/// show no widget's outline of its own: an opaque widget (on both pages, or on it alone), or
/// transparent widgets at other places than the home screen's; and no widget of one plain colour
/// (``PlainCard``), whose edges a busy wallpaper can hide. Where some widgets' pieces run the
/// right way round and others' the wrong way, the others are the page given as empty's own. On a
/// wallpaper that repeats within the window, the page that breaks the repeat around a slot is the
/// one with a widget there (``RepeatBreaks``).
struct CheckPairRoles {
    let planes: WidgetSearch
    let slots: [(id: SlotID, rect: PixelRect)]
    /// The page given as empty's red and blue channels: an opaque widget on both pages is found
    /// by its edges on that page alone, where its colour steps even if its brightness does not.
    let emptyColours: [LuminancePlane]
    /// The wallpaper's repeat, where it repeats within the window.
    let repeats: RepeatBreaks?

    /// The share of seams along a widget's weakest edge from which an outline counts as shown: a
    /// transparent widget's edges are seams over a quarter to three quarters of their length
    /// (where the piece it shows differs from the wallpaper beside it), the wallpaper's own edges
    /// along a few hundredths (a photograph), or along one edge of four (a repeating pattern's lines).
    static let shown: Float = 0.15
    /// From this share on, an outline on the empty page alone (no reference) is a widget's: an
    /// opaque widget's edges are seams all along.
    static let opaque: Float = 0.6

    /// Refuses the pair when it is the wrong way round, or the page given as empty shows widgets.
    /// `found` are the widgets whose pieces were found, measured or not.
    func check(_ found: [WidgetCheck.FoundWidget]) throws(CalibrationError) {
        let noise = planes.calm
        // The page given as empty as it is, not in the pieces' style: its own edges are looked at.
        let home = EdgeSeams(plane: planes.home, reference: planes.bare, noise: noise)
        let empty = EdgeSeams(plane: planes.bare, reference: planes.home, noise: noise)
        let window = planes.window
        // The outlines where each widget was found, and where the swapped pair would put them.
        // (An offset read off an outline is the same whichever way round the pair is given: the
        // two pages differ at the same place. Its outline on the page given as empty could be an
        // opaque widget's there; the pieces' direction tells those apart, below.)
        var atFound: Float = 0
        var swapped: Float = 0
        var counted = 0
        for widget in found {
            guard let dx = widget.dx, let dy = widget.dy, Swift.max(abs(dx), abs(dy)) >= 2 else { continue }
            counted += 1
            atFound += home.outline(widget.listed, dx, dy, window: window)
            swapped += empty.outline(widget.listed, -dx, -dy, window: window)
        }
        if counted > 0, swapped >= Self.shown * Float(counted), swapped > 2 * atFound { throw .swappedCheckPair }
        let votes = piecesVotes(found)
        let pieces = Self.direction(forwards: votes.forwards.count, backwards: votes.backwards.count)
        if pieces == .backwards { throw .swappedCheckPair }
        if pieces == nil, edgesDirection(found, home: home, empty: empty, window: window) == .backwards { throw .swappedCheckPair }
        // Outlines on the page given as empty that the home screen does not show there.
        let onScreen = slots.filter { $0.rect.isInside(PixelSize(width: planes.bare.width, height: planes.bare.height)) }
        // The page given as empty on its own: where an axis of an outline there is about as
        // strong at another offset, it shows the wallpaper's own lines (a checkerboard's), not a
        // widget.
        let alone = EdgeSeams(plane: planes.bare, reference: nil, noise: noise, colours: emptyColours)
        let ownAxes = onScreen.map { alone.strongestAxes($0.rect, window: window) }
        for ((id, rect), lone) in zip(onScreen, ownAxes) {
            let axes = empty.strongestAxes(rect, window: window)
            let unique = (columns: lone.columnsAreUnique(from: Self.shown), rows: lone.rowsAreUnique(from: Self.shown))
            var own = (dx: axes.dx, dy: axes.dy, score: unique.columns && unique.rows ? Swift.min(axes.columns, axes.rows) : 0)
            // On a wallpaper of lines, a widget's edges along them are lost in them: its edges
            // across them are its outline, all along.
            if own.score < Self.shown, Swift.max(axes.columns, axes.rows) >= Self.opaque,
                let lines = planes.home.lines(in: WidgetSearch.interior(of: rect))
            {
                let across = lines == .vertical ? (axes.rows, unique.rows) : (axes.columns, unique.columns)
                if across.0 >= Self.opaque, across.1 { own.score = across.0 }
            }
            guard own.score >= Self.shown else { continue }
            // Where neither the offsets nor the pieces can tell the roles (on a wallpaper that
            // repeats within the window they are unknown, or aliases), the outlines can: a
            // widget that shows a piece of the wallpaper (not an opaque one) was found where an
            // outline shows on the page given as empty, and the page given as the home screen
            // shows no widget's outline anywhere.
            if pieces != .forwards, found.contains(where: { $0.listed.intersects(rect) && showsAPiece($0) }),
                onScreen.allSatisfy({ home.strongest($0.rect, window: window).score < Self.shown })
            {
                throw .swappedCheckPair
            }
            throw .emptyPageShowsWidgets(
                "a widget's outline at \(id.rawValue), \(Self.place(own.dx, own.dy)), that the home screen does not show there")
        }
        // And outlines it shows as the home screen does: an opaque widget on both. On a busy
        // wallpaper whose steps hide its edges, one of a plain colour by the calm inside them.
        let cards = PlainCard(plane: planes.bare, calm: noise, window: window)
        for ((id, rect), own) in zip(onScreen, ownAxes) {
            if Swift.min(own.columns, own.rows) >= Self.opaque, own.isUnique(from: Self.shown) {
                throw .emptyPageShowsWidgets("a widget at \(id.rawValue), \(Self.place(own.dx, own.dy))")
            }
            if let card = cards.offset(of: rect) {
                throw .emptyPageShowsWidgets("a widget of one plain colour at \(id.rawValue), \(Self.place(card.dx, card.dy))")
            }
        }
        // Some widgets' pieces run the right way round and others' the wrong way: the page given
        // as empty shows widgets of its own where the others are (each page's widgets moved by
        // their own offsets: on a wallpaper whose steps hide their edges, their outlines alone
        // cannot tell which page holds which).
        if !votes.forwards.isEmpty, let own = votes.backwards.first, let dx = own.dx, let dy = own.dy {
            throw .emptyPageShowsWidgets(
                "a widget at \(own.slot.rawValue), \(Self.place(dx, dy)), showing the piece of wallpaper the home screen shows at that slot")
        }
        try checkRepeatBreaks(onScreen)
    }

    /// On a wallpaper that repeats within the window, whose steps can hide every edge and make
    /// every piece fit at an alias, the repeat itself tells the roles (``RepeatBreaks``): around
    /// each slot where the pages differ, the page that shows a widget there breaks the repeat.
    /// Where the page given as empty does at some slots and the home screen at others, the page
    /// given as empty shows widgets of its own; where only it does, the pair is the wrong way round.
    func checkRepeatBreaks(_ onScreen: [(id: SlotID, rect: PixelRect)]) throws(CalibrationError) {
        guard let repeats else { return }
        var (forwards, backwards): ([SlotID], [SlotID]) = ([], [])
        // The smallest slots first, so that the slot named is the widget's own.
        let differing = onScreen.filter { planes.differs(in: WidgetSearch.interior(of: $0.rect)) }
            .sorted { $0.rect.width * $0.rect.height < $1.rect.width * $1.rect.height }
        for (id, rect) in differing {
            switch repeats.breaks(around: rect, reach: planes.reach) {
            case .home: forwards.append(id)
            case .bare: backwards.append(id)
            case nil: break
            }
        }
        guard let own = backwards.first else { return }
        if forwards.isEmpty { throw .swappedCheckPair }
        throw .emptyPageShowsWidgets(
            "a widget at \(own.rawValue): the wallpaper's repeat (every \(repeats.period.x) px across, \(repeats.period.y) px down) breaks around it there, and not on the home screen"
        )
    }

    /// Which way round the widgets' pieces show the pair, where their edges may not (on a
    /// repeating or busy wallpaper the edges' steps are lost in the wallpaper's own): at the
    /// offset a widget's outline was found, the home screen shows the empty page's piece of its
    /// slot (`forwards`), or the page given as empty shows the other page's (`backwards`: the
    /// pair is the wrong way round, or, where other widgets run forwards, the page given as empty
    /// shows widgets of its own). A widget tells neither where it lacks an offset, or at an offset
    /// at which both pieces fit (twice the offset a period of the wallpaper).
    func piecesVotes(_ found: [WidgetCheck.FoundWidget]) -> (forwards: [WidgetCheck.FoundWidget], backwards: [WidgetCheck.FoundWidget]) {
        var (forwards, backwards): ([WidgetCheck.FoundWidget], [WidgetCheck.FoundWidget]) = ([], [])
        // Offsets read off an outline. One the wallpaper gave (along one axis or both) is where
        // the home screen's piece fits by construction, whichever way round the pair is: that it
        // fits tells nothing, but that it does not, where the other page's piece does, tells.
        for widget in found where widget.evidence != .wallpaper {
            guard let (forward, backward) = pieceCosts(widget) else { continue }
            if widget.evidence == .outline, forward < Self.piece, forward * 2 < backward { forwards.append(widget) }
            if backward < Self.piece, backward * 2 < forward, widget.evidence == .outline || forward >= Self.piece { backwards.append(widget) }
        }
        return (forwards, backwards)
    }

    /// Which way round the widgets' edges show the pair where the pieces cannot tell (at an
    /// outline's offset, a pixel off, each page's piece may explain the other's at an alias), axis
    /// by axis: a widget's left and right edges, or its top and bottom ones, are seams on one page
    /// and not on the other (``EdgeSeams/outlineAxes(_:_:_:window:)``). A wallpaper's own line that
    /// meets an edge by chance shows on one page and one axis only, where the other page shows the
    /// widget on the other axis: such a widget tells nothing. The page given as empty is looked at
    /// where the pair the wrong way round puts the outline: at the offset of an outline, moved back
    /// for a piece, and at both (the more it shows) for a widget placed by both. Asked of every
    /// pair the pieces cannot tell, photographs whose widgets were placed by their pieces too. A
    /// widget found by its outline alone that shows no piece of the wallpaper either way round (an
    /// opaque widget on the page given as empty) tells nothing: such a page is refused below.
    func edgesDirection(_ found: [WidgetCheck.FoundWidget], home: EdgeSeams, empty: EdgeSeams, window: Int) -> Direction? {
        var (forwards, backwards) = (0, 0)
        for widget in found {
            guard let dx = widget.dx, let dy = widget.dy, Swift.max(abs(dx), abs(dy)) >= 2 else { continue }
            let onHome = home.outlineAxes(widget.listed, dx, dy, window: window)
            let places = [widget.evidence != .wallpaper ? (dx, dy) : nil, widget.evidence != .outline ? (-dx, -dy) : nil].compactMap { $0 }
            let seen = places.map { empty.outlineAxes(widget.listed, $0.0, $0.1, window: window) }
            let onEmpty = (columns: seen.map { $0.columns }.max() ?? 0, rows: seen.map { $0.rows }.max() ?? 0)
            func shows(_ seams: Float, over other: Float) -> Bool { seams >= Self.shown && other < Self.shown / 2 }
            let homeShows = shows(onHome.columns, over: onEmpty.columns) || shows(onHome.rows, over: onEmpty.rows)
            let emptyShows = shows(onEmpty.columns, over: onHome.columns) || shows(onEmpty.rows, over: onHome.rows)
            if homeShows, !emptyShows { forwards += 1 }
            // An opaque widget on the page given as empty shows its edges there and no piece.
            if emptyShows, !homeShows, showsAPiece(widget) { backwards += 1 }
        }
        return Self.direction(forwards: forwards, backwards: backwards)
    }

    /// The direction widgets tell: all that tell, one way; `nil` where none tells, or some each way.
    static func direction(forwards: Int, backwards: Int) -> Direction? {
        switch (forwards, backwards) {
        case (1..., 0): .forwards
        case (0, 1...): .backwards
        default: nil
        }
    }

    /// How well, at `widget`'s offset, the home screen shows the empty page's piece of its slot
    /// (`forward`) and the page given as empty the home screen's (`backward`): 1 − the
    /// correlation, 0 for a perfect fit. `nil` without both offsets, or one of less than 2 px.
    func pieceCosts(_ widget: WidgetCheck.FoundWidget) -> (forward: Float, backward: Float)? {
        guard let dx = widget.dx, let dy = widget.dy, Swift.max(abs(dx), abs(dy)) >= 2 else { return nil }
        let interior = WidgetSearch.interior(of: widget.listed)
        // Within a pixel of the offset: an outline gives it to a pixel, and on a fine pattern a
        // pixel off can undo the correlation.
        func cost(_ match: ShiftMatch) -> Float? {
            (dy - 1...dy + 1).flatMap { y in (dx - 1...dx + 1).compactMap { match.fit($0, y)?.cost } }.min()
        }
        guard let forward = cost(ShiftMatch(source: planes.empty, target: planes.home, area: interior)),
            let backward = cost(ShiftMatch(source: planes.home, target: planes.bare, area: interior))
        else { return nil }
        return (forward, backward)
    }

    /// Whether `widget` shows a piece of the wallpaper, either way round: found by its piece, or
    /// by its outline where a piece fits at that offset (an opaque widget's does not).
    func showsAPiece(_ widget: WidgetCheck.FoundWidget) -> Bool {
        guard widget.evidence == .outline else { return true }
        return pieceCosts(widget).map { Swift.min($0.forward, $0.backward) < Self.piece } ?? false
    }

    /// Which way round a pair's pieces run.
    enum Direction {
        /// The home screen shows the empty page's pieces: the pair is the right way round.
        case forwards
        /// The page given as empty shows the other page's pieces: the wrong way round.
        case backwards
    }

    /// A piece explains where it is found when its correlation there is at least 0.9.
    static let piece: Float = 0.1

    /// "at its slot", "x +5, y −3 px from its slot".
    static func place(_ dx: Int, _ dy: Int) -> String {
        dx == 0 && dy == 0 ? "at its slot" : "x \(WidgetCheck.signed(dx)), y \(WidgetCheck.signed(dy)) px from its slot"
    }
}

import CheckCodes
import SlotGeometry

/// "Check my widgets": how far each transparent widget on a home screen is from where its
/// background was cropped, found from one screenshot of the home screen as it is and the empty
/// page the backgrounds were cropped from.
///
/// Each transparent widget shows the piece of wallpaper its background was cropped from (a
/// listed slot's rectangle R of the layout chosen), drawn where the widget really is (S). The
/// piece is looked for on the home screen near R, comparing brightness at normalised contrast
/// (``ShiftMatch``): iOS 26's light overlay and a tint change only gain and offset, the glass rim
/// and the rounded corners are left out by comparing the interior only, and the widget's own
/// content (a clock, text) by leaving out the pixels the best fit does not explain. The offset
/// d = S − R is the correction for that slot on this phone.
///
/// Where the wallpaper behind a widget does not change along an axis (a vertical gradient, a
/// flat colour) or repeats, that axis cannot be told: it is reported unknown with why, unless the
/// widget's outline (an opaque widget's edges, or an overlay's) is measured instead. Never guessed.
public struct WidgetCheck: Sendable {
    /// How a found widget's offset is known.
    public enum Evidence: String, CaseIterable, Sendable {
        /// The widget shows a piece of the wallpaper, found on the home screen.
        case wallpaper
        /// The widget's outline was measured, as for a solid widget (`--measured-from`): it shows
        /// its own opaque background, or the wallpaper behind it is flat.
        case outline
        /// Both: the wallpaper gave one axis and the outline the other.
        case wallpaperAndOutline = "wallpaper and outline"
    }

    /// A widget found on the home screen.
    public struct FoundWidget: Sendable, Hashable {
        /// The slot its background was cropped from (the layout's slot at that place).
        public var slot: SlotID
        /// The slot's rectangle in the layout (R), in pixels.
        public var listed: PixelRect
        /// Where the widget is (S): `listed` moved by the offsets known (an unknown one left at 0).
        public var found: PixelRect
        /// The offset to the right (S − R), or nil when it cannot be told.
        public var dx: Int?
        /// The offset down, or nil when it cannot be told.
        public var dy: Int?
        /// Why an offset is unknown, in words; nil when both are known.
        public var unknown: String?
        public var evidence: Evidence
        /// How well the piece of wallpaper matches the widget's interior where compared: the
        /// correlation, 1 for a perfect match (1 for an outline measured).
        public var match: Double
        /// The fraction of the widget's interior compared; the rest was the widget's own content.
        public var compared: Double
        /// Why the wallpaper cannot tell the offset to the right, or down; nil where it can (or
        /// where the outline measured it).
        public var whyX: Ambiguity?
        public var whyY: Ambiguity?
        /// Why neither offset was measured, for a widget seen but not measured (both offsets
        /// nil, `found` its slot); nil for a widget measured.
        public var notMeasured: NotMeasured?

        /// Whether an offset was measured (one or both).
        public var isMeasured: Bool { dx != nil || dy != nil }

        package init(
            slot: SlotID, listed: PixelRect, found: PixelRect, dx: Int?, dy: Int?, unknown: String?, evidence: Evidence,
            match: Double, compared: Double, whyX: Ambiguity? = nil, whyY: Ambiguity? = nil, notMeasured: NotMeasured? = nil
        ) {
            self.slot = slot
            self.listed = listed
            self.found = found
            self.dx = dx
            self.dy = dy
            self.unknown = unknown
            self.evidence = evidence
            self.match = match
            self.compared = compared
            self.whyX = whyX
            self.whyY = whyY
            self.notMeasured = notMeasured
        }
    }

    /// Why a widget seen on the home screen (it differs from the empty page there) was not
    /// measured.
    public enum NotMeasured: Hashable, Sendable {
        /// The wallpaper behind it is one flat colour, and its outline could not be measured.
        case flatColour
        /// It shows a piece of this wallpaper from farther than the reach: its slot is farther
        /// off than any widget is looked for (or it was cropped with another layout).
        case beyond(reach: Int)
        /// It shows a blurred piece of the wallpaper: its background was made with a blurring
        /// style, which the check was not given.
        case blurred
        /// It differs from the empty page, but shows no piece of this wallpaper near its slot:
        /// something covers it (a notification, Control Centre), or its background comes from
        /// another picture. `share` is the part of it that differs, in percent.
        case covered(share: Int)
        /// Only its edges show: on a wallpaper that repeats, it is moved along the repeat (a whole
        /// period, or sideways along stripes), so the piece it shows is in step with the
        /// wallpaper around it (``RepeatBreaks/outline(at:reach:)``).
        case inStep

        /// The kind, in a word or two (`widget-check.json`'s `notMeasured`).
        public var kind: String {
            switch self {
            case .flatColour: "flat colour"
            case .beyond: "beyond"
            case .blurred: "blurred"
            case .covered: "covered"
            case .inStep: "in step"
            }
        }

        /// Every ``kind``.
        public static let kinds = ["flat colour", "beyond", "blurred", "covered", "in step"]

        /// Why, in words.
        public var words: String {
            switch self {
            case .flatColour: "the wallpaper behind it is one flat colour, and its outline could not be measured"
            case .beyond(let reach):
                "it shows a piece of this wallpaper from farther than \(reach) px off its slot: its background was cropped at another place (another layout or phone?)"
            case .blurred:
                "it looks blurred: its background was made with a blurring style (blur, light, dark or glass); give the style you cropped with"
            case .covered(let share):
                "\(share) % of it differs from the empty page but shows no piece of this wallpaper near its slot: something covers it (a notification, Control Centre?), or its background comes from another picture"
            case .inStep:
                "only its edges show: the wallpaper repeats, and the piece it shows is in step with the pattern around it, so how far it is off cannot be told"
            }
        }
    }

    /// How one axis of a corrected slot is known.
    public enum Correction: String, CaseIterable, Sendable {
        /// A widget in this slot measured it.
        case measured
        /// A widget in the same column (for x) or row (for y) measured it.
        case sameLine = "same column or row"
        /// No widget in its column or row: the median of the other widgets' offsets, an estimate
        /// (its error: ``CorrectedSlot/xError``, ``CorrectedSlot/yError``).
        case estimated
        /// No widget measured this axis: left as the layout lists it.
        case unchanged
        /// The widgets measured contradict the slot's listed size: the column (or row) it starts
        /// on and the one it ends on moved apart (its width or height is not the listed one), so
        /// it is not placed, and no crop of it is made (``CorrectedSlot/unplaced`` says why).
        case unplaced = "not placed"
    }

    /// A slot of the layout with its corrected rectangle.
    public struct CorrectedSlot: Sendable, Hashable {
        public var slot: SlotID
        public var listed: PixelRect
        public var rect: PixelRect
        public var x: Correction
        public var y: Correction
        /// For an estimated axis, how far the estimate may be off, in pixels: the largest
        /// difference between the offsets it was made from; nil when one offset alone made it
        /// (its error unknown), and for the other kinds.
        public var xError: Int? = nil
        public var yError: Int? = nil
        /// Why the slot is not placed (an axis ``Correction/unplaced``), in words; nil when it is.
        public var unplaced: String? = nil

        /// Whether the slot has a rectangle to crop.
        public var isPlaced: Bool { unplaced == nil }
    }

    public var screenshot: PixelSize
    /// The layout's name, as given.
    public var layout: String
    /// How far from its slot a widget was looked for, in pixels, on each axis.
    public var reach: Int
    /// The widgets found, in slot order: measured (one offset or both), or seen but not
    /// measured (``FoundWidget/notMeasured`` says why).
    public var widgets: [FoundWidget]
    /// Every slot of the layout, corrected by what the widgets measured.
    public var corrected: [CorrectedSlot]

    /// How far from a listed slot a widget is looked for by default, in pixels, on each axis.
    public static let reach = 40

    /// Finds the widgets on `home` (the home screen with transparent widgets in place) whose
    /// backgrounds were cropped from `empty` at `slots` (the rectangles of the layout `layout`),
    /// each looked for within `reach` pixels of its slot, and corrects every slot.
    ///
    /// A match counts only when it is unique within the reach; widgets seen but not measured are
    /// named with why. Throws when the two differ in size or are one picture, do not show the same
    /// page, are given the wrong way round or the page given as empty shows widgets; when widgets
    /// iOS puts in one column or row were measured more than 2 px apart; when no widget could be
    /// measured (none shows a piece of this wallpaper within the reach, they look blurred, they are
    /// covered), or the pieces were cropped with another layout.
    ///
    /// When the backgrounds were cropped in a style (blurred, tinted), `empty` is the empty page in
    /// that style, where the pieces are looked for, and `unstyled` the page as it is: the wallpaper
    /// itself, which the home screen shows between the widgets.
    ///
    /// The slots are looked at side by side on the machine's cores unless `parallelism` says
    /// otherwise; the answer is the same either way.
    public static func check(
        empty: ColorField, unstyled: ColorField? = nil, home: ColorField, slots: [(id: SlotID, rect: PixelRect)], layout: String,
        reach: Int = WidgetCheck.reach, parallelism: Parallelism = .sideBySide
    ) throws(CalibrationError) -> WidgetCheck {
        // Whether the pair is one page, where widgets are seen and their outlines: against the page
        // as it is. The pieces: against the page in their style.
        let wallpaper = unstyled ?? empty
        try Calibrator.checkPair(home, empty: wallpaper)
        let noise = DifferenceThreshold(
            shot: home, empty: wallpaper, cells: CellGrid(home, step: FootprintFinder.step),
            emptyCells: CellGrid(wallpaper, step: FootprintFinder.step))
        if let different = noise.note { throw .notTheSamePage(different) }
        let planes = WidgetSearch(
            empty: LuminancePlane(empty), home: LuminancePlane(home), bare: unstyled.map { LuminancePlane($0) }, tolerance: noise.pixel, reach: reach)
        var outlines: [Footprint]?
        func footprints() -> [Footprint] {
            if let outlines { return outlines }
            let found = FootprintFinder(shot: home, empty: wallpaper).find().footprints
            outlines = found
            return found
        }

        // Largest first: a medium widget's piece also fills the small slots under it.
        let ordered = slots.enumerated().sorted {
            ($0.element.rect.width * $0.element.rect.height, -$0.offset) > ($1.element.rect.width * $1.element.rect.height, -$1.offset)
        }.map { $0.element }
        // Every slot looked at on its own first.
        var candidates: [FoundWidget] = []
        var nothing: [(id: SlotID, rect: PixelRect)] = []
        var farther: Set<SlotID> = []
        func take(_ look: WidgetSearch.Look, _ id: SlotID, _ rect: PixelRect) {
            switch look {
            case .wallpaper(var widget):
                widget.slot = id
                // An outline of the slot's size that puts the widget elsewhere than the wallpaper
                // did: the wallpaper matched at an alias (or, the pair swapped, off the piece's
                // edge), the outline is where the widget is.
                if let outline = Self.outline(near: rect, in: footprints(), reach: reach),
                    [(widget.dx, outline.x - rect.x), (widget.dy, outline.y - rect.y)].contains(where: { known, seen in
                        known.map { abs($0 - seen) > 2 } ?? false
                    })
                {
                    candidates.append(Self.outlined(id, rect, outline))
                    return
                }
                if widget.dx == nil || widget.dy == nil {
                    let edges = Self.outlineEdges(for: widget, in: footprints(), reach: reach)
                    if widget.dx == nil, let x = edges.x { (widget.dx, widget.whyX, widget.evidence) = (x - rect.x, nil, .wallpaperAndOutline) }
                    if widget.dy == nil, let y = edges.y { (widget.dy, widget.whyY, widget.evidence) = (y - rect.y, nil, .wallpaperAndOutline) }
                    widget.unknown = Ambiguity.words(x: widget.whyX, y: widget.whyY)
                    widget.found = PixelRect(x: rect.x + (widget.dx ?? 0), y: rect.y + (widget.dy ?? 0), width: rect.width, height: rect.height)
                }
                candidates.append(widget)
            case .flat(let differs):
                // The wallpaper cannot tell; a widget's outline can, when one is there.
                if let outline = Self.outline(near: rect, in: footprints(), reach: reach) {
                    candidates.append(Self.outlined(id, rect, outline))
                } else if differs {
                    candidates.append(Self.unmeasured(id, rect, .flatColour))
                }
            case .none, .beyond:
                // A widget with its own opaque background: its outline, as `--measured-from` measures it.
                if let outline = Self.outline(near: rect, in: footprints(), reach: reach) {
                    candidates.append(Self.outlined(id, rect, outline))
                } else {
                    if case .beyond = look { farther.insert(id) }
                    nothing.append((id, rect))
                }
            }
        }
        // Smallest first, one size at a time: a slot over two widgets already measured more than
        // ``twoWidgetsApart`` pixels apart is not one widget, whatever it would show (the choice
        // below rejects it), so it is not looked at (on a pair of two medium widgets and two
        // small ones, the three largest slots took a third of the looking).
        let onScreen = ordered.filter { $0.rect.isInside(home.size) }
        for size in Set(onScreen.map { $0.rect.width * $0.rect.height }).sorted() {
            let wave = onScreen.filter { $0.rect.width * $0.rect.height == size && !Self.holdsTwoWidgets($0.rect, candidates) }
            for (slot, look) in zip(wave, parallelism.map(wave) { planes.look(at: $0.rect) }) { take(look, slot.id, slot.rect) }
        }
        // Where nothing was found, but the home screen differs and no widget measured on both axes
        // inside the slot explains it: looked at again, averaged with a tent and with the coarse
        // cells moved by half a cell (a widget moved by part of a cell over a wallpaper finer
        // than a cell can match no coarse offset; a medium widget was then reported as the small
        // one its piece happened to match, and "covered"). Slots that hold widgets found (a large
        // slot over two) are not.
        let explained = { (rect: PixelRect) in
            candidates.contains {
                $0.dx != nil && $0.dy != nil && $0.listed.width * $0.listed.height < rect.width * rect.height && Self.overlap($0.found, rect) > 0.25
            }
        }
        let halfCell = nothing.filter { !explained($0.rect) }
        for (slot, again) in zip(halfCell, parallelism.map(halfCell) { planes.look(at: $0.rect, cellsMoved: true) }) {
            guard case .wallpaper = again else { continue }
            nothing.removeAll { $0.id == slot.id }
            farther.remove(slot.id)
            take(again, slot.id, slot.rect)
        }
        // Where nothing was found but the home screen differs from the empty page, voted for
        // again by the lower quartile of tiles (a large clock or text can cover most of a small
        // widget), unless a widget found in place, its slot no larger, lies more than a quarter
        // in the slot: widgets do not overlap. (A larger one can be smaller widgets seen as one,
        // until they are found.)
        let placed = candidates.filter { $0.isMeasured }
        func taken(_ rect: PixelRect) -> Bool {
            placed.contains { $0.listed.width * $0.listed.height <= rect.width * rect.height && Self.overlap($0.found, rect) > 0.25 }
        }
        let covered = nothing.filter { !taken($0.rect) && planes.differs(in: WidgetSearch.interior(of: $0.rect)) }
        for (slot, again) in zip(covered, parallelism.map(covered) { planes.look(at: $0.rect, share: WidgetSearch.lowerQuartile) }) {
            if case .wallpaper = again { take(again, slot.id, slot.rect) }
            if case .beyond = again { farther.insert(slot.id) }
        }
        // Where still nothing was found but the home screen differs: looked at again twice as far
        // off, so that a widget showing its piece from beyond the reach is said to be so, not
        // taken for one something covers.
        let wider = planes.reaching(2 * reach)
        let unexplained = nothing.filter { slot in
            !farther.contains(slot.id) && !candidates.contains { $0.slot == slot.id } && !taken(slot.rect)
                && planes.differs(in: WidgetSearch.interior(of: slot.rect))
        }
        for (slot, far) in zip(unexplained, parallelism.map(unexplained) { wider.look(at: $0.rect) }) {
            switch far {
            case .wallpaper(let far) where [far.dx, far.dy].contains { $0.map { abs($0) > reach } ?? false }: farther.insert(slot.id)
            case .beyond: farther.insert(slot.id)
            default: break
            }
        }
        // In the order looked at: the largest first.
        func rank(_ widget: FoundWidget) -> Int { ordered.firstIndex { $0.id == widget.slot } ?? 0 }
        candidates.sort { rank($0) < rank($1) }
        // Then the largest first, each taken only when every smaller slot inside it that found
        // something agrees with it (a large slot over two widgets with other offsets is not one
        // widget); widgets whose offsets are both unknown only where nothing else was measured.
        var widgets: [FoundWidget] = []
        func agrees(_ small: FoundWidget, with large: FoundWidget) -> Bool {
            if !large.isMeasured { return !small.isMeasured }
            if let a = small.dx, let b = large.dx, abs(a - b) > 2 { return false }
            if let a = small.dy, let b = large.dy, abs(a - b) > 2 { return false }
            return true
        }
        for known in [true, false] {
            for widget in candidates where widget.isMeasured == known {
                if widgets.contains(where: { Self.overlap($0.found, widget.found) > 0.25 }) { continue }
                let inside = Self.inside(widget.listed, of: candidates)
                if inside.contains(where: { !agrees($0, with: widget) }) || Self.holdsTwoWidgets(widget.listed, inside) { continue }
                widgets.append(widget)
            }
        }
        // A widget whose piece the empty page blurred explains far better than as it is: its
        // background was made with a blurring style, so it is not measured, however well its
        // outline or its large shapes placed it (crops in another style would not match it).
        // Compared at the offset measured; a widget found without either offset, within the reach
        // (a blurred piece matches as well a little way off).
        widgets = widgets.map { widget in
            guard widget.notMeasured == nil else { return widget }
            let offset = widget.isMeasured ? (dx: widget.found.x - widget.listed.x, dy: widget.found.y - widget.listed.y) : nil
            guard planes.looksBlurred(at: widget.listed, offset: offset) else { return widget }
            return Self.unmeasured(widget.slot, widget.listed, .blurred)
        }
        // The pair's roles: the widgets' edges on the home screen, none on the empty page.
        let repeats = RepeatBreaks(bare: planes.bare, home: planes.home, window: planes.window, calm: planes.calm)
        try CheckPairRoles(
            planes: planes, slots: slots, emptyColours: [LuminancePlane(wallpaper, channel: 0), LuminancePlane(wallpaper, channel: 2)],
            repeats: repeats
        )
        .check(widgets)
        // Every other widget seen (the home screen differs from the empty page at its slot), named
        // with why it was not measured; then those that show only their edges.
        let shown = slots.filter { $0.rect.isInside(home.size) }
        widgets += planes.seenNotMeasured(shown, besides: widgets, farther: farther)
        if let repeats { widgets += planes.inStep(shown, besides: widgets, repeats: repeats) }
        let measured = widgets.filter { $0.isMeasured }
        guard !measured.isEmpty else { throw Self.nothingMeasured(widgets, planes: planes, slots: slots, layout: layout, reach: reach) }
        // Outlines alone, where a widget shows a piece of this wallpaper from farther than any
        // widget is off: the backgrounds were cropped with another layout.
        if measured.allSatisfy({ $0.evidence == .outline }), let elsewhere = planes.pieceFromElsewhere(slots: slots) {
            throw .cropsFromAnotherLayout(elsewhere)
        }
        try Self.reconcile(measured)
        widgets.sort { $0.slot < $1.slot }
        return WidgetCheck(
            screenshot: home.size, layout: layout, reach: reach, widgets: widgets, corrected: Self.correct(slots, by: measured, seen: widgets))
    }

    /// Why nothing could be measured: the widgets seen look blurred, or show pieces from farther
    /// than the reach, or are covered; or no widget shows a piece of this wallpaper.
    static func nothingMeasured(
        _ seen: [FoundWidget], planes: WidgetSearch, slots: [(id: SlotID, rect: PixelRect)], layout: String, reach: Int
    ) -> CalibrationError {
        let blurred = seen.filter { $0.notMeasured == .blurred }.map { $0.slot.rawValue }
        if !blurred.isEmpty { return .widgetsLookBlurred(blurred) }
        // Pieces from a little farther than the reach (within twice it): widgets off their slots,
        // or cropped with a layout close to this one; from farther still: another layout.
        let farther = seen.filter { $0.notMeasured == .beyond(reach: reach) }.map { $0.slot.rawValue }
        if !farther.isEmpty { return .noTransparentWidget(layout: layout, reach: reach, farther: farther) }
        if let elsewhere = planes.pieceFromElsewhere(slots: slots) { return .cropsFromAnotherLayout(elsewhere) }
        if seen.isEmpty { return .noTransparentWidget(layout: layout, reach: reach, farther: farther) }
        return .noWidgetMeasured(seen.map { "\($0.slot.rawValue): \($0.notMeasured?.words ?? $0.unknown ?? "not measured")" })
    }

    /// What to say when the home screen `home` and the empty page `empty` differ in size: the
    /// command line's words and the page's.
    public static func sizeMismatch(home: String, _ homeSize: PixelSize, empty: String, _ emptySize: PixelSize) -> ProblemText {
        ProblemText(
            file: home,
            reason: "is \(homeSize) but the empty screenshot \(empty) is \(emptySize): "
                + "take both on the same phone, of the same page, one empty and one with your widgets")
    }

    /// The candidates found at slots smaller than `rect` and lying in it (more than 90 % of them).
    package static func inside(_ rect: PixelRect, of candidates: [FoundWidget]) -> [FoundWidget] {
        candidates.filter { $0.listed.width * $0.listed.height < rect.width * rect.height && overlap($0.listed, rect) > 0.9 }
    }

    /// Two widgets measured inside one slot farther apart than this along an axis both know, in
    /// pixels, are two widgets: no one widget agrees with both (each within 2 px of it).
    package static let twoWidgetsApart = 4

    /// Whether two of the widgets measured at slots inside `rect` (among `candidates`) are farther
    /// apart than ``twoWidgetsApart`` along an axis both know: then no one widget fills `rect`,
    /// whatever its look, even one whose offset along that axis is unknown.
    package static func holdsTwoWidgets(_ rect: PixelRect, _ candidates: [FoundWidget]) -> Bool {
        let measured = inside(rect, of: candidates).filter { $0.isMeasured }
        func spread(_ values: [Int]) -> Int { (values.max() ?? 0) - (values.min() ?? 0) }
        return spread(measured.compactMap { $0.dx }) > twoWidgetsApart || spread(measured.compactMap { $0.dy }) > twoWidgetsApart
    }

    /// The share of the smaller rectangle that the two have in common.
    static func overlap(_ a: PixelRect, _ b: PixelRect) -> Double {
        let width = Swift.min(a.maxX, b.maxX) - Swift.max(a.x, b.x)
        let height = Swift.min(a.maxY, b.maxY) - Swift.max(a.y, b.y)
        guard width > 0, height > 0 else { return 0 }
        return Double(width * height) / Double(Swift.min(a.width * a.height, b.width * b.height))
    }

    /// A measured outline of a slot's size within `reach` of it, the nearest: its size within
    /// `tolerance` (by default ``outlineSizeTolerance``) of the slot's, so that both its edges along
    /// each axis give the offset within that.
    static func outline(near rect: PixelRect, in footprints: [Footprint], reach: Int, tolerance: Int = outlineSizeTolerance) -> PixelRect? {
        footprints.map { $0.rect }.filter {
            abs($0.width - rect.width) <= tolerance && abs($0.height - rect.height) <= tolerance
                && abs($0.x - rect.x) <= reach && abs($0.y - rect.y) <= reach
        }.min { abs($0.x - rect.x) + abs($0.y - rect.y) < abs($1.x - rect.x) + abs($1.y - rect.y) }
    }

    /// How far a measured outline's width or height may be from its slot's: an outline 3 px short
    /// (on a repeating wallpaper, the rows next to an edge where the piece moved happens to match
    /// the wallpaper) gives an offset 2 px off from one edge or the other, and which cannot be
    /// told.
    static let outlineSizeTolerance = 1

    /// Where a widget's outline puts it, axis by axis: its x where the outline's width is the
    /// slot's within ``outlineSizeTolerance`` (both its left and right edges were measured), its y
    /// where its height is; from an outline within `reach` of the slot whose other side is within
    /// ``outlineSideShortfall`` of the slot's (the same widget, an edge of it hidden where its
    /// piece, moved along a repeating wallpaper, matches the wallpaper), and which agrees with the
    /// widget's known offsets within 2 px.
    static func outlineEdges(for widget: FoundWidget, in footprints: [Footprint], reach: Int) -> (x: Int?, y: Int?) {
        let rect = widget.listed
        guard let outline = outline(near: rect, in: footprints, reach: reach, tolerance: outlineSideShortfall) else { return (nil, nil) }
        let x = abs(outline.width - rect.width) <= outlineSizeTolerance ? outline.x : nil
        let y = abs(outline.height - rect.height) <= outlineSizeTolerance ? outline.y : nil
        // Along an axis it does not measure, it still lies about there: within the shortfall.
        if let dx = widget.dx, abs(outline.x - rect.x - dx) > (x == nil ? outlineSideShortfall : 0) + 2 { return (nil, nil) }
        if let dy = widget.dy, abs(outline.y - rect.y - dy) > (y == nil ? outlineSideShortfall : 0) + 2 { return (nil, nil) }
        return (x, y)
    }

    /// How much shorter (or longer) than its slot's a widget's outline may be on the side it does
    /// not measure: a few columns or rows along an edge hidden by a repeating wallpaper (4 px on
    /// stripes every 48 px, the widget 10 px off); a widget of another family differs by a
    /// hundred pixels and more.
    static let outlineSideShortfall = 8

    static func outlined(_ id: SlotID, _ rect: PixelRect, _ outline: PixelRect) -> FoundWidget {
        FoundWidget(
            slot: id, listed: rect, found: PixelRect(x: outline.x, y: outline.y, width: rect.width, height: rect.height),
            dx: outline.x - rect.x, dy: outline.y - rect.y, unknown: nil, evidence: .outline, match: 1, compared: 1)
    }

    /// A widget seen at `rect` but not measured, with why.
    static func unmeasured(_ id: SlotID, _ rect: PixelRect, _ why: NotMeasured) -> FoundWidget {
        FoundWidget(
            slot: id, listed: rect, found: rect, dx: nil, dy: nil, unknown: why.words, evidence: .wallpaper, match: 0, compared: 0,
            notMeasured: why)
    }
}

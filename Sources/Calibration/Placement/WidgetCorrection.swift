import SlotGeometry

extension WidgetCheck {
    /// A column or row of the layout: the widgets whose slots start (or end) on one x (or y),
    /// which iOS moves together.
    struct Line {
        /// "the column at x 93", "the row ending at y 2116".
        var name: String
        var members: [FoundWidget]
        /// The offsets the members measured along the line's axis, by slot.
        var offsets: [(slot: SlotID, offset: Int)]
    }

    /// The layout's columns and rows as the measured widgets' slots share them: left edges, right
    /// edges, top edges and bottom edges, each with the offsets measured along its axis.
    static func lines(_ widgets: [FoundWidget]) -> [Line] {
        var lines: [Line] = []
        func group(_ name: (Int) -> String, _ edge: (PixelRect) -> Int, _ offset: (FoundWidget) -> Int?) {
            var edges: [Int] = []
            for widget in widgets where !edges.contains(edge(widget.listed)) { edges.append(edge(widget.listed)) }
            for value in edges.sorted() {
                let members = widgets.filter { edge($0.listed) == value }
                let offsets = members.compactMap { widget in offset(widget).map { (slot: widget.slot, offset: $0) } }
                lines.append(Line(name: name(value), members: members, offsets: offsets))
            }
        }
        group({ "the column at x \($0)" }, { $0.x }, { $0.dx })
        group({ "the column ending at x \($0)" }, { $0.maxX }, { $0.dx })
        group({ "the row at y \($0)" }, { $0.y }, { $0.dy })
        group({ "the row ending at y \($0)" }, { $0.maxY }, { $0.dy })
        return lines
    }

    /// Refuses widgets that iOS puts in one column or row measured more than 2 px apart, naming
    /// each such column or row and its widgets' offsets.
    package static func reconcile(_ measured: [FoundWidget]) throws(CalibrationError) {
        var disagreements: [String] = []
        for line in lines(measured) where line.offsets.count >= 2 {
            let values = line.offsets.map { $0.offset }
            guard values.max()! - values.min()! > 2 else { continue }
            let axis = line.name.hasPrefix("the column") ? "x" : "y"
            disagreements.append(
                "\(line.name): " + line.offsets.map { "\($0.slot.rawValue) \(axis) \(signed($0.offset))" }.joined(separator: ", "))
        }
        if !disagreements.isEmpty { throw .widgetsDisagree(disagreements) }
    }

    /// `+3`, `0`, `-2`.
    static func signed(_ value: Int) -> String { value > 0 ? "+\(value)" : "\(value)" }

    /// Every slot moved by what the widgets measured, axis by axis: by the widget in it (or one
    /// whose slot holds it); else by the widgets sharing the edge it starts on, or the edge it
    /// ends on, when the two do not contradict its listed size (else not placed); else, where a
    /// widget of `seen` on one of those edges has that offset unknown because the wallpaper
    /// repeats (it is one of several aliases, which the others' offsets cannot choose), not
    /// placed; else by the median of all widgets' offsets (an estimate, with its error); else
    /// left as listed.
    package static func correct(
        _ slots: [(id: SlotID, rect: PixelRect)], by widgets: [FoundWidget], seen: [FoundWidget] = []
    ) -> [CorrectedSlot] {
        slots.map { id, rect in
            // The widget in this slot, or one whose slot holds it (a medium widget holds the small slots under it).
            let own =
                widgets.first { $0.slot == id }
                ?? widgets.first {
                    $0.listed.x <= rect.x && $0.listed.y <= rect.y && $0.listed.maxX >= rect.maxX && $0.listed.maxY >= rect.maxY
                }
            func axis(
                _ offset: (FoundWidget) -> Int?, start: (PixelRect) -> Int, end: (PixelRect) -> Int, why: (FoundWidget) -> Ambiguity?,
                name: String, words: (Int, Int) -> String
            ) -> (value: Int, how: Correction, error: Int?, unplaced: String?) {
                if let own, let value = offset(own) { return (value, .measured, nil, nil) }
                let starting = median(widgets.filter { start($0.listed) == start(rect) }.compactMap(offset))
                let ending = median(widgets.filter { end($0.listed) == end(rect) }.compactMap(offset))
                switch (starting, ending) {
                case (let a?, let b?) where abs(a - b) > 2: return (0, .unplaced, nil, words(a, b))
                case (let a?, _): return (a, .sameLine, nil, nil)
                case (nil, let b?): return (b, .sameLine, nil, nil)
                case (nil, nil): break
                }
                let aliased = seen.first { widget in
                    (start(widget.listed) == start(rect) || end(widget.listed) == end(rect)) && offset(widget) == nil
                        && why(widget)?.isAlias == true
                }
                if let aliased, let ambiguity = why(aliased) {
                    let words = ambiguity.words(name == "column" ? "x" : "y")
                    return (
                        0, .unplaced, nil,
                        "the widget seen at \(aliased.slot.rawValue) is on its \(name), where the wallpaper \(words): which way the \(name) moved cannot be told"
                    )
                }
                let all = widgets.compactMap(offset)
                if let value = median(all) { return (value, .estimated, all.count > 1 ? all.max()! - all.min()! : nil, nil) }
                return (0, .unchanged, nil, nil)
            }
            let x = axis(
                { $0.dx }, start: { $0.x }, end: { $0.maxX }, why: { $0.whyX }, name: "column",
                words: { a, b in
                    "the column it starts on moved \(signed(a)) px and the one it ends on \(signed(b)) px: the widgets measured make it \(rect.width + b - a) px wide, not the \(rect.width) px listed"
                })
            let y = axis(
                { $0.dy }, start: { $0.y }, end: { $0.maxY }, why: { $0.whyY }, name: "row",
                words: { a, b in
                    "the row it starts on moved \(signed(a)) px and the one it ends on \(signed(b)) px: the widgets measured make it \(rect.height + b - a) px tall, not the \(rect.height) px listed"
                })
            return CorrectedSlot(
                slot: id, listed: rect, rect: PixelRect(x: rect.x + x.value, y: rect.y + y.value, width: rect.width, height: rect.height), x: x.how,
                y: y.how, xError: x.error, yError: y.error, unplaced: [x.unplaced, y.unplaced].compactMap { $0 }.first)
        }
    }

    /// The layout's columns and rows a widget measured (its slot's left edge and top edge, moved
    /// by its offset), in pixels, in the profile's order: the median where several measured one.
    /// Widget sizes are not measured by this check, so none are given.
    public var measuredGrid: [(field: GridField, pixels: Int)] {
        var fields: [(GridField, [Int])] = []
        func add(_ field: GridField, _ value: Int) {
            if let index = fields.firstIndex(where: { $0.0 == field }) { fields[index].1.append(value) } else { fields.append((field, [value])) }
        }
        for widget in widgets {
            if let dx = widget.dx { add(widget.slot.family == .small ? GridField.column(widget.slot.column) : .left, widget.listed.x + dx) }
            if let dy = widget.dy { add(.row(widget.slot.row), widget.listed.y + dy) }
        }
        return [GridField.left, .right, .top, .middle, .bottom].compactMap { field in
            fields.first { $0.0 == field }.flatMap { median($0.1) }.map { (field, $0) }
        }
    }

    /// The block to paste into a device profile: ``measuredGrid``, in pixels.
    public var layoutBlock: [String] {
        ["  \(layout):", "    unit: px", "    source: measured from transparent widgets (backdrop crop --widgets-from)"]
            + measuredGrid.map { "    \($0.field.rawValue): \($0.pixels)" }
    }
}

import SlotGeometry

extension WidgetCheck {
    /// Every slot moved by what the widgets measured, axis by axis: by the widget in it; else by
    /// the widgets in its column (x) or row (y), which share its edge; else by the median of all
    /// widgets' offsets (an estimate, said so); else left as listed.
    static func correct(_ slots: [(id: SlotID, rect: PixelRect)], by widgets: [FoundWidget]) -> [CorrectedSlot] {
        slots.map { id, rect in
            // The widget in this slot, or one whose slot holds it (a medium widget holds the small slots under it).
            let own =
                widgets.first { $0.slot == id }
                ?? widgets.first {
                    $0.listed.x <= rect.x && $0.listed.y <= rect.y && $0.listed.maxX >= rect.maxX && $0.listed.maxY >= rect.maxY
                }
            func axis(_ offset: (FoundWidget) -> Int?, _ sharesLine: (FoundWidget) -> Bool) -> (Int, Correction) {
                if let own, let value = offset(own) { return (value, .measured) }
                if let value = median(widgets.filter(sharesLine).compactMap(offset)) { return (value, .sameLine) }
                if let value = median(widgets.compactMap(offset)) { return (value, .estimated) }
                return (0, .unchanged)
            }
            let (dx, x) = axis({ $0.dx }, { $0.listed.x == rect.x || $0.listed.maxX == rect.maxX })
            let (dy, y) = axis({ $0.dy }, { $0.listed.y == rect.y || $0.listed.maxY == rect.maxY })
            return CorrectedSlot(
                slot: id, listed: rect, rect: PixelRect(x: rect.x + dx, y: rect.y + dy, width: rect.width, height: rect.height), x: x, y: y)
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

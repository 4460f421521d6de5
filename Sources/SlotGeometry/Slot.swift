/// The widget families of an iPhone home screen.
///
/// A small widget covers 2×2 icons, a medium 4×2, a large 4×4. iOS 27 adds an extra-large
/// portrait family on iPhone: as wide as medium and large, reaching from the top row to the
/// bottom of the bottom row (its height is `2 × large − small`).
public enum WidgetFamily: String, CaseOrdered, Sendable {
    case small, medium, large
    case extraLargePortrait = "extra-large-portrait"
}

/// A widget row of the home-screen grid, from the top.
public enum GridRow: String, CaseIterable, Sendable {
    case top, middle, bottom
}

/// A widget column of the home-screen grid.
public enum GridColumn: String, CaseIterable, Sendable {
    case left, right
}

/// One of the eleven places a widget can sit on an iPhone home-screen page.
///
/// The raw value is the canonical id used in files, URLs and JSON.
public enum SlotID: String, CaseOrdered, Sendable {
    case smallTopLeft = "small-top-left"
    case smallTopRight = "small-top-right"
    case smallMiddleLeft = "small-middle-left"
    case smallMiddleRight = "small-middle-right"
    case smallBottomLeft = "small-bottom-left"
    case smallBottomRight = "small-bottom-right"
    case mediumTop = "medium-top"
    case mediumMiddle = "medium-middle"
    case mediumBottom = "medium-bottom"
    case largeTop = "large-top"
    case largeBottom = "large-bottom"
    /// iOS 27's extra-large portrait widget: one place, from the top row to the bottom.
    case extraLargePortrait = "extra-large-portrait"

    /// The widget family that fits this slot.
    public var family: WidgetFamily {
        switch self {
        case .smallTopLeft, .smallTopRight, .smallMiddleLeft, .smallMiddleRight, .smallBottomLeft,
            .smallBottomRight:
            .small
        case .mediumTop, .mediumMiddle, .mediumBottom: .medium
        case .largeTop, .largeBottom: .large
        case .extraLargePortrait: .extraLargePortrait
        }
    }

    /// The grid row the slot's top edge sits on (a large widget at the bottom starts on the middle row).
    public var row: GridRow {
        switch self {
        case .smallTopLeft, .smallTopRight, .mediumTop, .largeTop, .extraLargePortrait: .top
        case .smallMiddleLeft, .smallMiddleRight, .mediumMiddle, .largeBottom: .middle
        case .smallBottomLeft, .smallBottomRight, .mediumBottom: .bottom
        }
    }

    /// The grid rows the slot covers.
    public var rowsCovered: [GridRow] {
        switch self {
        case .largeTop: [.top, .middle]
        case .largeBottom: [.middle, .bottom]
        case .extraLargePortrait: [.top, .middle, .bottom]
        default: [row]
        }
    }

    /// The column the slot's left edge sits on. Medium and large widgets span both columns.
    public var column: GridColumn {
        switch self {
        case .smallTopRight, .smallMiddleRight, .smallBottomRight: .right
        default: .left
        }
    }
}

/// The home screen's appearance: iOS dims the wallpaper in dark mode, so each has its own screenshot.
public enum Appearance: String, CaseOrdered, Sendable {
    case light, dark
}

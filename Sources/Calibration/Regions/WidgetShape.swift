import SlotGeometry

/// What a region must look like to be taken for a widget: the sizes and proportions of iPhone
/// widgets, relative to the screen, with room to spare.
enum WidgetShape {
    /// A widget's shorter side is at least this fraction of the screen's width (a small widget is
    /// 0.37–0.44 of it on every iPhone; an app icon about 0.15, up to 0.19 with large icons or Display Zoom).
    static let minimumSideOfWidth = 0.25
    /// A widget is at most this fraction of the screen's width wide and of its height tall.
    static let maximumWidthOfWidth = 0.95
    static let maximumHeightOfHeight = 0.8
    /// Width as a percentage of height: small and large widgets are about square (95–100), medium
    /// ones about twice as wide as tall (200–220), an extra-large portrait one 60. The dock is 400 and more.
    static let aspectRange = 45...260
    /// A rounded rectangle fills all of its box but its corners: 95 % and more.
    static let minimumFillPercent = 85
    /// Every column and row across the middle of a widget is filled at least this much.
    static let minimumLineFillPercent = 70
    /// Regions whose shorter side is below this fraction of the screen's width are specks (text,
    /// page dots, status-bar symbols, noise), not candidates: they are neither widgets nor reported.
    /// App icons, the dock and the search pill are candidates, rejected for their size or shape.
    static let candidateSideOfWidth = 0.06

    /// The shortest side a widget has on a screen of this size, in pixels.
    static func minimumSide(on screen: PixelSize) -> Int { Int((minimumSideOfWidth * Double(screen.width)).rounded()) }

    /// Why the region is not a widget, or `nil` when it may be one. The size and proportions are
    /// judged first, so that the dock is rejected for its shape and an app icon for its size.
    static func rejection(of region: Region, on screen: PixelSize) -> RejectionReason? {
        let rect = region.rect
        guard rect.width > 0, rect.height > 0 else { return .tooSmall(side: 0, minimum: minimumSide(on: screen)) }
        let maximum = PixelSize(
            width: Int(maximumWidthOfWidth * Double(screen.width)), height: Int(maximumHeightOfHeight * Double(screen.height)))
        if rect.width > maximum.width || rect.height > maximum.height { return .tooLarge(size: rect.size, maximum: maximum) }
        let aspect = (rect.width * 100 + rect.height / 2) / rect.height
        if !aspectRange.contains(aspect) { return .shape(widthPercentOfHeight: aspect) }
        let minimum = minimumSide(on: screen)
        if min(rect.width, rect.height) < minimum { return .tooSmall(side: min(rect.width, rect.height), minimum: minimum) }
        if region.fillPercent < minimumFillPercent { return .notFilled(percent: region.fillPercent) }
        if region.weakest.percent < minimumLineFillPercent {
            return .gap(at: region.weakest.position, vertical: region.weakest.vertical, percent: region.weakest.percent)
        }
        return nil
    }
}

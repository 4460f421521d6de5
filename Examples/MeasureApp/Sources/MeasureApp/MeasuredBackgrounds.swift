import WidgetMeasurement

/// The rectangles to crop out of the empty screenshot, one per slot, from the user's two
/// screenshots of one home-screen page: `empty` without widgets, `placed` with widgets.
///
/// In an app, get each screenshot's pixels by drawing its `CGImage` into an 8-bit RGBA bitmap
/// context, then crop the empty one with `CGImage.cropping(to:)` at each rectangle.
public func backgroundRects(
    emptyPixels: [UInt8], placedPixels: [UInt8], width: Int, height: Int
) -> Result<[(slot: String, x: Int, y: Int, width: Int, height: Int, seen: Bool)], CalibrationError> {
    guard let empty = WidgetMeasurement.RGBAImage(width: width, height: height, bytes: emptyPixels),
        let placed = WidgetMeasurement.RGBAImage(width: width, height: height, bytes: placedPixels)
    else { return .failure(.noWidgets) }
    do {
        let layout = try WidgetMeasurement.measure(empty: empty, placed: placed)
        // Slots no widget showed and the grid cannot give are in layout.undetermined, with why.
        return .success(
            layout.slots.map { ($0.id.rawValue, $0.rect.x, $0.rect.y, $0.rect.width, $0.rect.height, $0.kind == .seen) })
    } catch {
        return .failure(error)
    }
}

import Calibration
import SlotGeometry

/// Measures the widget slots of a home-screen page from two screenshots of it, one empty and one
/// with widgets placed, as `backdrop crop EMPTY --measured-from PLACED` does: for apps and widget
/// extensions, with no UIKit, no Foundation and no other package.
///
/// Give it the two screenshots as 8-bit RGBA pixels (what an app gets by drawing a `CGImage`
/// into an RGBA bitmap context), and crop the empty one at each ``MeasuredLayout/slots`` rectangle.
public enum WidgetMeasurement {
    /// One screenshot's pixels: 8-bit red, green, blue and alpha, row by row from the top left,
    /// `width × height × 4` bytes.
    public struct RGBAImage: Sendable {
        public var width: Int
        public var height: Int
        public var bytes: [UInt8]

        /// An image of these pixels; `nil` when `bytes` does not hold `width × height × 4` bytes.
        public init?(width: Int, height: Int, bytes: [UInt8]) {
            guard width > 0, height > 0, width <= 1 << 14, height <= 1 << 14, bytes.count == width * height * 4 else { return nil }
            self.width = width
            self.height = height
            self.bytes = bytes
        }

        /// The colours as the calibrator reads them (alpha is ignored: screenshots are opaque).
        var colorField: ColorField {
            var rgb = [Float](repeating: 0, count: width * height * 3)
            var target = 0
            var source = 0
            while source < bytes.count {
                rgb[target] = Float(bytes[source]) / 255
                rgb[target + 1] = Float(bytes[source + 1]) / 255
                rgb[target + 2] = Float(bytes[source + 2]) / 255
                target += 3
                source += 4
            }
            return ColorField(size: PixelSize(width: width, height: height), rgb: rgb)
        }
    }

    /// The slots measured on the pair: each seen or implied slot's rectangle in pixels, and every
    /// slot that cannot be determined, with why. Throws when the two differ in size, do not show
    /// the same page, or no widget is found (the error says which, in words).
    public static func measure(empty: RGBAImage, placed: RGBAImage) throws(CalibrationError) -> MeasuredLayout {
        try MeasuredLayout.measure(placed: placed.colorField, empty: empty.colorField).layout
    }

    /// The slots read off a page of app icons (iOS 26–27), as `backdrop crop EMPTY --icons-from
    /// HOME` reads them: `home` is a screenshot of a page with the phone's app icons, `empty` one
    /// of an empty page over the same wallpaper. `layout` is `.ios26`, or `.ios26LargeIcons` when
    /// the phone shows large icons. `scale` is the screen's (UIScreen's `scale`); `top` is the
    /// layout's top row in pixels when the app knows it (WidgetGeometry's), so that a page with
    /// no icon in row 1 still has its rows numbered. Each slot the icons give has its rectangle;
    /// every other, and each axis the icons cannot tell, says why (never guessed). Throws when
    /// the pair cannot be used (two sizes, one picture twice, another page, light against dark,
    /// the wrong way round), when the icons jiggle, are too few or off the grid, or when
    /// `layout` has no icon rule (before iOS 26).
    public static func readIcons(
        empty: RGBAImage, home: RGBAImage, layout: LayoutKind = .ios26, scale: Int, top: (pixels: Int, error: Int)? = nil
    ) throws(IconPageError) -> IconPage {
        try IconPageReader.read(
            home: home.colorField, empty: empty.colorField, layout: layout, hints: IconPageReader.Hints(top: top, widgetRows: nil, scale: scale))
    }

    /// "Check my widgets": how far each transparent widget on `home` (a screenshot of the home
    /// screen with the widgets in place) is from the slot its background was cropped from, as
    /// `backdrop crop EMPTY --widgets-from HOME` finds it. `slots` are the rectangles the
    /// backgrounds were cropped with (the layout's, e.g. from WidgetGeometry, in pixels), `layout`
    /// the layout's name for the profile block. Each found widget's offset is given, or nil with
    /// why where the wallpaper cannot tell (never guessed); ``WidgetCheck/corrected`` has every
    /// slot moved by what was measured (one whose edges contradict its listed size is not
    /// ``WidgetCheck/CorrectedSlot/isPlaced``: do not crop it). Throws when the two differ in size
    /// or do not show the same page, when no widget shows a piece of this wallpaper, or when the
    /// pieces were cropped with another layout.
    public static func checkWidgets(
        empty: RGBAImage, home: RGBAImage, slots: [(id: SlotID, rect: PixelRect)], layout: String
    ) throws(CalibrationError) -> WidgetCheck {
        try WidgetCheck.check(empty: empty.colorField, home: home.colorField, slots: slots, layout: layout)
    }
}

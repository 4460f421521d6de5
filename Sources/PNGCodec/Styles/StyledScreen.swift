import SlotGeometry

/// A screenshot in a ``CropStyle``: the whole screen blurred and tinted once, so that crops taken
/// from it, side by side or overlapping, agree wherever they meet; ``crop(_:family:)`` cuts a
/// widget's background out of it (and draws ``CropStyle/glass``'s rim on that crop).
///
/// The arithmetic, exactly (a second implementation repeating it, roundings included, gets the
/// same bytes; one that blurs in floating point and rounds once is within 1 level at 8 bits and
/// 4 of 65535 at 16 bits):
/// 1. **Samples.** Every sample becomes a level in 0…65535: 16-bit samples as they are, 8-bit
///    ones × 257, 1, 2 and 4-bit grey × 65535 / (2^depth − 1). A palette image becomes RGB (RGBA
///    when it has a tRNS chunk), its entries × 257; a grey or RGB image with a tRNS colour key gains
///    an alpha channel (0 where the key matched, else the largest level). The blend is done on
///    these encoded levels, in the screenshot's own colour space (its iCCP profile, or sRGB), not in
///    linear light; the colour chunks are kept, so the crop means the same colours.
/// 2. **Blur** (``CropStyle/blurPoints`` × scale = σ pixels; none at σ = 0). Three box passes along
///    each row, then three down each column, each pass every channel (alpha too) on its own: a
///    box of 2r + 1 pixels (r = ``CropStyle/boxRadius(scale:)``), whose sum s gives the level
///    ⌊(s + r) / (2r + 1)⌋, the mean rounded to the nearest. **At the screen's edges** a pass reads
///    its input's edge pixel in place of the pixels beyond it (the edge is repeated), so a
///    widget at the edge is not darkened by black from outside the screen.
/// 3. **Tint** (``CropStyle/tint``, opacity a in thousandths, colour level T = 65535 or 0):
///    every colour level v (not alpha) becomes ⌊(v × (1000 − a) + T × a + 500) / 1000⌋.
/// 4. **Levels back**: 16-bit output keeps the level, 8-bit output takes ⌊(v + 128) / 257⌋.
/// 5. **Crop** the widget's rectangle.
/// 6. **Rim** (glass only): the outline is the crop's rectangle with corners rounded to
///    ``CropStyle/cornerRadiusPoints(_:)`` × scale pixels (at most half the shorter side). For the
///    centre p of each pixel, d is how far p lies inside the outline (negative outside), and the
///    pixel's share of the band 0 ≤ d < w (w = the rim's width × scale) is
///    c = clamp(d + ½, 0, 1) − clamp(d − w + ½, 0, 1); each colour sample, as a level (step 1), is
///    mixed with white at a = ⌊rim opacity × c + ½⌋ thousandths as in step 3, and brought back as
///    in step 4. Where c = 0 (more than half a pixel outside the outline, in the corners) the
///    blurred screen is kept: iOS masks the widget to its own corners.
///
/// The output format: the screenshot's bit depth and channels; palette images become 8-bit RGB or
/// RGBA, grey below 8 bits 8-bit grey, a tRNS colour key an alpha channel.
public struct StyledScreen: Sendable {
    public let style: CropStyle
    public let scale: Int
    /// The screen in the style (before any rim), in the output format: the whole screen, or the
    /// part of it ``init(_:style:scale:around:)`` was asked for, from ``origin``.
    public let raster: PNGRaster
    /// Where ``raster`` lies on the screen: its top left corner.
    public let origin: (x: Int, y: Int)

    /// `source` in `style`, at the layout's `scale` (2 or 3: points to pixels). For
    /// ``CropStyle/none`` the raster is `source` itself.
    public init(_ source: PNGRaster, style: CropStyle, scale: Int) {
        self.init(source, style: style, scale: scale, window: Self.whole(source))
    }

    /// Only the part of `source` in `style` that the crops inside `region` need, the same to the
    /// last bit as the whole screen's: the blur of a pixel reads at most 3r pixels away (three
    /// passes of r), so the region is made with 3r pixels around it (fewer at the screen's
    /// edges, where the edge rule is the whole screen's). One crop at once costs its own area.
    public init(_ source: PNGRaster, style: CropStyle, scale: Int, around region: PixelRect) {
        self.init(source, style: style, scale: scale, window: Self.window(source, style: style, scale: scale, around: region))
    }

    /// `source` in each of `styles`, one after the other (`body` gets each in turn, and only one
    /// styled screen is held at a time): styles of one blur (blur, light and dark) share it, so
    /// the screen (or the part around `region`) is blurred once per blur, not once per style.
    public static func forEach(
        _ source: PNGRaster, styles: [CropStyle], scale: Int, around region: PixelRect? = nil, _ body: (StyledScreen) -> Void
    ) {
        var blurred: (radius: Int, window: PixelRect, levels: StyleLevels)?
        for style in styles {
            let window = region.map { Self.window(source, style: style, scale: scale, around: $0) } ?? Self.whole(source)
            guard style != .none else {
                body(StyledScreen(source, style: .none, scale: scale))
                continue
            }
            let radius = style.boxRadius(scale: scale)
            if blurred?.radius != radius || blurred?.window != window {
                blurred = nil
                blurred = (radius, window, Self.blurred(source, window: window, radius: radius))
            }
            body(StyledScreen(style: style, scale: scale, blurred: blurred!.levels, window: window, like: source))
        }
    }

    private init(_ source: PNGRaster, style: CropStyle, scale: Int, window: PixelRect) {
        guard style != .none else {
            self.init(style: style, scale: scale, raster: source, origin: (0, 0))
            return
        }
        let radius = style.boxRadius(scale: scale)
        self.init(style: style, scale: scale, blurred: Self.blurred(source, window: window, radius: radius), window: window, like: source)
    }

    /// The screen in `style` from its `blurred` levels (step 2 done): tinted, and as a raster.
    private init(style: CropStyle, scale: Int, blurred: StyleLevels, window: PixelRect, like source: PNGRaster) {
        var levels = blurred
        if let tint = style.tint { levels.tint(tint) }
        self.init(style: style, scale: scale, raster: levels.raster(like: source), origin: (window.x, window.y))
    }

    private init(style: CropStyle, scale: Int, raster: PNGRaster, origin: (x: Int, y: Int)) {
        self.style = style
        self.scale = scale
        self.raster = raster
        self.origin = origin
    }

    /// Steps 1 and 2 on `window` of `source`.
    private static func blurred(_ source: PNGRaster, window: PixelRect, radius: Int) -> StyleLevels {
        var levels = StyleLevels(window == whole(source) ? source : try! source.cropped(to: window))
        if radius > 0 { levels.blur(boxRadius: radius) }
        return levels
    }

    private static func whole(_ source: PNGRaster) -> PixelRect { PixelRect(x: 0, y: 0, width: source.width, height: source.height) }

    /// The part of `source` the crops inside `region` need in `style`: `region` with the blur's
    /// reach around it, inside the screen (the whole screen for a region off it: its crops are
    /// then refused as outside the image).
    private static func window(_ source: PNGRaster, style: CropStyle, scale: Int, around region: PixelRect) -> PixelRect {
        let reach = 3 * style.boxRadius(scale: scale)
        let left = max(0, region.x - reach)
        let top = max(0, region.y - reach)
        let right = min(source.width, region.maxX + reach)
        let bottom = min(source.height, region.maxY + reach)
        guard right > left, bottom > top else { return whole(source) }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The background of a widget of `family` at `rect`: the styled screen's region, with the rim
    /// of ``CropStyle/glass`` drawn on it.
    public func crop(_ rect: PixelRect, family: WidgetFamily) throws(PNGError) -> PNGRaster {
        var crop = try raster.cropped(to: try inRaster(rect))
        if let rim = style.rim {
            GlassRim(
                width: rect.width, height: rect.height, cornerRadius: CropStyle.cornerRadiusPoints(family) * scale,
                rimWidth: rim.widthPoints * scale, opacity: rim.opacity
            ).draw(on: &crop)
        }
        return crop
    }

    /// Where the screen's `rect` lies in ``raster`` (which starts at ``origin``): what to cut out of it.
    public func inRaster(_ rect: PixelRect) throws(PNGError) -> PixelRect {
        let shifted = PixelRect(x: rect.x - origin.x, y: rect.y - origin.y, width: rect.width, height: rect.height)
        guard shifted.x >= 0, shifted.y >= 0, shifted.maxX <= raster.width, shifted.maxY <= raster.height else {
            throw PNGError(.rectOutsideImage(rect: rect, width: origin.x + raster.width, height: origin.y + raster.height))
        }
        return shifted
    }
}

import SlotGeometry

/// A screenshot in a ``CropStyle``: the whole screen blurred and tinted once, so that crops taken
/// from it, side by side or overlapping, agree wherever they meet; ``crop(_:family:)`` cuts a
/// widget's background out of it (and draws ``CropStyle/glass``'s rim on that crop).
///
/// The arithmetic, exactly (a second implementation repeating it gets the same bytes at 8 bits,
/// and at 16 bits within the rounding of the six box passes, at most 4 of 65535):
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
///    in step 4. Corners outside the outline keep the blurred screen: iOS masks the widget to its
///    own corners.
///
/// The output format: the screenshot's bit depth and channels; palette images become 8-bit RGB or
/// RGBA, grey below 8 bits 8-bit grey, a tRNS colour key an alpha channel.
public struct StyledScreen: Sendable {
    public let style: CropStyle
    public let scale: Int
    /// The whole screen in the style (before any rim), in the output format.
    public let raster: PNGRaster

    /// `source` in `style`, at the layout's `scale` (2 or 3: points to pixels). For
    /// ``CropStyle/none`` the raster is `source` itself.
    public init(_ source: PNGRaster, style: CropStyle, scale: Int) {
        self.style = style
        self.scale = scale
        guard style != .none else {
            raster = source
            return
        }
        var levels = StyleLevels(source)
        let radius = style.boxRadius(scale: scale)
        if radius > 0 { levels.blur(boxRadius: radius) }
        if let tint = style.tint { levels.tint(tint) }
        raster = levels.raster(like: source)
    }

    /// The background of a widget of `family` at `rect`: the styled screen's region, with the rim
    /// of ``CropStyle/glass`` drawn on it.
    public func crop(_ rect: PixelRect, family: WidgetFamily) throws(PNGError) -> PNGRaster {
        var crop = try raster.cropped(to: rect)
        if let rim = style.rim {
            GlassRim(
                width: rect.width, height: rect.height, cornerRadius: CropStyle.cornerRadiusPoints(family) * scale,
                rimWidth: rim.widthPoints * scale, opacity: rim.opacity
            ).draw(on: &crop)
        }
        return crop
    }
}

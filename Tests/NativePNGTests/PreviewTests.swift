import NativePNG
import Testing

@Suite struct PreviewTests {
    @Test func averagesTheAreaEachPixelCovers() {
        // 4x2 RGB: two 2x2 blocks, averaged to two pixels.
        let pixels: [UInt8] = [
            0, 0, 0, 100, 100, 100, 255, 0, 0, 255, 0, 0,
            200, 200, 200, 100, 100, 100, 255, 0, 0, 0, 0, 255,
        ]
        let image = PNGRaster(width: 4, height: 2, format: .rgb8, pixels: pixels, colorChunks: [.srgb(intent: 0)])
        let preview = image.downscaled(toWidth: 2)
        #expect(preview.width == 2 && preview.height == 1)
        #expect(preview.format == .rgb8)
        #expect(preview.pixels == [100, 100, 100, 191, 0, 64])
        #expect(preview.colorChunks == image.colorChunks, "a preview keeps the colour chunks")
    }

    @Test func fractionalRatiosWeighPartialPixels() {
        // 3 grey pixels to 2: each target pixel covers 1.5 source pixels.
        let image = PNGRaster(width: 3, height: 1, format: PNGFormat(colorType: .grey, bitDepth: 8), pixels: [0, 90, 180])
        let preview = image.downscaled(toWidth: 2)
        #expect(preview.pixels == [30, 30, 30, 150, 150, 150])
    }

    @Test func transparentPixelsDoNotDarkenTheAverage() {
        let image = PNGRaster(width: 2, height: 1, format: .rgba8, pixels: [255, 0, 0, 255, 0, 0, 0, 0])
        #expect(image.downscaled(toWidth: 1).pixels == [255, 0, 0, 128])
    }

    @Test func sixteenBitAndPaletteSourcesGiveEightBitPreviews() {
        let wide = PNGRaster(
            width: 2, height: 1, format: PNGFormat(colorType: .rgb, bitDepth: 16), pixels: [0xFF, 0xFF, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0, 0])
        #expect(wide.downscaled(toWidth: 1).pixels == [128, 128, 0])
        let palette = PNGRaster(
            width: 2, height: 1, format: PNGFormat(colorType: .palette, bitDepth: 8), pixels: [0, 1],
            palette: [10, 20, 30, 30, 40, 50], transparency: .paletteAlpha([255, 255]))
        let preview = palette.downscaled(toWidth: 1)
        #expect(preview.format == .rgba8)
        #expect(preview.pixels == [20, 30, 40, 255])
    }

    @Test func aScreenshotSizedPreviewKeepsItsAspect() {
        let image = PNGRaster(width: 1206, height: 2622, format: .rgb8, pixels: [UInt8](repeating: 7, count: 1206 * 2622 * 3))
        let preview = image.downscaled(toWidth: 300)
        #expect(preview.width == 300 && preview.height == 652)
        #expect(preview.pixels.allSatisfy { $0 == 7 })
    }
}

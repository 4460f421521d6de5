import PNGCodec
import SlotGeometry
import Testing

/// The styles' arithmetic on small screens whose answers are known without it: constant screens,
/// mirrored screens, screens that vary along one axis, every output format. (The reference written
/// from content/docs/styles.md alone, in numpy, is Tests/BrowserTests/test_styles_reference.py.)
extension PNGCodecSuites {
    @Suite struct StyledScreenTests {
        /// A `width` × `height` RGB (or other `format`) raster whose every sample is `sample(x, y, channel)`.
        static func raster(
            _ width: Int, _ height: Int, format: PNGFormat = .rgb8, sample: (Int, Int, Int) -> Int
        ) -> PNGRaster {
            var pixels: [UInt8] = []
            for y in 0..<height {
                for x in 0..<width {
                    for channel in 0..<format.channels {
                        let value = sample(x, y, channel)
                        if format.bitDepth == 16 {
                            pixels += [UInt8(value >> 8), UInt8(value & 0xFF)]
                        } else {
                            pixels.append(UInt8(value))
                        }
                    }
                }
            }
            return PNGRaster(width: width, height: height, format: format, pixels: pixels)
        }

        static func sample(_ raster: PNGRaster, _ x: Int, _ y: Int, _ channel: Int) -> Int {
            let index = (y * raster.width + x) * raster.format.channels + channel
            return raster.format.bitDepth == 16
                ? Int(raster.pixels[2 * index]) << 8 | Int(raster.pixels[2 * index + 1]) : Int(raster.pixels[index])
        }

        @Test func noneIsTheScreenshotItself() throws {
            let source = Self.raster(40, 30) { x, y, channel in (x * 7 + y * 3 + channel * 50) % 256 }
            let screen = StyledScreen(source, style: .none, scale: 3)
            #expect(screen.raster == source)
            let rect = PixelRect(x: 3, y: 4, width: 20, height: 10)
            #expect(try screen.crop(rect, family: .small) == source.cropped(to: rect))
        }

        @Test(arguments: [1, 3, 41, 61, 121, 4095])
        func theBoxMeanIsTheQuotient(width: Int) {
            let division = BoxDivision(width: width)
            let largest = width * 65536 - 1
            var n = 0
            while n <= largest {
                #expect(division.mean(n) == n / width, "width \(width), n \(n)")
                n += max(1, largest / 100_000)
            }
            for n in [largest, largest - 1, width * 65535, width * 65535 + width - 1] { #expect(division.mean(n) == n / width) }
        }

        @Test func theBoxRadiusGivesTheBlursVariance() {
            #expect(CropStyle.blur.boxRadius(scale: 3) == 30)
            #expect(CropStyle.blur.boxRadius(scale: 2) == 20)
            #expect(CropStyle.glass.boxRadius(scale: 3) == 12)
            #expect(CropStyle.none.boxRadius(scale: 3) == 0)
        }

        /// A constant screen stays constant, to its edges (the edge is repeated, never black), and a
        /// tint gives exactly its formula.
        @Test(arguments: CropStyle.allCases)
        func aConstantScreenStaysConstant(style: CropStyle) throws {
            for format in [PNGFormat.rgb8, PNGFormat(colorType: .rgb, bitDepth: 16), PNGFormat(colorType: .grey, bitDepth: 8)] {
                let level = format.bitDepth == 16 ? 40_000 : 150
                let source = Self.raster(70, 50, format: format) { _, _, _ in level }
                let screen = StyledScreen(source, style: style, scale: 2)
                var expected = level
                if let tint = style.tint {
                    let levels = format.bitDepth == 16 ? level : level * 257
                    let mixed = (levels * (1000 - tint.opacity) + (tint.white ? 65535 : 0) * tint.opacity + 500) / 1000
                    expected = format.bitDepth == 16 ? mixed : (mixed + 128) / 257
                }
                #expect(screen.raster.format == format)
                #expect(
                    Set(
                        stride(from: 0, to: screen.raster.pixels.count, by: format.bytesPerSample).map { index in
                            format.bitDepth == 16
                                ? Int(screen.raster.pixels[index]) << 8 | Int(screen.raster.pixels[index + 1]) : Int(screen.raster.pixels[index])
                        }) == [expected], "\(style) \(format)")
            }
        }

        /// The blur treats left and right, top and bottom alike: a mirrored screen gives the mirrored
        /// result; a screen that varies only across stays so (the column passes change nothing).
        @Test func theBlurIsSymmetricAndSeparable() {
            let source = Self.raster(61, 47) { x, y, channel in (x * x * 13 + y * 31 + channel * 71) % 256 }
            let mirrored = Self.raster(61, 47) { x, y, channel in ((60 - x) * (60 - x) * 13 + (46 - y) * 31 + channel * 71) % 256 }
            let blurred = StyledScreen(source, style: .blur, scale: 1).raster
            let blurredMirror = StyledScreen(mirrored, style: .blur, scale: 1).raster
            var asymmetric = 0
            for y in 0..<47 {
                for x in 0..<61 where Self.sample(blurred, x, y, 1) != Self.sample(blurredMirror, 60 - x, 46 - y, 1) { asymmetric += 1 }
            }
            #expect(asymmetric == 0)
            let across = Self.raster(80, 30) { x, _, _ in x < 40 ? 10 : 240 }
            let result = StyledScreen(across, style: .blur, scale: 1).raster
            for x in 0..<80 {
                #expect(Set((0..<30).map { Self.sample(result, x, $0, 0) }).count == 1, "column \(x)")
            }
            // The step is softened, and a pixel beyond the blur's reach (3r = 30 px at @1x) is untouched.
            #expect(Self.sample(result, 39, 0, 0) > 10 && Self.sample(result, 39, 0, 0) < 240)
            #expect(Self.sample(result, 0, 0, 0) == 10)
        }

        /// The output formats: the depth is kept, a palette becomes RGB (RGBA with tRNS), grey below
        /// 8 bits 8-bit grey, a colour key an alpha channel; the colour chunks stay.
        @Test func theOutputFormats() {
            let chunk = RawChunk(name: "gAMA", data: [0, 0, 0xB1, 0x8F])
            var palette = PNGRaster(
                width: 4, height: 2, format: PNGFormat(colorType: .palette, bitDepth: 2), pixels: [0, 1, 2, 3, 3, 2, 1, 0],
                palette: [255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9], colorChunks: [chunk])
            #expect(StyledScreen(palette, style: .blur, scale: 1).raster.format == .rgb8)
            #expect(StyledScreen(palette, style: .blur, scale: 1).raster.colorChunks == [chunk])
            palette.transparency = .paletteAlpha([0, 128])
            let withAlpha = StyledScreen(palette, style: .light, scale: 1).raster
            #expect(withAlpha.format == .rgba8)
            let grey2 = PNGRaster(width: 3, height: 1, format: PNGFormat(colorType: .grey, bitDepth: 2), pixels: [0, 3, 3])
            #expect(StyledScreen(grey2, style: .dark, scale: 1).raster.format == PNGFormat(colorType: .grey, bitDepth: 8))
            var keyed = Self.raster(3, 1, format: PNGFormat(colorType: .rgb, bitDepth: 16)) { x, _, _ in x * 1000 }
            keyed.transparency = .rgb(red: 0, green: 0, blue: 0)
            let keyedStyled = StyledScreen(keyed, style: .blur, scale: 1).raster
            #expect(keyedStyled.format == PNGFormat(colorType: .rgba, bitDepth: 16))
            #expect(keyedStyled.transparency == nil && keyedStyled.palette.isEmpty)
        }

        /// Glass's rim: only a band along the outline changes, lighter, the same on every side; the
        /// corners outside the outline keep the blurred screen.
        @Test func theGlassRim() throws {
            let source = Self.raster(300, 200) { _, _, _ in 100 }
            let screen = StyledScreen(source, style: .glass, scale: 2)
            let rect = PixelRect(x: 50, y: 40, width: 200, height: 120)
            let crop = try screen.crop(rect, family: .medium)
            let plain = try screen.raster.cropped(to: rect)
            var changed: [(Int, Int)] = []
            for y in 0..<120 {
                for x in 0..<200 where Self.sample(crop, x, y, 0) != Self.sample(plain, x, y, 0) {
                    changed.append((x, y))
                    #expect(Self.sample(crop, x, y, 0) > Self.sample(plain, x, y, 0))
                    #expect(
                        Self.sample(crop, x, y, 0) == Self.sample(crop, 199 - x, y, 0)
                            && Self.sample(crop, x, y, 0) == Self.sample(crop, x, 119 - y, 0))
                }
            }
            // The band is 2 px (1 pt at @2x) on the straight edges: the middle of the top edge.
            #expect(Set(changed.filter { $0.0 == 100 }.map(\.1)) == [0, 1, 118, 119])
            // The corner pixel lies outside the 44 px corner: untouched.
            #expect(Self.sample(crop, 0, 0, 0) == Self.sample(plain, 0, 0, 0))
        }

        @Test func styleNamesAndFiles() {
            #expect(CropStyle.list("all") == CropStyle.allCases)
            #expect(CropStyle.list("glass,blur") == [.blur, .glass])
            #expect(CropStyle.list("blur,") == nil)
            #expect(CropStyle.list("frosted") == nil)
            #expect(CropStyle.none.fileName(slot: "small-top-left") == "small-top-left.png")
            #expect(CropStyle.dark.fileName(slot: "medium-top", inFolder: true) == "dark/medium-top-dark.png")
        }
    }
}

extension PNGCodecSuites.StyledScreenTests {
    /// A part of the screen made for one crop is the whole screen's, to the last bit, in the
    /// middle of the screen and at each of its edges and corners.
    @Test(arguments: [CropStyle.blur, .dark, .glass])
    func aPartIsTheWholeScreens(style: CropStyle) throws {
        let source = Self.raster(260, 300) { x, y, channel in (x * 37 + y * y * 11 + channel * 90 + (x * y) % 23) % 256 }
        let whole = StyledScreen(source, style: style, scale: 2)
        let rects = [
            PixelRect(x: 100, y: 120, width: 40, height: 30), PixelRect(x: 0, y: 0, width: 50, height: 60),
            PixelRect(x: 210, y: 250, width: 50, height: 50), PixelRect(x: 0, y: 140, width: 260, height: 20),
            PixelRect(x: 130, y: 0, width: 10, height: 300),
        ]
        for rect in rects {
            let part = StyledScreen(source, style: style, scale: 2, around: rect)
            #expect(part.raster.width * part.raster.height < whole.raster.width * whole.raster.height || rect.width == 260 || rect.height == 300)
            #expect(try part.crop(rect, family: .small) == whole.crop(rect, family: .small), "\(style) \(rect)")
        }
    }
}

extension PNGCodecSuites.StyledScreenTests {
    /// Styles made together, sharing their blur, are each style made alone; around a region too.
    @Test func stylesMadeTogetherAreEachMadeAlone() throws {
        let source = Self.raster(200, 220) { x, y, channel in (x * 19 + y * 7 + channel * 33 + (x ^ y) % 17) % 256 }
        let region = PixelRect(x: 60, y: 70, width: 50, height: 40)
        for around in [nil, region] {
            var made: [CropStyle] = []
            var mismatched: [CropStyle] = []
            StyledScreen.forEach(source, styles: CropStyle.allCases, scale: 2, around: around) { screen in
                made.append(screen.style)
                let alone =
                    around.map { StyledScreen(source, style: screen.style, scale: 2, around: $0) }
                    ?? StyledScreen(source, style: screen.style, scale: 2)
                if (try? screen.crop(region, family: .medium)) != (try? alone.crop(region, family: .medium)) { mismatched.append(screen.style) }
            }
            #expect(made == CropStyle.allCases)
            #expect(mismatched.isEmpty, "around \(String(describing: around))")
        }
    }
}

import Foundation
import GeometryFormat
import NativePNG
import PNGCodec
import SlotGeometry
import TestFolders
import TestSupport
import Testing
import Web

extension WebSuites {
    /// The browser core's path, natively, with libz standing in for the browser's streams.
    @Suite struct BrowserCoreTests {
        /// Opens, inflates and decodes `bytes` as the glue does; returns the handle.
        static func read(_ core: inout BrowserCore, _ name: String, _ bytes: [UInt8]) throws -> Int {
            let handle = try opened(&core, name, bytes)
            let length = try PNGContainer(reading: bytes).header.inflatedLength
            let inflated = try Zlib.inflate(core.imageData(of: handle), limit: length)
            try inflated.withUnsafeBufferPointer { (inflated) throws(BackdropError) in try core.decode(handle, inflated: inflated) }
            return handle
        }

        /// Opens `bytes` and checks its colour profile as the glue does with a crop it wrote; returns the handle.
        static func opened(_ core: inout BrowserCore, _ name: String, _ bytes: [UInt8]) throws -> Int {
            let (handle, _) = try core.open(name: name, bytes: bytes)
            if let compressed = try core.colorProfile(of: handle) {
                _ = try core.checkColorProfile(handle, inflated: try? Zlib.inflate(compressed, limit: PNGLimits.maxColorProfileSize, exact: true))
            }
            return handle
        }

        /// A light and a dark screenshot that are one picture are refused however each file stores
        /// it (8 or 16 bits, grey, RGB or a palette, interlaced or not: every encoding against
        /// every other); a picture one level apart, and one of another size, get their own words.
        @Test(arguments: SamePicture.encodings) func aLightAndDarkPairOfOnePictureIsRefused(_ encoding: SamePicture.Encoding) throws {
            let size = PixelSize(width: 61, height: 131)
            let levels: [UInt8] = (0..<(size.width * size.height)).map { (index: Int) -> UInt8 in
                let mixed: Int = index * 97 + index / 61
                return UInt8(mixed % 256)
            }
            func png(_ encoding: SamePicture.Encoding, _ levels: [UInt8], _ size: PixelSize) -> [UInt8] {
                SamePicture.png(levels, width: size.width, height: size.height, encoding)
            }
            var core = BrowserCore()
            let dark = try Self.read(&core, "dark.png", png(encoding, levels, size))
            for light in SamePicture.encodings {
                let handle = try Self.read(&core, "light.png", png(light, levels, size))
                #expect(
                    try core.lightAndDark(light: handle, dark: dark)
                        == "the light and dark screenshots are the same picture (every pixel the same at 8 bits, however each file stores it)",
                    "\(light) and \(encoding)")
                core.close(handle)
            }
            var apart = levels
            apart[levels.count / 2] = levels[levels.count / 2] == 255 ? 254 : levels[levels.count / 2] + 1
            let other = try Self.read(&core, "light.png", png(encoding, apart, size))
            #expect(try core.lightAndDark(light: other, dark: dark) == nil)
            let turned = PixelSize(width: size.height, height: size.width)
            let wide = try Self.read(&core, "light.png", png(encoding, levels, turned))
            #expect(try core.lightAndDark(light: wide, dark: dark) == "the light screenshot is 131x61 but the dark one is 61x131")
        }

        @Test func cropsTheBundledScreenshotAsBackdropCropDoes() throws {
            var core = BrowserCore()
            try core.setCatalog(GeometryData.text)
            let path = GeometryData.root + "/content/calibration/iphone-se-2nd-gen-ios18-large-icons-widgets-light.png"
            let bytes = try PNGRaster.readBytes(path)
            let shot = try Self.read(&core, "light.png", bytes)
            let plan = try core.plan(shot, layout: "iphone-se-2nd-gen/ios18-large-icons")
            guard case .array(let crops) = plan["crops"] else { throw BackdropError(file: nil, reason: "no crops") }
            #expect(crops.count == 11)
            let libpng = try PNGRaster(decoding: bytes)
            let layout = try #require(core.catalog?.layout("iphone-se-2nd-gen/ios18-large-icons"))
            for (index, slot) in layout.slots.enumerated() {
                let rows = try core.cropRows(shot, slot: index)
                let file = try core.assemble(shot, slot: index, compressed: Zlib.deflate(rows))
                let crop = try Self.opened(&core, "\(slot.id).png", file)
                try core.verify(shot, slot: index, crop: crop, filteredRows: rows)
                #expect(try PNGRaster(decoding: file).differences(from: libpng.cropped(to: slot.rect)).isEmpty)
                core.close(crop)
            }
        }

        /// The bundled SE (2nd generation) calibration sample, read and planned at its layout.
        static func plannedSample(_ core: inout BrowserCore) throws -> Int {
            try core.setCatalog(GeometryData.text)
            let bytes = try PNGRaster.readBytes(GeometryData.root + "/content/calibration/iphone-se-2nd-gen-ios18-large-icons-widgets-light.png")
            let shot = try read(&core, "light.png", bytes)
            _ = try core.plan(shot, layout: "iphone-se-2nd-gen/ios18-large-icons")
            return shot
        }

        @Test func aCropThatDiffersIsRefusedNamingWhatDiffers() throws {
            var core = BrowserCore()
            let shot = try Self.plannedSample(&core)
            let rows = try core.cropRows(shot, slot: 1)
            let other = try core.assemble(shot, slot: 1, compressed: Zlib.deflate(rows))
            let crop = try Self.opened(&core, "small-top-left.png", other)
            do {
                try core.verify(shot, slot: 0, crop: crop, filteredRows: rows)
                Issue.record("no error")
            } catch {
                #expect(error.message.hasPrefix("small-top-left.png: decoded again, the crop differs from the screenshot region"))
                // The command line's words: one error type, one list of differences.
                #expect(error.message.hasSuffix("in the pixels: 1976 differ, the first at (0, 0)"))
            }
        }

        /// A crop whose image data is not the deflated rows it is checked against (a deflater that
        /// lost or changed bytes, or another crop's data) is refused before it is decoded.
        @Test func aCropWhoseStreamIsNotItsRowsIsRefused() throws {
            var core = BrowserCore()
            let shot = try Self.plannedSample(&core)
            let rows = try core.cropRows(shot, slot: 0)
            var changed = rows
            changed[changed.count / 2] &+= 1
            var truncated = try Zlib.deflate(rows)
            truncated.removeLast()
            for compressed in [try Zlib.deflate(changed), truncated, Array(try Zlib.deflate(rows).dropFirst(2))] {
                let crop = try Self.opened(&core, "small-top-left.png", core.assemble(shot, slot: 0, compressed: compressed))
                do {
                    try core.verify(shot, slot: 0, crop: crop, filteredRows: rows)
                    Issue.record("no error")
                } catch {
                    #expect(error.message == "small-top-left.png: the crop's image data is not the zlib stream of its rows")
                }
                core.close(crop)
            }
        }

        @Test func aScreenshotOfAnotherLayoutsSizeGetsTheCommandLineWords() throws {
            var core = BrowserCore()
            try core.setCatalog(GeometryData.text)
            let bytes = try PNGRaster.readBytes(GeometryData.root + "/content/calibration/iphone-se-2nd-gen-ios18-large-icons-widgets-light.png")
            let shot = try Self.read(&core, "light.png", bytes)
            do {
                _ = try core.plan(shot, layout: "iphone-12-mini/ios18")
                Issue.record("no error")
            } catch {
                #expect(
                    error.message
                        == "light.png: is 750x1334 pixels, but iphone-12-mini ios18 screenshots are 1125x2436; 750x1334 screenshots come from iphone-se-2nd-gen (ios14, ios18, ios18-large-icons, ios26)"
                )
            }
        }

        /// A size is called landscape only when turned upright it is a phone's; a wide size no
        /// phone has in either orientation is not blamed on the orientation.
        @Test func thePlanBlamesTheOrientationOnlyWhenTurningTheSizeFitsAPhone() throws {
            var core = BrowserCore()
            try core.setCatalog(GeometryData.text)
            let cases = [
                (PixelSize(width: 1334, height: 750), "the screenshot is in landscape", "turned upright it is 750x1334"),
                (PixelSize(width: 1400, height: 700), "in either orientation", nil),
                (PixelSize(width: 700, height: 1400), "in either orientation", nil),
            ]
            for (size, words, upright) in cases {
                let image = PNGRaster(
                    width: size.width, height: size.height, format: .rgb8, pixels: [UInt8](repeating: 60, count: size.width * size.height * 3))
                let shot = try Self.read(&core, "shot.png", try image.encoded())
                do {
                    _ = try core.plan(shot, layout: "iphone-12-mini/ios18")
                    Issue.record("no error for \(size)")
                } catch {
                    #expect(error.message.contains(words), "\(size): \(error.message)")
                    if let upright {
                        #expect(error.message.contains(upright), "\(error.message)")
                    } else {
                        #expect(!error.message.contains("landscape"), "\(size): \(error.message)")
                    }
                }
                core.close(shot)
            }
        }

        @Test func layoutChoicesOfASizeAndTheWordsForASizeNoLayoutHas() throws {
            let catalog = try GeometryCatalog(json: GeometryData.text)
            let choice = LayoutMenu.choices(PixelSize(width: 1206, height: 2622), in: catalog)
            guard case .array(let layouts) = choice["layouts"] else { throw BackdropError(file: nil, reason: "no layouts") }
            #expect(
                layouts.compactMap { if case .string(let value) = $0["value"] { value } else { nil } } == [
                    "iphone-16-pro/ios18", "iphone-16-pro/ios18-large-icons", "iphone-16-pro/ios26",
                    // iOS 26 with large icons: a choice of its own, whose positions nobody knows.
                    "iphone-16-pro/ios26-large-icons",
                ])
            // The newest iOS these phones run is the default, whatever is known of it.
            #expect(layouts.filter { $0["isDefault"] == .bool(true) }.map { $0["value"] } == [.string("iphone-16-pro/ios26")])
            #expect(
                layouts.map { $0["positions"] } == [
                    .string("from published tables"), .string("from published tables"), .string("measured on screenshots"),
                    .string("unknown: measure your own"),
                ])
            #expect(layouts.last?["hasPositions"] == .bool(false) && layouts.last?["isDefault"] == .bool(false))
            // How the positions are known, for the page's words of what a person will see.
            #expect(layouts.map { $0["positionsKind"] } == [.string("published"), .string("published"), .string("measured"), .null])
            #expect(layouts.last?["origin"] == .null)
            // Two phones of one screenshot size with different grids: the page says how far apart
            // their widgets sit, from each layout's top-left slot corner.
            let mini = LayoutMenu.choices(PixelSize(width: 1125, height: 2436), in: catalog)
            guard case .array(let miniLayouts) = mini["layouts"] else { throw BackdropError(file: nil, reason: "no layouts") }
            let origins = Dictionary(
                miniLayouts.compactMap { layout -> (String, JSONValue)? in
                    guard case .string(let value) = layout["value"], let origin = layout["origin"] else { return nil }
                    return (value, origin)
                }, uniquingKeysWith: { first, _ in first })
            #expect(origins["iphone-12-mini/ios14"] == .object([("x", .number(69)), ("y", .number(231))]))
            #expect(origins["iphone-x/ios14"] == .object([("x", .number(69)), ("y", .number(213))]), "18 px higher than the 12 mini's")
            // A derived layout says so with its error; the default of a size shared by iOS 14–17
            // and iOS 26 is iOS 26's.
            let plus = LayoutMenu.choices(PixelSize(width: 1290, height: 2796), in: catalog)
            guard case .array(let plusLayouts) = plus["layouts"] else { throw BackdropError(file: nil, reason: "no layouts") }
            let chosen = try #require(plusLayouts.first { $0["isDefault"] == .bool(true) })
            #expect(chosen["value"] == .string("iphone-14-pro-max/ios26"))
            #expect(
                chosen["positions"] == .string("derived, may be up to 8 px off (estimated from 4 phones)") && chosen["hasPositions"] == .bool(true))
            #expect(
                chosen["label"]
                    == .string(
                        "iPhone 14 Pro Max, 15 Plus, 15 Pro Max, 16 Plus — iOS 26–27, small icons · positions estimated: may be up to 8 px off"))
            // How sure, in what the person will see: a seam, not "±".
            #expect(chosen["positionsKind"] == .string("derived") && chosen["sure"] == .string("positions estimated: may be up to 8 px off"))
            #expect(
                chosen["whatYouSee"]
                    == .string(
                        "Estimated by a model of the grid fitted on 4 measured phones, not measured on a phone like yours: "
                            + "your widget may sit up to 8 px off, and a thin seam would show at its edge."))
            #expect(choice["problem"] == .null)
            let none = LayoutMenu.choices(PixelSize(width: 1000, height: 2000), in: catalog)
            #expect(
                none["problem"]
                    == .string(
                        "is 1000x2000 pixels; no device in the catalog has 1000x2000 screenshots, in either orientation: was the screenshot resized, cropped or sent through a messaging app?"
                    ))
            let landscape = LayoutMenu.choices(PixelSize(width: 2622, height: 1206), in: catalog)
            #expect(
                landscape["problem"]
                    == .string(
                        "is 2622x1206 pixels; the screenshot is in landscape: home-screen screenshots are portrait; turned upright it is 1206x2622, the size of iphone-16-pro screenshots"
                    ))
        }

        @Test(arguments: [
            (
                [0xFF, 0xD8, 0xFF, 0xE0] as [UInt8],
                "shot.jpg: not a PNG file: it looks like a JPEG image; an iPhone saves its screenshots as PNG files, so this is a copy (a messaging app, "
                    + "mail or an export makes one) whose pixels differ from the screenshot's even at its size: take the screenshot again on the phone, "
                    + "or move the original in a way that keeps the file as it is: AirDrop, or Save to Files in the share sheet, not a messaging app or mail"
            ),
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0], "shot.jpg: truncated: the file ends before the image is complete"),
        ])
        func badFilesGetTheCommandLineWords(_ bytes: [UInt8], _ message: String) throws {
            var core = BrowserCore()
            do {
                _ = try core.open(name: "shot.jpg", bytes: bytes)
                Issue.record("no error")
            } catch {
                #expect(error.message == message)
                #expect(error.message == Self.cliMessage(bytes, name: "shot.jpg"))
            }
        }

        static func cliMessage(_ bytes: [UInt8], name: String) -> String {
            do {
                _ = try PNGRaster(decoding: bytes)
                return ""
            } catch {
                return error.naming(name).description
            }
        }

        /// Runs Python's `script` on `file`: its exit status and what it printed.
        static func python(_ script: String, _ file: URL) throws -> (status: Int32, output: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", script, file.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, output)
        }

        @Test func theZipHoldsEveryEntryAsPythonsZipfileReadsIt() throws {
            let entries = [ZipArchive.Entry(name: "small-top-left.png", bytes: Array(0..<200)), ZipArchive.Entry(name: "é.png", bytes: [])]
            try withTemporaryFolder("zip") { folder in
                let file = folder.appendingPathComponent("crops.zip")
                try Data(ZipArchive.archive(entries)).write(to: file)
                let (status, output) = try Self.python(
                    "import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None; print(';'.join(f'{i.filename}:{len(z.read(i))}' for i in z.infolist()))",
                    file)
                #expect(status == 0)
                #expect(output == "small-top-left.png:200;é.png:0\n")
            }
        }

        @Test func theZipDatesEveryEntryAsPythonsZipfileReadsIt() throws {
            try withTemporaryFolder("zip") { folder in
                let file = folder.appendingPathComponent("dated.zip")
                let modified = ZipArchive.Timestamp(year: 2026, month: 11, day: 25, hour: 14, minute: 7, second: 31)
                try Data(
                    ZipArchive.archive(
                        [ZipArchive.Entry(name: "a.png", bytes: [1]), ZipArchive.Entry(name: "README.txt", bytes: [2])], modified: modified)
                )
                .write(to: file)
                let (_, output) = try Self.python(
                    "import zipfile,sys; print(';'.join(str(i.date_time) for i in zipfile.ZipFile(sys.argv[1]).infolist()))", file)
                // Seconds are stored halved: 31 s reads back as 30 s.
                #expect(output == "(2026, 11, 25, 14, 7, 30);(2026, 11, 25, 14, 7, 30)\n")
            }
        }
    }
}

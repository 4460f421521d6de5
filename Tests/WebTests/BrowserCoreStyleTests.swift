import Foundation
import NativePNG
import PNGCodec
import SlotGeometry
import TestFolders
import TestSupport
import Testing
import Web

extension WebSuites {
    /// The browser core's crops in every style are the command line's: the same samples, format
    /// and colour chunks as the files `CropEncoder` writes from the same `StyledScreen`.
    @Suite struct BrowserCoreStyleTests {
        @Test(arguments: CropStyle.allCases)
        func theCoresStyledCropsAreTheCommandLines(style: CropStyle) throws {
            var core = BrowserCore()
            try core.setCatalog(GeometryData.text)
            let bytes = try PNGRaster.readBytes(GeometryData.root + "/content/calibration/iphone-se-2nd-gen-ios18-large-icons-widgets-light.png")
            let shot = try BrowserCoreTests.read(&core, "light.png", bytes)
            let key = "iphone-se-2nd-gen/ios18-large-icons"
            let plan = try core.plan(shot, layout: key, style: style.rawValue)
            let layout = try #require(core.catalog?.layout(key))
            guard case .array(let planned) = plan["crops"] else { throw BackdropError(file: nil, reason: "no crops") }
            let screen = StyledScreen(try PNGRaster(decoding: bytes), style: style, scale: layout.scale)
            try withTemporaryFolder("styled-crops") { folder in
                let jobs = layout.slots.map {
                    CropEncoder.Job(rect: $0.rect, family: $0.id.family, path: folder.appendingPathComponent("\($0.id).png").path)
                }
                let written = CropEncoder.write(screen, jobs: jobs)
                for (index, slot) in layout.slots.enumerated() {
                    #expect(planned[index]["file"] == .string(style.fileName(slot: slot.id.rawValue)))
                    let rows = try core.cropRows(shot, slot: index)
                    let file = try core.assemble(shot, slot: index, compressed: Zlib.deflate(rows))
                    let crop = try BrowserCoreTests.opened(&core, "\(slot.id).png", file)
                    try core.verify(shot, slot: index, crop: crop, filteredRows: rows)
                    core.close(crop)
                    let ours = try PNGRaster(decoding: file)
                    let theirs = try PNGRaster(decoding: try written[index].get())
                    #expect(ours.differences(from: theirs).isEmpty, "\(style) \(slot.id)")
                    #expect(ours.format == theirs.format && ours.colorChunks == theirs.colorChunks)
                }
            }
        }

        /// A plan in another style replaces the screen; measuring or checking widgets afterwards
        /// crops unstyled.
        @Test func aStyleIsTheLastPlansOnly() throws {
            var core = BrowserCore()
            try core.setCatalog(GeometryData.text)
            let bytes = try PNGRaster.readBytes(GeometryData.root + "/content/calibration/iphone-se-2nd-gen-ios18-large-icons-widgets-light.png")
            let shot = try BrowserCoreTests.read(&core, "light.png", bytes)
            let key = "iphone-se-2nd-gen/ios18-large-icons"
            _ = try core.plan(shot, layout: key, style: "dark")
            let dark = try core.cropRows(shot, slot: 0)
            _ = try core.plan(shot, layout: key, style: "none")
            let plain = try core.cropRows(shot, slot: 0)
            #expect(dark != plain)
            let rect = try #require(core.catalog?.layout(key)).slots[0].rect
            #expect(plain == (try PNGRaster(decoding: bytes).filteredRows(rect)))
            #expect(throws: BackdropError.self) { try core.plan(shot, layout: key, style: "frosted") }
        }
    }
}

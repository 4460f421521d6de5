import Catalog
import Foundation
import NativePNG
import SampleScreens
import SlotGeometry
import TestFolders
import Testing

let content = packageRoot.appendingPathComponent("content").path

@Suite struct SampleHomeScreenTests {
    let catalog = Catalog.load(content: content)

    @Test func regeneratesACommittedScreenshotByteForByte() throws {
        let document = try #require(catalog.device("iphone-se-1st-gen"))
        let reference = try #require(document.screenshotSets.first?.files[.light])
        let sample = SampleHomeScreen(screen: document.profile.screen, appearance: .light, seed: SampleHomeScreen.seed(for: document.id))
        let rendered = try sample.render().encoded(settings: SampleHomeScreen.encodeSettings)
        let committed = try PNGRaster.readBytes(reference.path)
        #expect(rendered == committed, "regenerate with `backdrop samples` and commit the result")
    }

    @Test func theChromeStaysClearOfEverySlotOfEveryLayout() {
        for document in catalog.devices {
            for set in document.screenshotSets {
                for (appearance, _) in set.ordered {
                    let sample = SampleHomeScreen(screen: set.screen, appearance: appearance, seed: 1)
                    for layout in document.layouts where set.layouts.contains(layout.kind) {
                        for slot in layout.slots {
                            let overlapping = sample.chromeRects.filter { $0.intersects(slot.rect) }
                            #expect(overlapping.isEmpty, "\(document.id) \(layout.kind) \(slot.id): \(overlapping)")
                        }
                    }
                }
            }
        }
    }

    @Test func everyDeviceHasLightAndDarkScreenshotsUnder20MBInAll() throws {
        var total = 0
        for document in catalog.devices {
            for set in document.screenshotSets {
                #expect(set.files.count == 2, "\(document.id) \(set.displayZoom?.rawValue ?? "own screen")")
                for (_, file) in set.ordered {
                    let bytes = try PNGRaster.readBytes(file.path)
                    total += bytes.count
                    let header = try PNGRaster.header(of: bytes)
                    #expect(header.size == set.screen.pixels, "\(file.path)")
                    #expect(header.colorChunks.contains { $0.name == "sRGB" }, "\(file.path) carries an sRGB chunk")
                }
            }
        }
        #expect(total < 20_000_000, "\(total) bytes")
    }

    @Test func renderingIsDeterministicAndDarkIsDimmer() {
        let screen = Screen(width: 100, height: 220, scale: 2)
        let light = SampleHomeScreen(screen: screen, appearance: .light, seed: 7).render()
        let again = SampleHomeScreen(screen: screen, appearance: .light, seed: 7).render()
        let dark = SampleHomeScreen(screen: screen, appearance: .dark, seed: 7).render()
        let other = SampleHomeScreen(screen: screen, appearance: .light, seed: 8).render()
        #expect(light.pixels == again.pixels)
        #expect(light.pixels != other.pixels, "each device gets its own wallpaper")
        func mean(_ image: PNGRaster) -> Double { Double(image.pixels.reduce(0) { $0 + Int($1) }) / Double(image.pixels.count) }
        #expect(mean(dark) < mean(light) * 0.75)
    }

    @Test func widgetsAreSolidDarkWithRoundedAntiAliasedCorners() throws {
        let screen = Screen(width: 200, height: 440, scale: 2)
        let widget = PixelRect(x: 40, y: 120, width: 140, height: 140)
        let image = SampleHomeScreen(screen: screen, appearance: .light, seed: 3, widgets: [widget], widgetEdgeInset: 0.5).render()
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[((y * image.width + x) * 3)..<((y * image.width + x) * 3 + 3)]) }
        #expect(pixel(110, 190) == [28, 28, 30], "the inside is solid")
        #expect(pixel(110, 121) == [28, 28, 30])
        let edge = pixel(110, 120)
        #expect(edge != [28, 28, 30] && edge != pixel(110, 118), "a half-covered edge pixel is a mix: \(edge)")
        #expect(pixel(40, 120) == pixel(39, 119) || pixel(40, 120) != [28, 28, 30], "the corner pixel is wallpaper")
        #expect(pixel(41, 121) != [28, 28, 30], "the continuous corner curves in well before the corner")
    }
}

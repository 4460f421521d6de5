import Catalog
import Foundation
import SlotGeometry
import Testing

/// iOS 27's extra-large portrait widget on every iPhone screen, in pixels, as FrameUp measured it
/// (ryanlintott/FrameUp at 07e6f2a, Measurements/README.md).
@Suite struct ExtraLargePortraitDataTests {
    static let frameUp: [String: PixelSize] = [
        "iphone-16-pro-max": PixelSize(width: 1134, height: 1834), "iphone-14-pro-max": PixelSize(width: 1116, height: 1804),
        "iphone-12-pro-max": PixelSize(width: 1115, height: 1799), "iphone-air": PixelSize(width: 1100, height: 1774),
        "iphone-11-pro-max": PixelSize(width: 1088, height: 1754), "iphone-11": PixelSize(width: 712, height: 1153),
        "iphone-16-pro": PixelSize(width: 1049, height: 1697), "iphone-14-pro": PixelSize(width: 1034, height: 1672),
        "iphone-12": PixelSize(width: 1026, height: 1662), "iphone-x": PixelSize(width: 1001, height: 1617),
        "iphone-12-mini": PixelSize(width: 1001, height: 1617), "iphone-se-2nd-gen": PixelSize(width: 638, height: 980),
    ]

    @Test func everyIOS26LayoutCarriesFrameUpsSize() throws {
        let catalog = Catalog.load(content: bundledContent)
        let withIOS26 = catalog.devices.filter { $0.layout(.ios26) != nil }.map(\.id)
        #expect(Set(withIOS26) == Set(Self.frameUp.keys))
        for (id, size) in Self.frameUp {
            let layout = try #require(catalog.device(id)?.layout(.ios26))
            #expect(layout[.extraLargePortraitWidth] == size.width && layout[.extraLargePortraitHeight] == size.height, "\(id)")
            #expect(layout.values[.extraLargePortraitHeight]?.isStated == true, "\(id): stated, not only derived")
        }
    }
}

import Catalog
import SlotGeometry
import Testing

@Suite struct ScreenshotMatchTests {
    let catalog = Catalog.load(content: bundledContent)

    func mismatch(_ width: Int, _ height: Int, device: String, layout: LayoutKind) throws -> String? {
        let document = try #require(catalog.device(device))
        let spec = try #require(document.profile.layouts.first { $0.kind == layout })
        return catalog.sizeMismatch(PixelSize(width: width, height: height), device: document, layout: spec)
    }

    @Test func theRightSizeFits() throws {
        #expect(try mismatch(1206, 2622, device: "iphone-16-pro", layout: .ios18) == nil)
    }

    @Test func namesTheDevicesThatHaveTheSize() throws {
        let message = try #require(try mismatch(1125, 2436, device: "iphone-16-pro", layout: .ios18))
        #expect(
            message
                == "is 1125x2436 pixels, but iphone-16-pro ios18 screenshots are 1206x2622; 1125x2436 screenshots come from iphone-12-mini (ios14, ios18, ios26), iphone-x (ios14, ios26)"
        )
    }

    @Test func pointsAtDisplayZoomOnTheSameDevice() throws {
        let zoomed = try #require(try mismatch(960, 2079, device: "iphone-12-mini", layout: .ios18))
        #expect(zoomed.contains("960x2079 is iphone-12-mini with Display Zoom on: use --layout ios18-zoom"))
        let standard = try #require(try mismatch(1125, 2436, device: "iphone-12-mini", layout: .ios18Zoom))
        #expect(standard.contains("1125x2436 is iphone-12-mini without Display Zoom: use --layout ios14"))
    }

    @Test func mentionsDisplayZoomForOtherDevicesZoomedSizes() throws {
        let message = try #require(try mismatch(750, 1624, device: "iphone-14-pro", layout: .ios18))
        #expect(message.hasSuffix("750x1624 screenshots come from iphone-11 (ios14-zoom), some with Display Zoom on"))
    }

    @Test func unknownSizesAndLandscape() throws {
        #expect(
            try mismatch(1000, 2000, device: "iphone-12", layout: .ios18)?.hasSuffix(
                "was the screenshot resized, cropped or sent through a messaging app?") == true)
        #expect(
            try mismatch(2622, 1206, device: "iphone-16-pro", layout: .ios18)?.hasSuffix(
                "home-screen screenshots are portrait; turned upright it is 1206x2622, the size of iphone-16-pro screenshots") == true)
    }

    @Test func layoutsMatchingASize() {
        let matches = catalog.layouts(matching: PixelSize(width: 1206, height: 2622))
        #expect(matches.map(\.layout) == [.ios18, .ios18LargeIcons, .ios26])
        #expect(Set(matches.map(\.device)) == ["iphone-16-pro"])
    }
}

import Testing
import WidgetGeometry

/// The typed layout choice: positions known, sizes only, ambiguous, unknown; the model identifier
/// settles devices that share a screen.
@Suite struct LayoutChoiceTests {
    typealias W = WidgetGeometry

    static func choose(
        _ screen: W.Screen, iOS major: Int, iconSize: W.IconSize = .small, displayZoom: Bool = false, identifier: String? = nil
    ) -> W.LayoutChoice {
        W.chooseLayout(
            pointWidth: Double(screen.width), pointHeight: Double(screen.height), scale: Double(screen.scale),
            iOS: W.OSVersion(major: major, minor: 0), iconSize: iconSize, displayZoom: displayZoom, modelIdentifier: identifier)
    }

    /// Every layout of every device is what the choice gives for its own facts, told by the
    /// device's model identifier, as positions when every slot is known and as sizes only otherwise.
    @Test(arguments: W.devices.map(\.id))
    func everyLayoutOfEveryDeviceIsChosenForItsFacts(_ id: String) throws {
        let device = try #require(W.device(id))
        let identifier = try #require(device.identifiers.first, "\(id) lists its model identifiers")
        for layout in device.layouts {
            for major in [layout.id.iosMajorVersions.lowerBound, layout.id.iosMajorVersions.upperBound] {
                let choice = Self.choose(
                    layout.screen, iOS: major, iconSize: layout.id.iconSize ?? .small, displayZoom: layout.id.isDisplayZoom,
                    identifier: identifier)
                let expected: W.LayoutChoice = layout.hasAllPositions ? .positions(layout) : .sizesOnly(layout)
                #expect(choice == expected, "\(id) \(layout.id.rawValue) on iOS \(major): \(choice)")
            }
        }
    }

    @Test func everyIOS26LayoutHasItsPositionsWithTheirErrors() throws {
        for device in W.devices {
            guard let layout = device.layout(.ios26) else { continue }
            let choice = Self.choose(device.screen, iOS: 26, identifier: device.identifiers[0])
            let chosen = try #require(choice.layout, "\(device.id): \(choice)")
            #expect(chosen.slots.count == 12 && chosen.familySizes.count == 4)
            // Derived positions carry the model's error; measured ones carry none.
            for slot in chosen.slots {
                #expect((slot.source == .derived) == (slot.errorPixels != nil), "\(device.id) \(slot.id)")
            }
            _ = layout
        }
        let air = try #require(W.layout(device: "iphone-air", layout: .ios26))
        #expect(air.errorPixels == 43 && air.errorPhones == 4 && air.slots.allSatisfy { $0.source == .derived })
        // Measured on captures; the large size is WidgetKit's published frame.
        let seventeen = try #require(W.layout(device: "iphone-16-pro", layout: .ios26))
        #expect(seventeen.errorPixels == nil && seventeen.weakestSource == .published)
        #expect(seventeen.slots.filter { $0.family == .medium }.allSatisfy { $0.source == .measured })
        #expect(seventeen.slot(.smallTopLeft)?.pixels == W.PixelRect(x: 79, y: 270, width: 493, height: 493))
    }

    /// iOS 26 with large icons has no known layout on any screen: the choice says so and sends the
    /// app to measuring, instead of handing it iOS 26's small-icon or iOS 18's large-icon grid.
    @Test func iOS26WithLargeIconsIsUnknownAndLeadsToMeasuring() throws {
        for device in W.devices where device.layout(.ios26) != nil {
            let choice = Self.choose(device.screen, iOS: 26, iconSize: .large, identifier: device.identifiers[0])
            guard case .unknown(.noLayout) = choice else {
                Issue.record("\(device.id): \(choice)")
                continue
            }
            #expect(choice.description.contains("no layout known for"), "\(choice)")
            #expect(choice.description.contains("measure the page from two screenshots"), "\(choice)")
        }
        #expect(W.LayoutID.ios26LargeIcons.iconSize == .large && W.LayoutID.ios26LargeIcons.iosMajorVersions == 26...27)
    }

    @Test func theModelIdentifierSettlesAScreenTwoDevicesShare() throws {
        let screen = W.Screen(width: 375, height: 812, scale: 3)
        guard case .ambiguous(let candidates) = Self.choose(screen, iOS: 26) else {
            Issue.record("375×812 @3x without an identifier should be ambiguous")
            return
        }
        #expect(Set(candidates.map(\.device.id)) == ["iphone-x", "iphone-12-mini"])
        #expect(Self.choose(screen, iOS: 26, identifier: "iPhone12,3").layout?.device == "iphone-x")  // iPhone 11 Pro
        #expect(Self.choose(screen, iOS: 26, identifier: "iPhone13,1").layout?.device == "iphone-12-mini")
        #expect(Self.choose(screen, iOS: 26, identifier: "iPhone14,4").layout?.device == "iphone-12-mini")  // 13 mini
        // The two devices' iOS 26 layouts differ: the identifier matters.
        #expect(
            W.layout(device: "iphone-x", layout: .ios26)?.slot(.smallTopLeft)?.pixels
                != W.layout(device: "iphone-12-mini", layout: .ios26)?.slot(.smallTopLeft)?.pixels)
    }

    @Test func anIdentifierTheCatalogDoesNotKnowIsIgnored() {
        let screen = W.Screen(width: 375, height: 812, scale: 3)
        #expect(Self.choose(screen, iOS: 26, identifier: "iPhone99,9") == Self.choose(screen, iOS: 26))
        #expect(W.device(modelIdentifier: "iPhone99,9") == nil)
        #expect(W.device(modelIdentifier: "iPhone18,4")?.id == "iphone-air")
    }

    @Test func anIdentifierOfAnotherScreenIsReportedNotTrusted() {
        let screen = W.Screen(width: 375, height: 812, scale: 3)
        let choice = Self.choose(screen, iOS: 26, identifier: "iPhone18,4")
        guard case .unknown(.identifierDisagrees(let identifier, let device, let reported, displayZoom: false)) = choice else {
            Issue.record("expected the identifier and the screen to disagree: \(choice)")
            return
        }
        #expect(identifier == "iPhone18,4" && device.id == "iphone-air" && reported == screen)
        #expect(choice.description.hasPrefix("iPhone18,4 is the iPhone Air, whose screen is 420×912 pt @3x, but the phone reports 375×812 pt @3x"))
    }

    @Test func aLayoutWithSizesOnlyIsNeverHandedOutAsUsable() throws {
        // A device the catalog knows only the widget sizes of, as the iPhone Air was before the
        // iOS 26 grid model: the choice says so, and `layout` gives nothing to crop with.
        let screen = W.Screen(width: 420, height: 912, scale: 3)
        let sizes = [W.FamilySize(family: .small, width: 518, height: 518), W.FamilySize(family: .medium, width: 1100, height: 518)]
        let layout = W.Layout(
            device: "phone", deviceName: "Phone", id: .ios26, iosVersions: nil, screen: screen, familySizes: sizes, slots: [],
            unknownSlots: [.smallTopLeft, .mediumTop], unavailableSlots: [])
        let device = W.Device(id: "phone", name: "Phone", models: ["Phone"], identifiers: ["iPhone90,1"], screen: screen, layouts: [layout])
        let choice = W.choose(
            among: [device], pointWidth: 420, pointHeight: 912, scale: 3, iOS: W.OSVersion(major: 26, minor: 1), iconSize: .small,
            displayZoom: false, modelIdentifier: nil)
        #expect(choice == .sizesOnly(layout))
        #expect(choice.layout == nil)
        #expect(choice.description == "Phone, iOS 26–27: only the widget sizes are known; measure the page from two screenshots to crop it")
    }

    @Test func unknownScreensAndVersionsSayWhy() {
        #expect(
            Self.choose(W.Screen(width: 400, height: 900, scale: 3), iOS: 26)
                == .unknown(.unknownScreen(W.Screen(width: 400, height: 900, scale: 3), displayZoom: false)))
        #expect(Self.choose(W.Screen(width: 402, height: 874, scale: 3), iOS: 13) == .unknown(.noWidgets(W.OSVersion(major: 13, minor: 0))))
        guard case .unknown(.noLayout) = Self.choose(W.Screen(width: 402, height: 874, scale: 3), iOS: 26, iconSize: .large) else {
            Issue.record("iOS 26 with large icons has no known layout")
            return
        }
    }
}

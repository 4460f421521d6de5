import Testing
import WidgetApp
import WidgetGeometry

/// The layout the library chooses for the phone in the user's hand, case by case: device (by the
/// screen it reports), iOS version, icon size, Display Zoom. The expectations are read off the
/// device profiles in content/devices, not computed.
@Suite struct LayoutChoiceTableTests {
    enum Expected: Sendable, CustomStringConvertible {
        case layout(String, WidgetGeometry.LayoutID)
        /// Every device the screen may be, with the layout it would have (nil: none known).
        case ambiguous([String: WidgetGeometry.LayoutID?])
        case noLayout
        case unknownScreen
        case noWidgets

        var description: String {
            switch self {
            case .layout(let device, let layout): "\(device) \(layout.rawValue)"
            case .ambiguous(let devices): "ambiguous \(devices.keys.sorted())"
            case .noLayout: "no layout"
            case .unknownScreen: "unknown screen"
            case .noWidgets: "no widgets"
            }
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var phone: String
        var width: Double, height: Double, scale: Double
        var iOS: WidgetGeometry.OSVersion
        var icons: WidgetGeometry.IconSize = .small
        var zoom = false
        var expected: Expected

        var testDescription: String { "\(phone) \(iOS) \(icons) icons zoom \(zoom ? "on" : "off") → \(expected)" }
    }

    static let cases: [Case] = [
        // iPhone 16 Pro: 402×874 pt @3x.
        Case(phone: "16 Pro", width: 402, height: 874, scale: 3, iOS: .init(major: 18, minor: 0), expected: .layout("iphone-16-pro", .ios18)),
        Case(
            phone: "16 Pro", width: 402, height: 874, scale: 3, iOS: .init(major: 18, minor: 4), icons: .large,
            expected: .layout("iphone-16-pro", .ios18LargeIcons)),
        Case(
            phone: "16 Pro landscape", width: 874, height: 402, scale: 3, iOS: .init(major: 18, minor: 1), expected: .layout("iphone-16-pro", .ios18)),
        Case(phone: "16 Pro", width: 402, height: 874, scale: 3, iOS: .init(major: 26, minor: 1), expected: .layout("iphone-16-pro", .ios26)),
        Case(phone: "16 Pro", width: 402, height: 874, scale: 3, iOS: .init(major: 27, minor: 0), expected: .layout("iphone-16-pro", .ios26)),
        Case(
            phone: "16 Pro, large icons on 26", width: 402, height: 874, scale: 3, iOS: .init(major: 26, minor: 0), icons: .large, expected: .noLayout
        ),
        Case(phone: "16 Pro", width: 402, height: 874, scale: 3, iOS: .init(major: 17, minor: 5), expected: .noLayout),
        Case(phone: "16 Pro", width: 402, height: 874, scale: 3, iOS: .init(major: 28, minor: 0), expected: .noLayout),
        // iPhone SE (2nd and 3rd generation), 8: 375×667 pt @2x.
        Case(phone: "SE 2", width: 375, height: 667, scale: 2, iOS: .init(major: 14, minor: 2), expected: .layout("iphone-se-2nd-gen", .ios14)),
        Case(phone: "SE 2", width: 375, height: 667, scale: 2, iOS: .init(major: 17, minor: 0), expected: .layout("iphone-se-2nd-gen", .ios14)),
        Case(
            phone: "SE 2", width: 375, height: 667, scale: 2, iOS: .init(major: 18, minor: 0), icons: .large,
            expected: .layout("iphone-se-2nd-gen", .ios18LargeIcons)),
        // 1125×2436: the X, XS, 11 Pro and the 12 and 13 mini share 375×812 pt @3x.
        Case(
            phone: "X or 12 mini", width: 375, height: 812, scale: 3, iOS: .init(major: 14, minor: 0),
            expected: .ambiguous(["iphone-x": .ios14, "iphone-12-mini": .ios14])),
        Case(
            phone: "X or 12 mini", width: 375, height: 812, scale: 3, iOS: .init(major: 17, minor: 0),
            expected: .ambiguous(["iphone-x": .ios14, "iphone-12-mini": .ios14])),
        Case(
            phone: "X or 12 mini", width: 375, height: 812, scale: 3, iOS: .init(major: 18, minor: 2),
            expected: .ambiguous(["iphone-x": nil, "iphone-12-mini": .ios18])),
        Case(
            phone: "X or 12 mini", width: 375, height: 812, scale: 3, iOS: .init(major: 26, minor: 0),
            expected: .ambiguous(["iphone-x": .ios26, "iphone-12-mini": .ios26])),
        // Display Zoom: the bounds are the zoomed screen's.
        Case(
            phone: "12 mini zoomed", width: 320, height: 693, scale: 3, iOS: .init(major: 18, minor: 0), zoom: true,
            expected: .layout("iphone-12-mini", .ios18Zoom)),
        Case(phone: "12 mini zoomed", width: 320, height: 693, scale: 3, iOS: .init(major: 17, minor: 0), zoom: true, expected: .noLayout),
        Case(
            phone: "11 zoomed", width: 375, height: 812, scale: 2, iOS: .init(major: 15, minor: 0), zoom: true,
            expected: .layout("iphone-11", .ios14Zoom)),
        Case(
            phone: "8 Plus zoomed", width: 375, height: 667, scale: 3, iOS: .init(major: 16, minor: 0), zoom: true,
            expected: .layout("iphone-8-plus", .ios14Zoom)),
        Case(phone: "375×667 @3x without zoom", width: 375, height: 667, scale: 3, iOS: .init(major: 16, minor: 0), expected: .unknownScreen),
        Case(
            phone: "375×812 @3x with zoom", width: 375, height: 812, scale: 3, iOS: .init(major: 17, minor: 0), zoom: true, expected: .unknownScreen),
        Case(phone: "8 Plus", width: 414, height: 736, scale: 3, iOS: .init(major: 16, minor: 7), expected: .layout("iphone-8-plus", .ios14)),
        // Screens and versions the catalog does not know.
        Case(phone: "unknown", width: 400, height: 900, scale: 3, iOS: .init(major: 18, minor: 0), expected: .unknownScreen),
        Case(phone: "16 Pro on iOS 13", width: 402, height: 874, scale: 3, iOS: .init(major: 13, minor: 7), expected: .noWidgets),
    ]

    @Test(arguments: cases) func choosesTheLayout(_ test: Case) {
        let choice = WidgetGeometry.chooseLayout(
            pointWidth: test.width, pointHeight: test.height, scale: test.scale, iOS: test.iOS, iconSize: test.icons, displayZoom: test.zoom)
        switch (test.expected, choice) {
        case (.layout(let device, let id), .positions(let layout)):
            #expect(layout.device == device && layout.id == id, "\(choice)")
        case (.ambiguous(let expected), .ambiguous(let candidates)):
            #expect(candidates.count == expected.count, "\(choice)")
            for candidate in candidates {
                #expect(expected[candidate.device.id] == .some(candidate.layout?.id), "\(candidate.reason)")
                #expect(candidate.reason.contains(candidate.device.name))
            }
        case (.noLayout, .unknown(.noLayout)), (.unknownScreen, .unknown(.unknownScreen)), (.noWidgets, .unknown(.noWidgets)):
            #expect(!choice.description.isEmpty)
        default:
            Issue.record("expected \(test.expected), got \(choice)")
        }
    }

    @Test func screensNoPhoneHasAreUnknownNotACrash() {
        for (width, height, scale) in [(Double.nan, 874, 3), (402, .infinity, 3), (-402, -874, 3), (402, 874, 0), (1e300, 874, 3.0)] {
            let choice = WidgetGeometry.chooseLayout(
                pointWidth: width, pointHeight: height, scale: scale, iOS: .init(major: 18), iconSize: .small, displayZoom: false)
            guard case .unknown(.unknownScreen) = choice else {
                Issue.record("\(width)×\(height) @\(scale): \(choice)")
                continue
            }
        }
    }

    @Test func theAmbiguousScreenSaysWhyAndNamesBothDevices() {
        let choice = WidgetGeometry.chooseLayout(
            pointWidth: 375, pointHeight: 812, scale: 3, iOS: .init(major: 18, minor: 2), iconSize: .small, displayZoom: false)
        #expect(
            choice.description
                == "375×812 pt @3x is the screen of iPhone 12 mini, 13 mini and iPhone X, XS, 11 Pro, which the screen size cannot "
                + "tell apart: ask which iPhone this is. if it is the iPhone 12 mini, 13 mini: ios18 (iOS 18, small icons); "
                + "if it is the iPhone X, XS, 11 Pro: no layout known for iOS 18.2 with small icons, Display Zoom off")
        guard case .askWhichIPhone(let candidates) = cropPlan(choice, iOS: .init(major: 18, minor: 2)) else {
            Issue.record("\(choice)")
            return
        }
        #expect(candidates.map(\.device.id) == ["iphone-12-mini", "iphone-x"])
    }

    @Test func noLayoutSaysWhichLayoutsTheDeviceHas() {
        let choice = WidgetGeometry.chooseLayout(
            pointWidth: 402, pointHeight: 874, scale: 3, iOS: .init(major: 17, minor: 5), iconSize: .small, displayZoom: false)
        #expect(
            cropPlan(choice, iOS: .init(major: 17, minor: 5))
                == .unsupported(
                    "iPhone 16 Pro, 17, 17 Pro has no layout known for iOS 17.5 with small icons, Display Zoom off (the catalog has ios18, ios18-large-icons, ios26)"
                        + ": another layout's slots would be wrong, so measure the page from two screenshots (WidgetMeasurement) to crop it"
                ))
    }

    @Test func theExtraLargePortraitSlotIsOfferedFromIOS27On() throws {
        let layout = try #require(WidgetGeometry.layout(device: "iphone-16-pro", layout: .ios26))
        let slot = try #require(layout.slot(.extraLargePortrait))
        #expect(slot.family == .extraLargePortrait && slot.pixels == WidgetGeometry.PixelRect(x: 79, y: 270, width: 1049, height: 1697))
        #expect(layout.slots(on: .init(major: 26, minor: 4)).contains { $0.id == .extraLargePortrait } == false)
        #expect(layout.slots(on: .init(major: 27, minor: 0)).contains { $0.id == .extraLargePortrait })
        #expect(layout.slots(on: .init(major: 26, minor: 4)).count == layout.slots.count - 1)
    }

    @Test func slotsCarryPointsAndTheirWeakestSource() throws {
        let layout = try #require(WidgetGeometry.layout(device: "iphone-16-pro", layout: .ios26))
        // Medium widgets were measured on iOS 26 captures; the small size is a published table's.
        let measured = try #require(layout.slot(.mediumTop))
        #expect(measured.points == WidgetGeometry.PointRect(WidgetGeometry.PixelRect(x: 79, y: 270, width: 1049, height: 493), scale: 3))
        #expect(abs(measured.points.width - 349.667) < 0.001)
        #expect(sourceWarning(measured) == nil)
        #expect(layout.slot(.smallTopLeft)?.source == .published)
        #expect(layout.weakestSource == .published)
        // The iOS 26 positions of most screens are derived from the grid model, with its error
        // and the number of measured phones it rests on.
        let air = try #require(WidgetGeometry.layout(device: "iphone-air", layout: .ios26))
        let derived = try #require(air.slot(.smallTopRight))
        #expect(
            sourceWarning(derived)
                == "small-top-right is derived, not measured: the edges may be off by up to 43 px (estimated from 4 measured phones).")
        #expect(air.weakestSource == .derived)
    }

    @Test func lookupByScreenshotSizeFindsBothDevicesOf1125By2436() {
        let devices = Set(WidgetGeometry.layouts(screenshotWidth: 1125, height: 2436).map(\.device))
        #expect(devices == ["iphone-x", "iphone-12-mini"])
    }

    @Test func theSmallScreenHasNoBottomRow() throws {
        let layout = try #require(WidgetGeometry.layout(device: "iphone-se-1st-gen", layout: .ios14))
        #expect(layout.unavailableSlots == [.smallBottomLeft, .smallBottomRight, .mediumBottom, .largeBottom])
        #expect(layout.slot(.smallBottomLeft) == nil)
    }
}

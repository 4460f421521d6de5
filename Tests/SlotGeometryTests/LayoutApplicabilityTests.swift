import SlotGeometry
import Testing

/// The iOS versions, icon size and Display Zoom of each layout kind, which the WidgetGeometry
/// library's runtime choice is generated from.
@Suite struct LayoutApplicabilityTests {
    @Test func everyIOSVersionFrom14To27HasAtMostOneLayoutPerSettingAndOneForTheDefault() {
        for major in 14...27 {
            for zoom in [false, true] {
                for icons in IconSize.allCases {
                    let kinds = LayoutKind.allCases.filter {
                        $0.iosMajorVersions.contains(major) && $0.isDisplayZoom == zoom && ($0.iconSize == nil || $0.iconSize == icons)
                    }
                    #expect(kinds.count <= 1, "iOS \(major), zoom \(zoom), \(icons) icons: \(kinds)")
                }
            }
            #expect(LayoutKind.allCases.contains { $0.iosMajorVersions.contains(major) && !$0.isDisplayZoom && $0.iconSize != .large })
        }
    }

    @Test func titlesNameTheVersionsTheKindCovers() {
        for kind in LayoutKind.allCases {
            let range = kind.iosMajorVersions
            #expect(kind.title.hasPrefix("iOS \(range.lowerBound)"), "\(kind)")
            if range.upperBound <= 17 || range.upperBound == 27 {
                #expect(kind.title.contains("–\(range.upperBound)"), "\(kind): \(kind.title)")
            }
        }
    }

    @Test func theExtraLargePortraitFamilyArrivesWithIOS27OnTheIOS26Layout() {
        #expect(WidgetFamily.extraLargePortrait.firstIOSMajorVersion == 27)
        #expect(LayoutKind.ios26.iosMajorVersions.contains(27))
        #expect(LayoutKind.ios26.families.contains(.extraLargePortrait))
        #expect(LayoutKind.allCases.filter { $0.families.contains(.extraLargePortrait) } == [.ios26, .ios26LargeIcons])
    }
}

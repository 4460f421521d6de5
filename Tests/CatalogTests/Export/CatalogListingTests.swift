import Catalog
import SlotGeometry
import Testing

/// What `backdrop devices` and `backdrop slots` list, in-process: the choice of devices and
/// layouts with its refusals, and the text tables.
@Suite struct CatalogListingTests {
    static let catalog = Catalog.load(content: bundledContent)

    @Test func tablesPadEveryColumnButTheLast() {
        #expect(TextTable.render([["A", "BB", "C"], ["DDD", "E", "F"]]) == "A    BB  C\nDDD  E   F")
        #expect(TextTable.render([["KEY", "VALUE"], ["k"]]) == "KEY  VALUE\nk")
        #expect(TextTable.render([]) == "")
    }

    @Test func aDeviceOrLayoutTheCatalogLacksIsRefusedNamingWhatItHas() throws {
        let unknown = #expect(throws: CatalogListing.Failure.self) {
            try CatalogListing.layouts(Self.catalog, device: "iphone-0", layout: nil, source: "content")
        }
        #expect(unknown?.reason.hasPrefix("no device `iphone-0` in the catalog (content); known devices: ") == true)
        #expect(unknown?.reason.contains("iphone-16-pro") == true)

        let layout = #expect(throws: CatalogListing.Failure.self) {
            try CatalogListing.layouts(Self.catalog, device: "iphone-16-pro", layout: .ios14Zoom, source: "content")
        }
        #expect(layout?.reason.hasPrefix("iphone-16-pro has no ios14-zoom layout; it has ") == true)

        let quiet = #expect(throws: CatalogListing.Failure.self) {
            try CatalogListing.devices(["iphone-0"], in: Self.catalog, source: "content", listingKnown: false)
        }
        #expect(quiet?.reason == "no device `iphone-0` in the catalog (content)")
    }

    @Test func theSlotsOfOneLayoutAreATableUnderTheirHeader() throws {
        let geometries = try CatalogListing.layouts(Self.catalog, device: "iphone-16-pro", layout: .ios18, source: "content")
        #expect(geometries.count == 1)
        let lines = CatalogListing.slotsText(geometries).split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("iphone-16-pro ios18 ("))
        #expect(lines[1].hasPrefix("SLOT") && lines[1].hasSuffix("SOURCE"))
        #expect(lines.count == 2 + geometries[0].slots.count + geometries[0].unknown.count + geometries[0].unavailable.count)
        #expect(lines.contains { $0.hasPrefix("small-middle-left ") && $0.contains(" 87 ") && $0.contains(" 873 ") })

        let every = try CatalogListing.layouts(Self.catalog, device: nil, layout: nil, source: "content")
        #expect(every.count == Self.catalog.devices.map(\.layouts.count).reduce(0, +))
    }

    @Test func theDevicesAreATableWithTheirLayouts() {
        let summaries = Self.catalog.devices.map { DeviceExport($0).summary }
        let lines = CatalogListing.devicesText(summaries).split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("DEVICE") == true)
        #expect(lines.count == summaries.count + 1)
        #expect(lines.contains { $0.hasPrefix("iphone-16-pro ") && $0.contains("1206x2622") && $0.contains("ios18 (") })
    }
}

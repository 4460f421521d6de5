import Catalog
import Foundation
import SlotGeometry
import TestFolders
import TestSupport
import Testing

@Suite struct BundledCatalogTests {
    let catalog = Catalog.load(content: bundledContent)

    @Test func hasNoErrorsOrWarnings() {
        let loud = catalog.diagnostics.filter { $0.severity != .note }
        #expect(loud.isEmpty, "\(loud.map(\.description).joined(separator: "\n"))")
    }

    @Test func everyCheckIsSilentOnTheBundledCatalog() {
        for device in catalog.devices {
            let errors = GeometryChecker.check(device.profile).filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(device.id): \(errors.map(\.message))")
        }
    }

    @Test func coversEveryIPhoneScreenClassWithWidgets() {
        let screens = Set(catalog.devices.map { "\($0.profile.screen.width)x\($0.profile.screen.height)@\($0.profile.screen.scale)" })
        #expect(
            screens == [
                "320x568@2", "375x667@2", "414x736@3", "375x812@3", "414x896@2", "414x896@3", "390x844@3", "428x926@3",
                "393x852@3", "430x932@3", "402x874@3", "440x956@3", "420x912@3",
            ])
        #expect(catalog.devices.count == bundledDeviceCount, "375x812 is two profiles: X/XS/11 Pro and 12/13 mini")
    }

    @Test func oneScreenshotSizeCanMeanTwoGrids() throws {
        let x = try #require(catalog.device("iphone-x")?.profile.resolvedLayouts.first { $0.kind == .ios14 })
        let mini = try #require(catalog.device("iphone-12-mini")?.profile.resolvedLayouts.first { $0.kind == .ios14 })
        #expect(x.screen.pixels == mini.screen.pixels)
        #expect(x[.top] == 213)
        #expect(mini[.top] == 231)
    }

    @Test func displayZoomLayoutsHaveTheirOwnScreenshotSize() throws {
        let zoom = try #require(catalog.device("iphone-12-mini")?.profile.resolvedLayouts.first { $0.kind == .ios18Zoom })
        #expect(zoom.screen.pixels == PixelSize(width: 960, height: 2079))
        let xr = try #require(catalog.device("iphone-11")?.profile.resolvedLayouts.first { $0.kind == .ios14Zoom })
        #expect(xr.screen.pixels == PixelSize(width: 750, height: 1624))
    }

    @Test func theMeasuredIPhone16ProScreenshot() throws {
        let layout = try #require(catalog.device("iphone-16-pro")?.profile.resolvedLayouts.first { $0.kind == .ios18 })
        #expect(layout.slot(.smallMiddleLeft)?.rect == PixelRect(x: 87, y: 873, width: 486, height: 486))
        #expect(layout.slot(.largeTop)?.rect == PixelRect(x: 87, y: 261, width: 1032, height: 1098))
        #expect(layout.values[.middle]?.provenance.reference == "measurements-png")
    }

    @Test func iOS26SmallWidgetOn402x874Is493Pixels() throws {
        let layout = try #require(catalog.device("iphone-16-pro")?.profile.resolvedLayouts.first { $0.kind == .ios26 })
        #expect(layout.slot(.smallTopLeft)?.rect == PixelRect(x: 79, y: 270, width: 493, height: 493))
        #expect(layout.coverage == .complete(.published))
        #expect(layout.weakestPositionSource == .measured)
    }

    @Test func theFourInchScreenHasNoBottomRow() throws {
        let layout = try #require(catalog.device("iphone-se-1st-gen")?.profile.resolvedLayouts.first)
        #expect(layout.unavailableSlots.count == 4)
        #expect(layout.slots.count == 7)
    }

    @Test func everyNumberSaysWhereItCameFrom() {
        for device in catalog.devices {
            for layout in device.profile.resolvedLayouts {
                for (field, value) in layout.values {
                    let provenance = value.provenance
                    switch provenance.kind {
                    case .measured, .published:
                        #expect(provenance.citation?.isEmpty == false, "\(device.id) \(layout.kind) \(field)")
                    case .derived where provenance.reference != nil:
                        // Derived from a model: the model's citation and its error.
                        #expect(
                            provenance.citation?.isEmpty == false && provenance.errorPixels != nil,
                            "\(device.id) \(layout.kind) \(field)")
                    case .derived, .estimated:
                        #expect(provenance.note?.isEmpty == false, "\(device.id) \(layout.kind) \(field)")
                    }
                }
            }
        }
    }

    @Test func reportsEveryBrokenFileNotJustTheFirst() throws {
        try withTemporaryFolder("broken-profiles") { folder in
            let devices = folder.appendingPathComponent("devices")
            try FileManager.default.createDirectory(at: devices, withIntermediateDirectories: true)
            try validProfile.write(to: devices.appendingPathComponent("good.md"), atomically: true, encoding: .utf8)
            try validProfile.replacingOccurrences(of: "scale: 3", with: "scale: three")
                .write(to: devices.appendingPathComponent("bad-scale.md"), atomically: true, encoding: .utf8)
            try validProfile.replacingOccurrences(of: "middle: 873", with: "middle: 872")
                .write(to: devices.appendingPathComponent("bad-grid.md"), atomically: true, encoding: .utf8)
            try Data([0xFF, 0xFE, 0x00]).write(to: devices.appendingPathComponent("binary.md"))
            let catalog = Catalog.load(content: folder.path)
            #expect(catalog.devices.map(\.id) == ["bad-grid", "good"], "a profile with geometry errors is still read")
            let files = Set(catalog.diagnostics.filter { $0.severity == .error }.map { ($0.file as NSString).lastPathComponent })
            #expect(files == ["bad-scale.md", "bad-grid.md", "binary.md"])
        }
    }

    @Test func profilesLinkingOutsideTheContentFolderAreRefused() throws {
        try withTemporaryFolder("linking-content") { folder in
            try withTemporaryFolder("linking-outside") { outside in
                let devices = folder.appendingPathComponent("devices")
                try FileManager.default.createDirectory(at: devices, withIntermediateDirectories: true)
                let target = outside.appendingPathComponent("secret.md")
                try validProfile.write(to: target, atomically: true, encoding: .utf8)
                try FileManager.default.createSymbolicLink(at: devices.appendingPathComponent("escape.md"), withDestinationURL: target)
                let catalog = Catalog.load(content: folder.path)
                #expect(catalog.devices.isEmpty)
                #expect(catalog.diagnostics.map(\.code) == ["F011"])
            }
        }
    }

    @Test func aMissingContentFolderIsAnError() {
        let catalog = Catalog.load(content: "/nonexistent/content")
        #expect(catalog.diagnostics.map(\.message) == ["the content folder /nonexistent/content does not exist"])
    }
}

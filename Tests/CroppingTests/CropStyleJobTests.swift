import Catalog
import CheckCodes
import Cropping
import Foundation
import NativePNG
import SlotGeometry
import Testing

/// `backdrop crop --style`: one style writes its files into the folder, named with the style;
/// several write a folder each; `none` is the crops as before, byte for byte; a failure writes
/// nothing, in any style's folder.
@Suite struct CropStyleJobTests {
    func run(_ shot: String, out: String, styles: [CropStyle], force: Bool = false) throws -> CropJob.Written {
        let request = CropJob.Request(
            catalog: bundledCatalog, source: "content", screenshot: shot, device: "iphone-se-2nd-gen", layout: .ios18LargeIcons, out: out,
            force: force, styles: styles)
        guard case .written(let written) = try CropJob.run(request, say: { _ in }) else {
            throw CropFailure([ProblemText(reason: "not a catalog crop")])
        }
        return written
    }

    @Test func oneStyleNamesItsFilesAndSeveralWriteAFolderEach() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let shot = try scratch.screenshot(PixelSize(width: 750, height: 1334))
        let plain = try run(shot, out: scratch.path("plain"), styles: [.none])
        let glass = try run(shot, out: scratch.path("glass"), styles: [.glass])
        #expect(glass.files == plain.files.map { $0.replacingOccurrences(of: ".png", with: "-glass.png") })
        #expect(scratch.files("glass") == glass.files.sorted())
        #expect(glass.text.contains("crops in style glass in"))
        let all = try run(shot, out: scratch.path("all"), styles: CropStyle.allCases)
        #expect(scratch.files("all") == CropStyle.allCases.map(\.rawValue).sorted())
        #expect(all.files.count == 5 * plain.files.count)
        #expect(all.text.contains("in each of 5 styles (none, blur, light, dark, glass, a folder each)"))
        // `none` in a folder of its own is the plain crop, byte for byte; every style's crop is
        // the whole screen's in that style, cropped.
        let source = try PNGRaster(contentsOfFile: shot)
        for name in plain.files {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: scratch.path("plain/\(name)")))
            #expect(try Data(contentsOf: URL(fileURLWithPath: scratch.path("all/none/\(name)"))) == bytes)
        }
        let slot = try #require(bundledCatalog.device("iphone-se-2nd-gen")?.layout(.ios18LargeIcons)?.slots.first)
        for style in CropStyle.allCases {
            let file = try PNGRaster(contentsOfFile: scratch.path("all/\(style.fileName(slot: slot.id.rawValue, inFolder: true))"))
            #expect(file.differences(from: try StyledScreen(source, style: style, scale: 2).crop(slot.rect, family: slot.family)) == [], "\(style)")
        }
    }

    @Test func stylesIntoAFolderHoldingTheirFilesAreRefusedUnlessForced() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let shot = try scratch.screenshot(PixelSize(width: 750, height: 1334))
        _ = try run(shot, out: scratch.path("out"), styles: [.dark])
        // Other names: written beside the dark ones.
        _ = try run(shot, out: scratch.path("out"), styles: [.blur, .glass])
        #expect(scratch.files("out")?.filter { $0.hasSuffix("-dark.png") }.count == 11)
        #expect(scratch.files("out/blur")?.count == 11 && scratch.files("out/glass")?.count == 11)
        let failure = #expect(throws: CropFailure.self) { try run(shot, out: scratch.path("out"), styles: [.blur, .glass]) }
        #expect(failure?.problems.first?.reason.contains("already holds 22 of the files this crop writes") == true)
        _ = try run(shot, out: scratch.path("out"), styles: [.blur, .glass], force: true)
        #expect(scratch.files("out/blur")?.count == 11)
    }

    /// "Check my widgets" writes its corrected crops in the styles asked for, a folder each, and
    /// its report once, whose slots name the files written for them (the names the page gives its
    /// crops), and nothing for a slot not placed: in one style and in several (a style alone but
    /// none is the style the widgets were made in: test_fix_page.py names those).
    @Test(arguments: [[CropStyle.none, .glass], [.none]])
    func theWidgetChecksCorrectedCropsInStyles(_ styles: [CropStyle]) throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (empty, placed, layout) = try MeasuredCropTests().pair(scratch)
        let outcome = try WidgetCheckCrop.run(
            empty: empty, emptyImage: try PNGRaster(contentsOfFile: empty), home: placed, device: "iphone-16-pro", layout: layout,
            out: scratch.path("checked"), force: false, styles: styles, settings: .default)
        if styles.count > 1 {
            #expect(scratch.files("checked") == ["glass", "none", WidgetCheckCrop.reportFile].sorted())
            #expect(scratch.files("checked/glass") == outcome.files.filter { $0.hasPrefix("glass/") }.map { String($0.dropFirst(6)) }.sorted())
            #expect(scratch.files("checked/glass")?.allSatisfy { $0.hasSuffix("-glass.png") } == true)
            #expect(scratch.files("checked/none")?.count == scratch.files("checked/glass")?.count)
        }
        let report = try JSONSerialization.jsonObject(with: Data(outcome.json.utf8)) as? [String: Any]
        let slots = try #require(report?["slots"] as? [[String: Any]])
        let named = slots.flatMap { $0["files"] as? [String] ?? [] }
        #expect(Set(named) == Set(outcome.files), "\(named)")
        #expect(named.count == outcome.files.count)
        for slot in slots where slot["placed"] as? Bool == false { #expect((slot["files"] as? [String])?.isEmpty == true) }
        for file in outcome.files { #expect(FileManager.default.fileExists(atPath: scratch.path("checked/\(file)")), "\(file)") }
    }
}

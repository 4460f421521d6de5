import Catalog
import Foundation
import Testing

/// What a `calibrate --into` stopped between its writes can leave (a hidden temporary profile or
/// screenshot, a calibration screenshot no profile lists) is reported by the build (F017, F018),
/// with the file; nothing is left that no check mentions.
@Suite struct LeftoverFilesTests {
    @Test func theBuildReportsLeftoversOfAStoppedRecording() throws {
        let small = try SmallContent.built()
        defer { small.remove() }
        let content = small.content
        try FileManager.default.createDirectory(at: content.appendingPathComponent("calibration"), withIntermediateDirectories: true)
        let shot = try Data(contentsOf: content.appendingPathComponent("screenshots/iphone-se-1st-gen-light.png"))
        let temporaryProfile = "devices/" + LeftoverFiles.temporaryName(for: "iphone-se-1st-gen.md", process: 4242)
        let temporaryShot = "calibration/" + LeftoverFiles.temporaryName(for: "iphone-se-1st-gen-ios14-widgets-1.png", process: 4242)
        let unlisted = "calibration/iphone-se-1st-gen-ios14-widgets-1.png"
        try Data("---\nname: half\n".utf8).write(to: content.appendingPathComponent(temporaryProfile))
        try shot.write(to: content.appendingPathComponent(temporaryShot))
        try shot.write(to: content.appendingPathComponent(unlisted))
        // A hidden file that is not a temporary of the tools is the author's business.
        try Data().write(to: content.appendingPathComponent("devices/.keep"))

        let (_, diagnostics) = try small.build()
        let found = diagnostics.filter { ["F017", "F018"].contains($0.code) }.map { "\($0.severity.rawValue)[\($0.code)] \($0.file)" }
        #expect(
            found.sorted()
                == [
                    "warning[F017] \(content.path)/\(temporaryShot)", "warning[F017] \(content.path)/\(temporaryProfile)",
                    "warning[F018] \(content.path)/\(unlisted)",
                ].sorted(), "\(diagnostics.map(\.description))")

        // Listed, the screenshot is no longer reported.
        let catalog = Catalog.load(content: content.path)
        #expect(catalog.diagnostics.contains { $0.code == "F018" })
        try FileManager.default.removeItem(at: content.appendingPathComponent(unlisted))
        #expect(!Catalog.load(content: content.path).diagnostics.contains { $0.code == "F018" })
    }

    @Test func theTemporaryNamesAreTold() {
        #expect(LeftoverFiles.temporaryName(for: "x.md", process: 12) == ".x.md.backdrop-12.tmp")
        #expect(LeftoverFiles.isTemporary(".x.md.backdrop-12.tmp"))
        #expect(!LeftoverFiles.isTemporary(".keep") && !LeftoverFiles.isTemporary("x.md") && !LeftoverFiles.isTemporary(".x.md.swp"))
    }
}

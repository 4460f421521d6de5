import Foundation
import TestFolders
import Testing

/// Which catalog a command reads: `--content`, else `content/` in the working folder, else the
/// catalog built into the binary; each command says which, and F010 comes only where a content
/// folder was asked for.
@Suite struct ContentOptionsTests {
    /// Runs `body` in an empty folder with nothing above it that holds a `content/` folder of its own.
    private func withEmptyFolder(_ body: (URL) throws -> Void) throws {
        try withTemporaryFolder("backdrop-no-content", body)
    }

    private static let builtIn = "catalog: the one built into backdrop (geometry data "

    @Test func everyCatalogCommandWorksInAnEmptyFolderOnTheBuiltInCatalog() throws {
        try withEmptyFolder { folder in
            let devices = try CLIRunner.run(["devices"], in: folder)
            #expect(devices.status == 0, "\(devices.stderr)")
            #expect(devices.stdout.split(separator: "\n").filter { $0.hasPrefix("iphone-") }.count == bundledDeviceCount)
            #expect(devices.stderr.contains(Self.builtIn) && !devices.stderr.contains("F010"), "\(devices.stderr)")

            let slots = try CLIRunner.run(["slots", "iphone-14-pro", "--layout", "ios26"], in: folder)
            #expect(slots.status == 0, "\(slots.stderr)")
            #expect(slots.stdout.contains("small-top-left        73   240"), "\(slots.stdout)")
            #expect(slots.stderr.contains(Self.builtIn), "\(slots.stderr)")

            let unknown = try CLIRunner.run(["slots", "iphone-99"], in: folder)
            #expect(unknown.status != 0)
            #expect(unknown.stderr.contains("no device `iphone-99` in the catalog (built into backdrop)"), "\(unknown.stderr)")

            // The data version the built-in catalog says is the one --version prints.
            let version = try CLIRunner.run(["--version"], in: folder)
            let data = try #require(version.stdout.firstMatch(of: /geometry data ([0-9.]+)/)?.1)
            #expect(devices.stderr.contains("(geometry data \(data))"))
        }
    }

    @Test func cropChoosesThePhoneFromTheBuiltInCatalog() throws {
        try withEmptyFolder { folder in
            let shot = folder.appendingPathComponent("shot.png").path
            try FileManager.default.copyItem(
                atPath: CLIRunner.packageRoot.appendingPathComponent("Tests/CalibrationTests/Painted/glass-16pro-ios26-empty.png").path, toPath: shot)
            let crop = try CLIRunner.run(["crop", "shot.png", "--out", "crops"], in: folder)
            #expect(crop.status == 0, "\(crop.stderr)")
            #expect(crop.stderr.contains("chose iphone-16-pro"), "\(crop.stderr)")
            let written = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("crops").path)
            #expect(written.count == 12)

            try FileManager.default.copyItem(
                atPath: CLIRunner.packageRoot.appendingPathComponent("Tests/CalibrationTests/Painted/glass-16pro-ios26.png").path,
                toPath: folder.appendingPathComponent("placed.png").path)
            let measured = try CLIRunner.run(["crop", "shot.png", "--measured-from", "placed.png", "--out", "measured"], in: folder)
            #expect(measured.status == 0, "\(measured.stderr)")
            #expect(!measured.stdout.contains("unknown") || !measured.stdout.contains("screen class"), "\(measured.stdout)")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("measured/measurement.json").path))
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("measured/large-bottom.png").path))
        }
    }

    @Test func aContentFolderReplacesTheBuiltInCatalogAndAMissingOneIsAnError() throws {
        try withEmptyFolder { folder in
            // content/ in the working folder is used, and said.
            try FileManager.default.copyItem(
                at: CLIRunner.packageRoot.appendingPathComponent("content"), to: folder.appendingPathComponent("content"))
            let own = try CLIRunner.run(["devices"], in: folder)
            #expect(own.status == 0 && own.stderr.contains("catalog: content (geometry data "), "\(own.stderr)")
            // --content names a folder that does not exist: F010, as an error, and nothing is compared.
            let shot = folder.appendingPathComponent("shot.png").path
            try FileManager.default.copyItem(
                atPath: CLIRunner.packageRoot.appendingPathComponent("Tests/CalibrationTests/Painted/glass-16pro-ios26-empty.png").path, toPath: shot)
            for arguments in [["devices"], ["slots"], ["crop", "shot.png", "--out", "crops"]] {
                let missing = try CLIRunner.run(arguments + ["--content", "nowhere"], in: folder)
                #expect(missing.status == 1, "\(arguments): \(missing.stderr)")
                #expect(missing.stderr.contains("error[F010]"), "\(arguments): \(missing.stderr)")
                #expect(!missing.stderr.contains("no device in the catalog has"), "\(arguments): \(missing.stderr)")
            }
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("crops").path))
        }
    }
}

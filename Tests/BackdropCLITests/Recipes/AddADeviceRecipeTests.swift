import Foundation
import TestFolders
import Testing

/// docs/architecture.md's recipe "A device", followed step by step in a copy of `content/`: a
/// profile in `devices/`, its two screenshots painted by `backdrop samples`, `backdrop check`,
/// then `backdrop export widget-geometry`. If a step of the recipe stops working, this fails.
@Suite struct AddADeviceRecipeTests {
    /// A profile as `content/docs/device-profiles.md` describes it, of a phone the catalog lacks.
    static let profile = """
        ---
        name: Recipe phone
        models: [Recipe phone]
        screen: 402x874
        scale: 3
        references:
          table: "a test table"
        screenshots:
          light: screenshots/recipe-phone-light.png
          dark: screenshots/recipe-phone-dark.png
        layouts:
          ios18:
            unit: px
            source: measured table
            small: 486
            medium: 1032x486
            large: 1032x1098
            left: 87
            right: 633
            top: 261
            middle: 873
            bottom: 1485
        ---
        A phone added by following the recipe.
        """

    @Test func theRecipeAddsADeviceToTheCatalogAndTheLibrary() throws {
        try withTemporaryFolder("recipe-device") { folder in
            let content = folder.appendingPathComponent("content")
            try FileManager.default.copyItem(at: packageRoot.appendingPathComponent("content"), to: content)
            let devicesBefore = try FileManager.default.contentsOfDirectory(atPath: content.appendingPathComponent("devices").path).count
            try Self.profile.write(to: content.appendingPathComponent("devices/recipe-phone.md"), atomically: true, encoding: .utf8)

            let samples = try CLIRunner.run(["samples", "--content", content.path, "recipe-phone"])
            #expect(samples.status == 0, "\(samples.stderr)")
            for appearance in ["light", "dark"] {
                #expect(FileManager.default.fileExists(atPath: content.appendingPathComponent("screenshots/recipe-phone-\(appearance).png").path))
            }

            let check = try CLIRunner.run(["check", "--content", content.path])
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
            #expect(check.stdout.contains("checked \(devicesBefore + 1) devices"), "\(check.stdout)")

            let library = folder.appendingPathComponent("Catalog.swift")
            let export = try CLIRunner.run(["export", "widget-geometry", "--content", content.path, "--output", library.path])
            #expect(export.status == 0, "\(export.stderr)")
            let source = try String(contentsOf: library, encoding: .utf8)
            #expect(source.contains("\"recipe-phone\"") && source.contains("\"Recipe phone\""))
        }
    }
}

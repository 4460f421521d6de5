import Foundation
import TestFolders
import Testing

/// What `crop --out` does with files already there: it never replaces a screenshot it crops
/// (not even with --force), and replaces earlier crops only with --force; refused, it writes
/// nothing at all.
@Suite struct CropOverwriteTests {
    /// The test's own folder, removed with the suite's value when the test ends.
    let temporary: TemporaryFolder
    var folder: URL { temporary.url }

    init() throws {
        temporary = try TemporaryFolder("backdrop-overwrite")
    }

    static let light = CLIRunner.packageRoot.appendingPathComponent("content/screenshots/iphone-16-pro-light.png")
    static let dark = CLIRunner.packageRoot.appendingPathComponent("content/screenshots/iphone-16-pro-dark.png")
    static let pairs = CLIRunner.packageRoot.appendingPathComponent("Tests/CalibrationTests/Pairs")

    func bytes(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }

    func crop(_ shot: String, out: URL, _ extra: [String] = []) throws -> CLIRunner.Result {
        try CLIRunner.run(["crop", shot, "--device", "iphone-16-pro", "--layout", "ios18", "--out", out.path] + extra)
    }

    @Test func theInputIsNeverReplaced() throws {
        // The screenshot lies in the output folder under a slot's name.
        let shot = folder.appendingPathComponent("small-middle-left.png")
        try FileManager.default.copyItem(at: Self.light, to: shot)
        let original = try Data(contentsOf: shot)
        for extra in [[], ["--force"]] {
            let result = try crop(shot.path, out: folder, extra)
            #expect(result.status == 1, "\(extra)")
            #expect(
                result.stderr.contains("\(shot.path): is the screenshot \(shot.path) being cropped; a crop never replaces its input"),
                "\(result.stderr)")
            #expect(try bytes(folder) == ["small-middle-left.png": original], "nothing written, the input as it was")
        }
        // Nor through a symbolic link in the output folder.
        let out = folder.appendingPathComponent("crops")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: out.appendingPathComponent("large-top.png").path, withDestinationPath: shot.path)
        let linked = try crop(shot.path, out: out, ["--force"])
        #expect(linked.status == 1)
        #expect(try Data(contentsOf: shot) == original)

        // The measured crop: neither screenshot of the pair.
        let pairOut = folder.appendingPathComponent("pair")
        try FileManager.default.createDirectory(at: pairOut, withIntermediateDirectories: true)
        let placed = pairOut.appendingPathComponent("measurement.json")
        try FileManager.default.copyItem(at: Self.pairs.appendingPathComponent("grey-800x1700-placed.png"), to: placed)
        let empty = Self.pairs.appendingPathComponent("grey-800x1700-empty.png").path
        let measured = try CLIRunner.run(["crop", empty, "--measured-from", placed.path, "--out", pairOut.path, "--force"])
        #expect(measured.status == 1)
        #expect(measured.stderr.contains("a crop never replaces its input"), "\(measured.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: pairOut.path) == ["measurement.json"])
    }

    @Test func earlierCropsAreReplacedOnlyWithForce() throws {
        let out = folder.appendingPathComponent("crops")
        let first = try crop(Self.light.path, out: out)
        #expect(first.status == 0, "\(first.stderr)")
        let lightCrops = try bytes(out)
        #expect(lightCrops.count == 11)

        // The dark screenshot into the same folder: refused, the light crops kept.
        let refused = try crop(Self.dark.path, out: out)
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("\(out.path): already holds 11 of the files this crop writes (") && refused.stderr.contains("pass --force"),
            "\(refused.stderr)")
        #expect(try bytes(out) == lightCrops)

        // With --force, replaced.
        let forced = try crop(Self.dark.path, out: out, ["--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        let darkCrops = try bytes(out)
        #expect(darkCrops.keys == lightCrops.keys && darkCrops != lightCrops)

        // One stray file of the same name is enough to refuse, for the measured crop too.
        let pairOut = folder.appendingPathComponent("pair")
        try FileManager.default.createDirectory(at: pairOut, withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: pairOut.appendingPathComponent("measurement.json"))
        let empty = Self.pairs.appendingPathComponent("grey-800x1700-empty.png").path
        let placed = Self.pairs.appendingPathComponent("grey-800x1700-placed.png").path
        let measured = try CLIRunner.run(["crop", empty, "--measured-from", placed, "--out", pairOut.path])
        #expect(measured.status == 1)
        #expect(measured.stderr.contains("already holds 1 of the files this crop writes (measurement.json)"), "\(measured.stderr)")
        #expect(try bytes(pairOut) == ["measurement.json": Data("mine\n".utf8)])
    }

    @Test func theHelpSaysSo() throws {
        let help = try CLIRunner.run(["crop", "--help"]).stdout
        #expect(help.contains("--force") && help.contains("never replaced"))
    }
}

import Foundation
import TestFolders
import Testing

/// `crop --measured-from` refuses what it cannot crop, writing nothing, and says what it set
/// aside: the pairs are painted independently of Backdrop (`Tests/CalibrationTests/Painted`).
@Suite struct MeasuredCropRefusalTests {
    static let painted = CLIRunner.packageRoot.appendingPathComponent("Tests/CalibrationTests/Painted")
    static let fixtures = CLIRunner.packageRoot.appendingPathComponent("Tests/BackdropCLITests/Fixtures")

    @Test func aPairGivenTheWrongWayRoundIsRefusedAndNothingIsWritten() throws {
        try withTemporaryFolder("backdrop-measured") { work in
            let out = work.appendingPathComponent("crops").path
            let placed = Self.painted.appendingPathComponent("content-srgb-14pro.png").path
            let empty = Self.painted.appendingPathComponent("content-srgb-14pro-empty.png").path
            let result = try CLIRunner.run(["crop", placed, "--measured-from", empty, "--out", out])
            #expect(result.status == 1, "\(result.stdout)")
            #expect(result.stderr.contains("the two screenshots are the wrong way round"), "\(result.stderr)")
            #expect(!result.stdout.contains("matches within"))
            #expect(!FileManager.default.fileExists(atPath: out))
            // The right way round, the same pair crops.
            let right = try CLIRunner.run(["crop", empty, "--measured-from", placed, "--out", out])
            #expect(right.status == 0, "\(right.stderr)")
        }
    }

    @Test func widgetsSetAsideAreListedNotLostSilently() throws {
        try withTemporaryFolder("backdrop-measured") { work in
            let out = work.appendingPathComponent("crops")
            let result = try CLIRunner.run([
                "crop", Self.fixtures.appendingPathComponent("palette-glass-16pro-ios26-empty.png").path,
                "--measured-from", Self.fixtures.appendingPathComponent("palette-glass-16pro-ios26.png").path, "--out", out.path,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                result.stdout.contains("may be a widget that was lost") || result.stdout.contains("may be widgets that were lost"), "\(result.stdout)"
            )
            #expect(result.stdout.contains("that may be"), "the undetermined slots say a widget may have been set aside: \(result.stdout)")
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("measurement.json"))) as? [String: Any])
            let rejected = try #require(json["rejected"] as? [[String: Any]])
            #expect(rejected.contains { $0["mayBeAWidget"] as? Bool == true })
            // The status line counts what it wrote: every crop it lists.
            let crops = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }
            let slots = try #require(json["slots"] as? [[String: Any]])
            #expect(result.stdout.contains("wrote and verified \(crops.count) of \(slots.count) crops"), "\(result.stdout)")
        }
    }
}

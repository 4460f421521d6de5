import Catalog
import Foundation
import Testing

/// `backdrop --version`: the tool's version and the version of the geometry data it carries, the
/// one `content/data-versions.yaml` gives (and so geometry.json and the WidgetGeometry library).
@Suite struct VersionTests {
    @Test func theVersionNamesTheToolAndTheDataVersion() throws {
        let result = try CLIRunner.run(["--version"], in: FileManager.default.temporaryDirectory)
        #expect(result.status == 0, "\(result.stderr)")
        let dataVersion = try #require(Catalog.load(content: CLIRunner.packageRoot.appendingPathComponent("content").path).versions.current)
        let pattern = #/^backdrop [0-9]+\.[0-9]+\.[0-9]+ \(geometry data (?<data>[0-9.]+)\)\n$/#
        let match = try #require(result.stdout.wholeMatch(of: pattern), "\(result.stdout)")
        #expect(match.data == dataVersion)
    }
}

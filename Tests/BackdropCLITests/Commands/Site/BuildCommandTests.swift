import Foundation
import TestFolders
import Testing

@Suite struct BuildCommandTests {
    @Test func aFailedBuildSaysWhyAndLeavesTheSite() throws {
        try withTemporaryFolder("backdrop-build") { folder in
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("content/devices"), withIntermediateDirectories: true)
            let site = folder.appendingPathComponent("site")
            try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
            try "old".write(to: site.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
            // A site an earlier build wrote (only such a folder may be replaced).
            try "".write(to: site.appendingPathComponent(".backdrop-site"), atomically: true, encoding: .utf8)
            try "---\nname: x\n---\n".write(to: folder.appendingPathComponent("content/devices/broken.md"), atomically: true, encoding: .utf8)
            let result = try CLIRunner.run([
                "build", "--content", folder.appendingPathComponent("content").path, "--output", site.path,
                "--cache", folder.appendingPathComponent("cache").path,
            ])
            #expect(result.status == 1)
            #expect(result.stderr.contains("broken.md:2: error[F004] broken: the front matter lacks the required key `models`"))
            #expect(result.stderr.contains("docs/guide.md: error[F010]"))
            #expect(result.stderr.contains("was left as it was"))
            #expect(try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8) == "old")
        }
    }

    @Test func aBadBaseURLIsRefusedBeforeAnyWork() throws {
        let result = try CLIRunner.run(["build", "--base-url", "example.com/backdrop", "--output", "/nonexistent/never-written"])
        #expect(result.status == 64)
        #expect(
            result.stderr.contains(
                "`example.com/backdrop` is not a base URL: it must be an absolute URL starting with https:// or http:// (e.g. https://example.github.io/backdrop/)"
            ), "\(result.stderr)")
    }
}

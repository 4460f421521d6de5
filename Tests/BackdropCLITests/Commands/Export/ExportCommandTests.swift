import Foundation
import TestFolders
import Testing

/// `backdrop export widget-geometry`: the committed catalog on standard output, the same file with
/// `--output`, and nothing written from a broken catalog.
@Suite struct ExportCommandTests {
    static let dataFile = CLIRunner.packageRoot.appendingPathComponent("Sources/WidgetGeometry/Generated/Catalog.swift")

    @Test func printsTheCommittedCatalog() throws {
        let result = try CLIRunner.run(["export", "widget-geometry"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == (try String(contentsOf: Self.dataFile, encoding: .utf8)))
    }

    @Test func writesTheOutputFileAndNothingFromABrokenCatalog() throws {
        try withTemporaryFolder("backdrop-export") { folder in
            let devices = folder.appendingPathComponent("devices")
            try FileManager.default.createDirectory(at: devices, withIntermediateDirectories: true)
            let output = folder.appendingPathComponent("Catalog.swift")

            let written = try CLIRunner.run(["export", "widget-geometry", "--output", output.path])
            #expect(written.status == 0, "\(written.stderr)")
            #expect((try String(contentsOf: output, encoding: .utf8)) == (try String(contentsOf: Self.dataFile, encoding: .utf8)))

            try "not a profile\n".write(to: devices.appendingPathComponent("broken.md"), atomically: true, encoding: .utf8)
            try "old\n".write(to: output, atomically: true, encoding: .utf8)
            let refused = try CLIRunner.run(["export", "widget-geometry", "--content", folder.path, "--output", output.path])
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("broken.md"), "\(refused.stderr)")
            #expect((try String(contentsOf: output, encoding: .utf8)) == "old\n")
        }
    }

    /// `--output` replaces only a regular file; a symbolic link is written through (the link kept,
    /// its target made current); a FIFO, folder or device is refused and left as it was.
    @Test(arguments: ["widget-geometry", "ios26-model"]) func theOutputIsOnlyEverARegularFile(_ command: String) throws {
        try withTemporaryFolder("backdrop-export") { folder in
            let expected = try CLIRunner.run(["export", command]).stdout

            let target = folder.appendingPathComponent("real.swift")
            try "stale\n".write(to: target, atomically: true, encoding: .utf8)
            let link = folder.appendingPathComponent("link.swift")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.swift")
            let throughLink = try CLIRunner.run(["export", command, "--output", link.path])
            #expect(throughLink.status == 0, "\(throughLink.stderr)")
            #expect((try FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == "real.swift", "the link is kept")
            #expect((try String(contentsOf: target, encoding: .utf8)) == expected, "its target is current")

            let fifo = folder.appendingPathComponent("fifo").path
            #expect(mkfifo(fifo, 0o644) == 0)
            var refused = [(fifo, "a FIFO or other special file"), (folder.path, "a folder")]
            let device = folder.appendingPathComponent("null-device").path
            // makedev(1, 3): a copy of /dev/null, made where the tests run as root.
            if mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 { refused.append((device, "a device")) }
            for (special, kind) in refused {
                let result = try CLIRunner.run(["export", command, "--output", special])
                #expect(result.status == 1)
                #expect(result.stderr.contains("\(special): cannot be written: is \(kind); only a regular file is replaced"), "\(result.stderr)")
                var info = stat()
                #expect(lstat(special, &info) == 0 && info.st_mode & S_IFMT != S_IFREG, "\(special) is left as it was")
            }
        }
    }
}

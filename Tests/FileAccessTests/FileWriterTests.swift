import FileAccess
import Foundation
import TestFolders
import Testing

/// What `FileWriter.replace` does with whatever is at the path: a regular file is replaced
/// atomically with its permissions kept, a symbolic link is written through, anything else is
/// refused and left as it was.
@Suite struct FileWriterTests {
    /// The test's own folder, removed with the suite's value when the test ends.
    let temporary: TemporaryFolder
    var folder: URL { temporary.url }

    init() throws {
        temporary = try TemporaryFolder("writer")
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    @Test func aRegularFileIsReplacedWithItsPermissions() throws {
        let file = path("out.txt")
        try FileWriter.replace(file, with: Array("new\n".utf8))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "new\n")
        chmod(file, 0o640)
        try FileWriter.replace(file, with: Array("newer\n".utf8))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "newer\n")
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.txt"], "no temporary file is left")
    }

    @Test func aSymbolicLinkIsWrittenThrough() throws {
        let target = path("real.txt")
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
        let link = path("link.txt")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.txt")
        try FileWriter.replace(link, with: Array("new\n".utf8))
        #expect(FileWriter.kind(link) == .typeSymbolicLink, "the link stays a link")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new\n", "its target has the new bytes")

        let dangling = path("dangling.txt")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "nowhere.txt")
        #expect(throws: FileProblem.self) { try FileWriter.replace(dangling, with: [1]) }
        #expect(FileWriter.kind(path("nowhere.txt")) == nil)
        let toFolder = path("to-folder")
        try FileManager.default.createSymbolicLink(atPath: toFolder, withDestinationPath: folder.path)
        #expect(throws: FileProblem.self) { try FileWriter.replace(toFolder, with: [1]) }
    }

    @Test func anythingElseIsRefusedAndLeftAsItWas() throws {
        let fifo = path("fifo")
        #expect(mkfifo(fifo, 0o644) == 0)
        let subfolder = path("folder")
        try FileManager.default.createDirectory(atPath: subfolder, withIntermediateDirectories: false)
        var refused = [(fifo, "a FIFO or other special file"), (subfolder, "a folder")]
        let device = path("null-device")
        // makedev(1, 3): a copy of /dev/null, made where the tests run as root.
        if mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 { refused.append((device, "a device")) }
        for (special, kind) in refused {
            let before = FileWriter.kind(special)
            do {
                try FileWriter.replace(special, with: Array("x".utf8))
                Issue.record("\(special) was replaced")
            } catch {
                #expect(error.description == "\(special): cannot be written: is \(kind); only a regular file is replaced")
            }
            #expect(FileWriter.kind(special) == before)
        }
    }

    @Test func createNeverReplaces() throws {
        let file = path("new.png")
        try FileWriter.create(file, with: [1, 2, 3])
        #expect(throws: FileProblem(path: file, action: "cannot be written", reason: "already exists")) {
            try FileWriter.create(file, with: [4])
        }
        #expect(FileManager.default.contents(atPath: file) == Data([1, 2, 3]))
    }
}

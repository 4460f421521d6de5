import FileAccess
import Foundation
import TestFolders
import Testing

/// `PathName` takes paths apart as POSIX `dirname` and `basename` do, for every form a user
/// types, and no source takes a path apart with NSString's methods, which trap on Linux for a
/// one-character relative path (`y`, `y/`, `.`).
@Suite struct PathNameTests {
    @Test(arguments: [
        ("y", ".", "y"), ("y/", ".", "y"), ("y//", ".", "y"), (".", ".", "."), ("..", ".", ".."), ("./y", ".", "y"),
        ("../y", "..", "y"), ("/", "/", "/"), ("/y", "/", "y"), ("//y", "/", "y"), ("a/b/", "a", "b"), ("a//b", "a", "b"),
        ("y/.", "y", "."), ("a b/c d", "a b", "c d"), ("-y", ".", "-y"), ("", ".", ""),
    ])
    func folderAndName(_ path: String, _ folder: String, _ name: String) {
        #expect(PathName.folder(of: path) == folder, "folder of \(path)")
        #expect(PathName.name(of: path) == name, "name of \(path)")
    }

    @Test func joiningAndExtension() {
        #expect(PathName.joining("y", "a.png") == "y/a.png")
        #expect(PathName.joining("y/", "a.png") == "y/a.png")
        #expect(PathName.joining("/", "a") == "/a")
        #expect(PathName.joining("", "a") == "a")
        #expect(PathName.pathExtension("a/b.PNG") == "PNG")
        #expect(PathName.pathExtension("a.d/b") == "")
        #expect(PathName.pathExtension(".hidden") == "")
    }

    @Test func physicalPathsAreAbsoluteAndResolved() throws {
        try withTemporaryFolder("path-name") { temporary in
            // The folder as its real path: the system's temporary directory may be reached through a link.
            let folder = try #require(PathName.realPath(temporary.path))
            try FileManager.default.createDirectory(atPath: PathName.joining(folder, "real"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: PathName.joining(folder, "link"), withDestinationPath: "real")
            #expect(PathName.physical(PathName.joining(folder, "link/new/./x")) == PathName.joining(folder, "real/new/x"))
            #expect(PathName.physical(PathName.joining(folder, "link/../real")) == PathName.joining(folder, "real"))
        }
        #expect(PathName.physical("/") == "/")
    }

    /// The class, not the case: no source file uses NSString's path methods.
    @Test func noSourceTakesAPathApartWithNSString() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        var offenders: [String] = []
        for case let file as String in FileManager.default.enumerator(atPath: sources.path)! where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("as NSString") && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                offenders.append("\(file):\(number + 1)")
            }
        }
        #expect(offenders.isEmpty, "use PathName instead of NSString's path methods: \(offenders)")
    }
}

import Foundation
import TestFolders
import Testing

/// Every path the tool writes or creates (crop's `--out`, with and without `--measured-from`,
/// build's `--output` and `--cache`, export's `--output`, samples' `--out`), in every form a user
/// can type: each either works, writing only where it was asked, or fails with status 1 and a
/// message naming the path and the reason. Never a crash (a one-character relative name used to
/// trap in Foundation's path functions, status 132).
@Suite struct OutputPathFormTests {
    /// A path as typed, from the workspace's `work/` folder, and what must come of it.
    struct Form: Sendable, CustomTestStringConvertible {
        var typed: String
        /// Where the output must appear, relative to the workspace (`nil`: refused).
        var lands: String?
        /// Words the refusal must hold besides the path.
        var reason: String = ""

        var testDescription: String { typed }
    }

    /// The workspace: `work/` (the working folder) holding `file.txt` and `link` (a link to
    /// `../real`), and `real/`, an empty folder. `@` stands for the workspace's absolute path.
    struct Workspace {
        let temporary: TemporaryFolder
        var root: URL { temporary.url }
        var work: URL { root.appendingPathComponent("work") }

        init() throws {
            temporary = try TemporaryFolder("path-forms")
            let manager = FileManager.default
            try manager.createDirectory(at: work, withIntermediateDirectories: true)
            try manager.createDirectory(at: root.appendingPathComponent("real"), withIntermediateDirectories: true)
            try Data("mine\n".utf8).write(to: work.appendingPathComponent("file.txt"))
            try manager.createSymbolicLink(atPath: work.appendingPathComponent("link").path, withDestinationPath: "../real")
        }

        func typed(_ form: Form) -> String { form.typed.replacingOccurrences(of: "@", with: root.path) }

        /// Every path under the workspace, folders ending in `/`.
        func paths() -> Set<String> {
            var paths: Set<String> = []
            for case let path as String in FileManager.default.enumerator(atPath: root.path)! {
                var isFolder: ObjCBool = false
                FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isFolder)
                paths.insert(isFolder.boolValue ? path + "/" : path)
            }
            return paths
        }

        func remove() { temporary.remove() }
    }

    /// The forms of a folder the command creates or writes into.
    static let folderForms: [Form] = [
        Form(typed: "y", lands: "work/y"), Form(typed: "./y", lands: "work/y"), Form(typed: "y/", lands: "work/y"),
        Form(typed: "../y", lands: "y"), Form(typed: "@/abs", lands: "abs"), Form(typed: "a b", lands: "work/a b"),
        Form(typed: "y/.", lands: "work/y"), Form(typed: "-y", lands: "work/-y"), Form(typed: "link/y", lands: "real/y"),
        Form(typed: "file.txt", reason: "not a folder"), Form(typed: "file.txt/y", reason: "not a folder"),
    ]

    /// The forms of a file the command writes.
    static let fileForms: [Form] = [
        Form(typed: "y", lands: "work/y"), Form(typed: "./y", lands: "work/y"), Form(typed: "../y", lands: "y"),
        Form(typed: "@/abs", lands: "abs"), Form(typed: "a b", lands: "work/a b"), Form(typed: "-y", lands: "work/-y"),
        Form(typed: "link/y", lands: "real/y"), Form(typed: "y/", reason: "cannot be written"), Form(typed: "y/.", reason: "cannot be written"),
        Form(typed: "file.txt/y", reason: "not a folder"), Form(typed: ".", reason: "is a folder"),
    ]

    static let content = CLIRunner.packageRoot.appendingPathComponent("content").path
    static let shot = CLIRunner.packageRoot.appendingPathComponent("content/screenshots/iphone-se-1st-gen-light.png").path
    static let pair = CLIRunner.packageRoot.appendingPathComponent("Tests/CalibrationTests/Pairs").path

    /// Runs a command that writes to `path` (always given as `--option=path`, so that `-y` is a value).
    static func check(_ form: Form, _ arguments: (String) -> [String]) throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let before = workspace.paths()
        let path = workspace.typed(form)
        let result = try CLIRunner.run(arguments(path), in: workspace.work)
        let added = workspace.paths().subtracting(before)
        if let lands = form.lands {
            #expect(result.status == 0, "\(path): \(result.stderr)")
            #expect(!added.isEmpty, "\(path) wrote nothing")
            let outside = added.filter { $0 != lands + "/" && !$0.hasPrefix(lands + "/") && $0 != lands }
            #expect(outside.isEmpty, "\(path) wrote outside \(lands): \(outside.sorted())")
        } else {
            #expect(result.status == 1, "\(path): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains(path) && result.stderr.contains(form.reason), "\(result.stderr)")
            #expect(added.isEmpty, "\(path) wrote \(added.sorted())")
        }
        #expect(!result.stderr.contains("crashed"), "\(result.stderr.prefix(300))")
    }

    @Test(arguments: folderForms) func cropOut(_ form: Form) throws {
        try Self.check(form) {
            ["crop", "--content", Self.content, Self.shot, "--device", "iphone-se-1st-gen", "--layout", "ios14", "--out=\($0)"]
        }
    }

    @Test(arguments: folderForms) func measuredCropOut(_ form: Form) throws {
        try Self.check(form) {
            [
                "crop", "--content", Self.content, "\(Self.pair)/four-small-1000x2100-empty.png", "--measured-from",
                "\(Self.pair)/four-small-1000x2100-placed.png", "--out=\($0)",
            ]
        }
    }

    /// A copy of the small content (the 4-inch SE and the docs), for builds, made once.
    static let smallContent: String = {
        let folder = smallContentFolder.url
        let manager = FileManager.default
        for sub in ["devices", "screenshots"] {
            try! manager.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        for file in ["devices/iphone-se-1st-gen.md", "screenshots/iphone-se-1st-gen-light.png", "screenshots/iphone-se-1st-gen-dark.png", "docs"] {
            try! manager.copyItem(atPath: "\(content)/\(file)", toPath: folder.appendingPathComponent(file).path)
        }
        return folder.path
    }()

    /// The folder of `smallContent`, kept as long as the tests run.
    private static let smallContentFolder = try! TemporaryFolder("path-forms-content")

    @Test(arguments: folderForms) func buildOutput(_ form: Form) throws {
        try withTemporaryFolder("path-forms-cache") { folder in
            let cache = folder.appendingPathComponent("cache").path
            try Self.check(form) { ["build", "--quiet", "--content", Self.smallContent, "--output=\($0)", "--cache=\(cache)"] }
        }
    }

    @Test(arguments: folderForms.filter { ["y", "y/", "../y", "file.txt", "file.txt/y"].contains($0.typed) })
    func buildCache(_ form: Form) throws {
        try withTemporaryFolder("path-forms-site") { folder in
            let output = folder.appendingPathComponent("site").path
            try Self.check(form) { ["build", "--quiet", "--content", Self.smallContent, "--output=\(output)", "--cache=\($0)"] }
        }
    }

    @Test(arguments: fileForms) func exportOutput(_ form: Form) throws {
        try Self.check(form) { ["export", "ios26-model", "--content", Self.content, "--output=\($0)"] }
    }

    @Test func samplesOut() throws {
        try Self.check(Form(typed: "y", lands: "work/y")) {
            ["samples", "iphone-16-pro", "--content", Self.content, "--widgets", "ios18", "--out=\($0)"]
        }
    }
}

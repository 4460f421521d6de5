import Foundation
import NativePNG
import TestFolders
import TestSupport
import Testing

/// Every command that takes two screenshots of one page (`crop EMPTY --measured-from PLACED`,
/// `calibrate PLACED --empty EMPTY`, with `--json` or `--into`) refuses one screenshot given
/// twice, in every form (the same path, `./A`, a hard link, a symbolic link, a copy), saying
/// plainly that it is the same file or the same image: status 1, nothing written. Never "no
/// widgets found", which sends a person to retake a screenshot that was fine.
@Suite struct SameScreenshotTwiceTests {
    /// How the second name of the screenshot is made, and what the refusal must say.
    struct Form: Sendable, CustomTestStringConvertible {
        var name: String
        var says: String
        var testDescription: String { name }
    }

    static let forms = [
        Form(name: "the same path", says: "is the same file as the empty screenshot"),
        Form(name: "./", says: "is the same file as the empty screenshot"),
        Form(name: "a hard link", says: "is the same file as the empty screenshot"),
        Form(name: "a symbolic link", says: "is the same file as the empty screenshot"),
        Form(name: "a copy", says: "are identical images (every pixel the same, compared at 8 bits"),
    ]

    /// For each command, its arguments for a pair (`placed`, `empty`).
    static let commands: [String: @Sendable (String, String) -> [String]] = [
        "crop --measured-from": { placed, empty in ["crop", empty, "--measured-from", placed, "--out", "crops"] },
        "calibrate --empty": { placed, empty in ["calibrate", placed, "--empty", empty] },
        "calibrate --empty --json": { placed, empty in ["calibrate", placed, "--empty", empty, "--json"] },
        "calibrate --into": { placed, empty in
            ["calibrate", placed, "--empty", empty, "--content", "content", "--into", "iphone-16-pro", "--layout", "ios26", "--reference", "k=a"]
        },
    ]

    static let placed = CLIRunner.packageRoot.appendingPathComponent("Tests/CalibrationTests/Pairs/four-small-1000x2100-placed.png")

    @Test(arguments: commands.keys.sorted(), forms)
    func oneScreenshotGivenTwiceIsSaidToBeThat(_ command: String, _ form: Form) throws {
        try withTemporaryFolder("same-twice") { folder in
            let manager = FileManager.default
            try manager.createDirectory(at: folder.appendingPathComponent("content/devices"), withIntermediateDirectories: true)
            let profile = CLIRunner.packageRoot.appendingPathComponent("content/devices/iphone-16-pro.md")
            try manager.copyItem(at: profile, to: folder.appendingPathComponent("content/devices/iphone-16-pro.md"))
            try manager.copyItem(at: Self.placed, to: folder.appendingPathComponent("shot.png"))
            let second: String
            switch form.name {
            case "the same path": second = "shot.png"
            case "./": second = "./shot.png"
            case "a hard link":
                second = "hard.png"
                try manager.linkItem(atPath: folder.appendingPathComponent("shot.png").path, toPath: folder.appendingPathComponent(second).path)
            case "a symbolic link":
                second = "link.png"
                try manager.createSymbolicLink(atPath: folder.appendingPathComponent(second).path, withDestinationPath: "shot.png")
            default:
                second = "copy.png"
                try manager.copyItem(at: Self.placed, to: folder.appendingPathComponent(second))
            }
            let before = try manager.subpathsOfDirectory(atPath: folder.path).sorted()
            let profileBefore = try Data(contentsOf: folder.appendingPathComponent("content/devices/iphone-16-pro.md"))
            let result = try CLIRunner.run(Self.commands[command]!("shot.png", second), in: folder)
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stderr.contains(form.says), "\(result.stderr)")
            #expect(!result.stderr.contains("no widgets found"), "\(result.stderr)")
            #expect(result.stdout.isEmpty, "\(result.stdout.prefix(300))")
            #expect(try manager.subpathsOfDirectory(atPath: folder.path).sorted() == before, "nothing is written")
            #expect(try Data(contentsOf: folder.appendingPathComponent("content/devices/iphone-16-pro.md")) == profileBefore)
        }
    }

    /// Every command that measures a pair, with the second screenshot given as a file name.
    static let pairCommands: [String: [String]] = [
        "crop --measured-from": ["crop", "shot.png", "--measured-from", "other.png", "--out", "crops"],
        "crop --widgets-from": ["crop", "shot.png", "--widgets-from", "other.png", "--out", "crops"],
        // In a style, the pieces are looked for on the empty page in it, the pair compared as it is.
        "crop --widgets-from --style blur": ["crop", "shot.png", "--widgets-from", "other.png", "--style", "blur", "--out", "crops"],
        "crop --widgets-from --style glass": ["crop", "shot.png", "--widgets-from", "other.png", "--style", "glass", "--out", "crops"],
        "calibrate --empty": ["calibrate", "other.png", "--empty", "shot.png"],
        "calibrate --transparent": [
            "calibrate", "other.png", "--empty", "shot.png", "--transparent", "--into", "iphone-se-1st-gen", "--layout", "ios14", "--reference",
            "k=v",
        ],
    ]

    /// The 4-inch SE's page in grey, as its levels.
    static let page: (levels: [UInt8], width: Int, height: Int) = {
        let image = try! PNGRaster(
            contentsOfFile: CLIRunner.packageRoot.appendingPathComponent("content/screenshots/iphone-se-1st-gen-light.png").path)
        return (SamePicture.levels(of: image), image.width, image.height)
    }()

    /// The page's file in every encoding (the first screenshot's among them), written once for
    /// every command that is given it.
    static let files: [SamePicture.Encoding: Data] = Dictionary(
        uniqueKeysWithValues: SamePicture.encodings.map { encoding in
            (encoding, Data(SamePicture.png(page.levels, width: page.width, height: page.height, encoding)))
        })
    /// How the first screenshot is stored.
    static let first = SamePicture.Encoding(colorType: .rgb, bitDepth: 8, interlaced: false)

    /// One picture given twice, the second stored otherwise (16 bits, grey, a palette, alpha,
    /// Adam7): the same picture, said to be so, by every command that measures a pair.
    @Test(arguments: pairCommands.keys.sorted(), SamePicture.encodings)
    func onePictureStoredTwoWaysIsSaidToBeTheSameImage(_ command: String, _ encoding: SamePicture.Encoding) throws {
        let workspace = try CommandLineWorkspace()
        defer { workspace.remove() }
        try Self.files[Self.first]!.write(to: workspace.folder.appendingPathComponent("shot.png"))
        try Self.files[encoding]!.write(to: workspace.folder.appendingPathComponent("other.png"))
        let before = try workspace.snapshot()
        let result = try workspace.run(Self.pairCommands[command]!)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("are identical images (every pixel the same, compared at 8 bits"), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "\(result.stdout.prefix(300))")
        #expect(try workspace.snapshot() == before, "nothing is written")
    }
}

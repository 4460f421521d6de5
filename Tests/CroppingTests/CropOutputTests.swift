import CheckCodes
import Cropping
import FileAccess
import Foundation
import Testing

/// The output of a crop: checked before anything is written, then written all or nothing.
@Suite struct CropOutputTests {
    @Test func aFailedWriteLeavesTheFolderAsItWasAndSaysSo() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let out = scratch.path("crops")
        let failed = #expect(throws: CropFailure.self) {
            try CropOutput.writeAllOrNothing(out: out, names: ["a.png", "b.png"]) { folder throws(CropFailure) in
                FileManager.default.createFile(atPath: folder.stagedPath("a.png"), contents: Data([1]))
                throw CropFailure([ProblemText(file: "b.png", reason: "cannot be written")])
            }
        }
        #expect(failed?.problems.map(\.message) == ["b.png: cannot be written", "\(out): nothing was written (it is as it was before this command)"])
        #expect(scratch.files("crops") == nil, "the folder it made is gone again")

        try CropOutput.writeAllOrNothing(out: out, names: ["a.png"]) { folder throws(CropFailure) in
            FileManager.default.createFile(atPath: folder.stagedPath("a.png"), contents: Data([1]))
        }
        #expect(scratch.files("crops") == ["a.png"])
    }

    @Test func existingFilesAreListedFourAtMost() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let names = (1...6).map { "\($0).png" }
        for name in names { FileManager.default.createFile(atPath: scratch.path(name), contents: Data()) }
        let output = CropOutput(paths: names.map(scratch.path), inputs: [])
        let refused = #expect(throws: CropFailure.self) { try output.check(out: scratch.folder.path, force: false) }
        #expect(refused?.problems.first?.reason.hasPrefix("already holds 6 of the files this crop writes (1.png, 2.png, 3.png, 4.png, …)") == true)
        try output.check(out: scratch.folder.path, force: true)
    }
}

import FileAccess
import Foundation
import Gallery
import TestFolders
import Testing

/// The folders `build` and `serve` make for themselves: named after the command and the process,
/// swept when a run that ended left them, and the templates they render with.
@Suite struct ScratchFoldersTests {
    @Test func whatAnEndedRunLeftIsSweptAndARunningOnesIsKept() throws {
        try withTemporaryFolder("scratch") { temporary in
            let manager = FileManager.default
            // 2^22 + 1 is above Linux's largest process id: that run has surely ended.
            let ended = ["backdrop-build-4194305", "backdrop-build-4194305-templates"]
            let running = "backdrop-build-\(getpid())-templates"
            let other = "backdrop-serve-4194305"
            for name in ended + [running, other] {
                try manager.createDirectory(at: temporary.appendingPathComponent(name), withIntermediateDirectories: true)
            }
            let scratch = ScratchFolders(command: "build", processID: 77, temporary: temporary.path)
            #expect(scratch.work == temporary.appendingPathComponent("backdrop-build-77").path)
            #expect(scratch.builtInTemplates == scratch.work + "-templates")
            #expect(try manager.contentsOfDirectory(atPath: temporary.path).sorted() == [running, other].sorted())
        }
    }

    @Test func theTemplatesGivenThenTheLocalFolderThenTheBuiltInOnes() throws {
        try withTemporaryFolder("scratch") { temporary in
            let scratch = ScratchFolders(command: "build", processID: 78, temporary: temporary.path)
            #expect(try scratch.templates(given: "mine", local: temporary.path) == "mine")
            #expect(try scratch.templates(given: nil, local: temporary.path) == temporary.path)
            let missing = temporary.appendingPathComponent("no-templates").path
            let written = try scratch.templates(given: nil, local: missing)
            #expect(written == scratch.builtInTemplates)
            #expect(FileManager.default.fileExists(atPath: written + "/device.mustache"))
            scratch.remove()
            #expect(!FileManager.default.fileExists(atPath: written))
        }
    }

    @Test func templatesThatCannotBeWrittenAreAProblemNamingTheFolder() throws {
        try withTemporaryFolder("scratch") { temporary in
            // The temporary folder given is a file: nothing can be written under it.
            let file = temporary.appendingPathComponent("a-file")
            try Data("in the way".utf8).write(to: file)
            let scratch = ScratchFolders(command: "build", processID: 79, temporary: file.path)
            do throws(FileProblem) {
                _ = try scratch.templates(given: nil, local: temporary.appendingPathComponent("none").path)
                Issue.record("the templates were written over a file")
            } catch {
                #expect(error.path.contains("a-file/backdrop-build-79-templates"), "\(error)")
            }
        }
    }
}

import FileAccess
import Foundation
import TestFolders
import Testing

/// The one wording of file-system errors: Foundation's error numbers and POSIX codes become the
/// same words.
@Suite struct FileProblemTests {
    @Test func foundationErrorNumbersAreSaidInWords() {
        let cases: [(any Error, String)] = [
            (CocoaError(.fileWriteFileExists), "already exists"),  // 516
            (CocoaError(.fileWriteNoPermission), "permission denied"),  // 513
            (CocoaError(.fileReadNoSuchFile), "no such file or folder"),  // 260
            (CocoaError(.fileWriteOutOfSpace), "no space left on the device"),  // 640
            (CocoaError(.fileWriteVolumeReadOnly), "the file system is read-only"),
            (
                NSError(
                    domain: NSCocoaErrorDomain, code: 512, userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EISDIR))]),
                "is a folder"
            ),
            (POSIXError(.ENOSPC), "no space left on the device"),
            (NSError(domain: NSPOSIXErrorDomain, code: Int(EACCES)), "permission denied"),
        ]
        for (error, reason) in cases {
            #expect(FileProblem.reason(error) == reason, "\(error)")
            #expect(
                FileProblem(path: "out/x.png", action: "cannot be written", error: error).description == "out/x.png: cannot be written: \(reason)")
        }
    }

    @Test func whatFoundationThrowsIsWorded() throws {
        try withTemporaryFolder("wording") { folder in
            #expect(throws: (any Error).self) { try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: false) }
            do {
                try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: false)
            } catch {
                #expect(FileProblem.reason(error) == "already exists", "\(error)")
            }
            do {
                _ = try Data(contentsOf: folder.appendingPathComponent("missing"))
            } catch {
                #expect(FileProblem.reason(error) == "no such file or folder", "\(error)")
            }
        }
    }
}

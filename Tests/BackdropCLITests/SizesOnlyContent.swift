import Foundation
import TestFolders

/// A copy of the bundled content in which the iPhone Air's iOS 26 layout gives sizes only, as it
/// did before any source or model gave its positions: for the tests of a layout with nothing to crop.
enum SizesOnlyContent {
    /// Runs `body` with the copy, made in a new temporary folder and removed after.
    static func with(_ body: (URL) throws -> Void) throws {
        try withTemporaryFolder("backdrop-sizes-only") { temporary in try body(try make(in: temporary)) }
    }

    /// Makes the copy as `content` in `temporary`; its URL.
    private static func make(in temporary: URL) throws -> URL {
        let folder = temporary.appendingPathComponent("content")
        try FileManager.default.copyItem(at: CLIRunner.packageRoot.appendingPathComponent("content"), to: folder)
        let profile = folder.appendingPathComponent("devices/iphone-air.md")
        let text = try String(contentsOf: profile, encoding: .utf8)
        let kept = text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            let positions = ["left", "right", "top", "middle", "bottom"].map { "    \($0): {value: " }
            return !positions.contains { line.hasPrefix($0) } && !line.hasPrefix("  ios26-grid-model:")
        }
        guard kept.count == text.split(separator: "\n", omittingEmptySubsequences: false).count - 6 else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: profile.path])
        }
        try kept.joined(separator: "\n").write(to: profile, atomically: true, encoding: .utf8)
        return folder
    }
}

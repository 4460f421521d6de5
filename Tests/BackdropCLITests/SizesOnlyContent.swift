import Foundation

/// A copy of the bundled content in which the iPhone Air's iOS 26 layout gives sizes only, as it
/// did before any source or model gave its positions: for the tests of a layout with nothing to crop.
enum SizesOnlyContent {
    /// Makes the copy in a new temporary folder; the caller removes it.
    static func make() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("backdrop-sizes-only-\(UUID().uuidString)")
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

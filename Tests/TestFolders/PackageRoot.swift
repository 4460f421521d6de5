import Foundation

/// The repository's root folder, for the bundled content, templates and docs the tests read.
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// How many devices the bundled catalog has: one profile each in `content/devices/`.
public let bundledDeviceCount =
    ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("content/devices").path)) ?? [])
    .filter { $0.hasSuffix(".md") }.count

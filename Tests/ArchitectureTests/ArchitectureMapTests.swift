import Foundation
import TestFolders
import Testing

/// `docs/architecture.md` is the map of the code; these tests keep it true. Its table under
/// "Modules" lists, for every module, the modules it may import. Every `import` in `Sources/` must
/// be one its module's row allows, and every dependency `Package.swift` gives a target must be one
/// its row lists (and the other way round, system modules aside), so that a new import or
/// dependency fails the tests until the map says it.
@Suite struct ArchitectureMapTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Modules of the system, which `Package.swift` does not list: the map still says which
    /// module may use them (no Foundation in an Embedded Swift module).
    static let systemModules: Set<String> = ["Foundation", "Dispatch", "Synchronization", "Glibc", "Darwin", "Musl"]

    /// The map's table: each module with the modules it may import.
    static func map() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        guard let start = text.range(of: "\n## Modules\n") else {
            Issue.record("docs/architecture.md has no ## Modules section")
            return [:]
        }
        var map: [String: Set<String>] = [:]
        for line in text[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count == 5, let module = names(cells[1]).first else {
                Issue.record("a row of the modules table is not | `module` | job | imports |: \(line)")
                continue
            }
            #expect(map[module] == nil, "\(module) has two rows")
            map[module] = Set(names(cells[3]))
        }
        return map
    }

    /// The names written in backticks in a table cell.
    static func names(_ cell: Substring) -> [String] {
        cell.matches(of: #/`([A-Za-z_][A-Za-z0-9_]*)`/#).map { String($0.output.1) }
    }

    /// The modules the Swift files under `folder` import (`import X`, `@testable import X`,
    /// `public import X`, `import struct X.Y`), each with a file that does.
    static func imports(under folder: URL) -> [String: String] {
        var found: [String: String] = [:]
        let pattern =
            #/^\s*(?:@[A-Za-z_]+\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?import\s+(?:(?:struct|class|enum|protocol|typealias|func|var|let)\s+)?([A-Za-z_][A-Za-z0-9_]*)/#
        guard let files = FileManager.default.enumerator(atPath: folder.path) else { return [:] }
        for case let path as String in files where path.hasSuffix(".swift") {
            guard let text = try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8) else { continue }
            for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
                if let match = try? pattern.prefixMatch(in: line) { found[String(match.output.1), default: path] = path }
            }
        }
        return found
    }

    /// Each target of `Package.swift` outside `Tests/` (plugins aside) with its dependencies, as
    /// `swift package dump-package` gives them.
    static func packageDependencies() throws -> [String: Set<String>] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A scratch folder of its own: the one in .build is locked while `swift test` runs.
        return try withTemporaryFolder("dump-package") { folder in
            let scratch = folder.appendingPathComponent("scratch")
            process.arguments = ["swift", "package", "--scratch-path", scratch.path, "dump-package"]
            process.currentDirectoryURL = root
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            var dependencies: [String: Set<String>] = [:]
            for target in json?["targets"] as? [[String: Any]] ?? [] {
                guard let name = target["name"] as? String, let type = target["type"] as? String, type != "test", type != "plugin" else { continue }
                if let path = target["path"] as? String, path.hasPrefix("Tests") { continue }
                var names: Set<String> = []
                for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                    for kind in ["byName", "target", "product"] {
                        if let parts = dependency[kind] as? [Any], let first = parts.first as? String { names.insert(first) }
                    }
                }
                dependencies[name] = names
            }
            return dependencies
        }
    }

    @Test func everyImportInSourcesIsOneTheMapAllows() throws {
        let map = try Self.map()
        #expect(!map.isEmpty)
        let sources = Self.root.appendingPathComponent("Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { !$0.hasPrefix(".") }
        for module in modules.sorted() {
            guard let allowed = map[module] else {
                Issue.record("Sources/\(module) is not on the map: give it a row in docs/architecture.md")
                continue
            }
            for (imported, file) in Self.imports(under: sources.appendingPathComponent(module)).sorted(by: { $0.key < $1.key })
            where !allowed.contains(imported) {
                Issue.record("Sources/\(module)/\(file) imports \(imported), which docs/architecture.md does not allow \(module)")
            }
        }
    }

    @Test func packageSwiftGivesEachTargetTheDependenciesTheMapLists() throws {
        let map = try Self.map()
        let package = try Self.packageDependencies()
        #expect(!package.isEmpty, "swift package dump-package gave no targets")
        for (target, dependencies) in package.sorted(by: { $0.key < $1.key }) {
            guard let allowed = map[target] else {
                Issue.record("the target \(target) of Package.swift is not on the map")
                continue
            }
            let listed = allowed.subtracting(Self.systemModules)
            #expect(dependencies == listed, "\(target): Package.swift gives \(dependencies.sorted()), the map \(listed.sorted())")
        }
        for module in map.keys where package[module] == nil {
            Issue.record("the map lists \(module), which Package.swift does not have")
        }
    }

    /// The check itself: an import the map does not allow is found, with its file.
    @Test func anImportOutsideTheMapIsFound() throws {
        try withTemporaryFolder("map") { folder in
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("Inner"), withIntermediateDirectories: true)
            let text = "// import NotThis\n@testable import Catalog\npublic import struct Gallery.BaseURL\n  import Foundation\n"
            try text.write(to: folder.appendingPathComponent("Inner/A.swift"), atomically: true, encoding: .utf8)
            #expect(Self.imports(under: folder) == ["Catalog": "Inner/A.swift", "Gallery": "Inner/A.swift", "Foundation": "Inner/A.swift"])
            let slotGeometry = try #require(try Self.map()["SlotGeometry"])
            #expect(!slotGeometry.contains("Foundation"), "an Embedded Swift module may not import Foundation")
        }
    }
}

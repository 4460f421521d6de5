import Foundation
import TestFolders
import Testing

/// `docs/architecture.md` is the map of the code; these tests keep it true. Its table under
/// "Modules" gives every module a layer, a job and the modules it may import:
/// - every `import` in `Sources/` must be one its module's row allows, and every dependency
///   `Package.swift` gives a target one its row lists (and the other way round, system modules
///   aside), so that a new import or dependency fails until the map says it;
/// - the layers' rule holds: no command module imports another command module or the executable,
///   a library imports only libraries, and no module imports the browser core's `Web`;
/// - the module graph the map draws is the one the imports make;
/// - `Package.swift` writes one comment line above each target, the job its row gives;
/// - every path and name the map writes in backticks exists.
@Suite struct ArchitectureMapTests {
    static let root = packageRoot
    static let mapFile = root.appendingPathComponent("docs/architecture.md")

    /// Modules of the system, which `Package.swift` does not list: the map still says which
    /// module may use them (no Foundation in an Embedded Swift module).
    static let systemModules: Set<String> = ["Foundation", "Dispatch", "Synchronization", "Glibc", "Darwin", "Musl"]

    /// The layers a module can have, top to bottom.
    enum Layer: String, CaseIterable {
        case executable, command, browser, app, library
    }

    /// One row of the map's table.
    struct Row: Equatable {
        var layer: Layer
        var job: String
        var imports: Set<String>
    }

    static func mapText() throws -> String { try String(contentsOf: mapFile, encoding: .utf8) }

    /// The map's table: each module with its row.
    static func map(_ text: String? = nil) throws -> [String: Row] {
        let text = try text ?? mapText()
        guard let start = text.range(of: "\n## Modules\n") else {
            Issue.record("docs/architecture.md has no ## Modules section")
            return [:]
        }
        var map: [String: Row] = [:]
        for line in text[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count == 6, let module = names(cells[1]).first,
                let layer = Layer(rawValue: cells[2].trimmingCharacters(in: .whitespaces))
            else {
                Issue.record("a row of the modules table is not | `module` | layer | job | imports |: \(line)")
                continue
            }
            #expect(map[module] == nil, "\(module) has two rows")
            map[module] = Row(layer: layer, job: cells[3].trimmingCharacters(in: .whitespaces), imports: Set(names(cells[4])))
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

    /// Every module of `Sources/` with the modules of `Sources/` it imports.
    static func sourceGraph(_ map: [String: Row]) throws -> [String: Set<String>] {
        let sources = root.appendingPathComponent("Sources")
        var graph: [String: Set<String>] = [:]
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) where !module.hasPrefix(".") {
            graph[module] = Set(imports(under: sources.appendingPathComponent(module)).keys).filter { map[$0] != nil }
        }
        return graph
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
            guard let allowed = map[module]?.imports else {
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
            guard let allowed = map[target]?.imports else {
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

    /// What the layers' rule says of one import: nil when it is allowed.
    static func sidewaysImport(_ module: String, imports imported: String, in map: [String: Row]) -> String? {
        guard let from = map[module]?.layer, let to = map[imported]?.layer else { return nil }
        switch (from, to) {
        case (_, .browser): return "\(module) imports \(imported), the browser core, which no module imports"
        case (_, .executable): return "\(module) imports the executable \(imported)"
        case (.command, .command): return "the command module \(module) imports the command module \(imported): move what both need down to a library"
        case (.library, .command), (.library, .app), (.app, .command):
            return "the \(from.rawValue) \(module) imports the \(to.rawValue) module \(imported)"
        default: return nil
        }
    }

    @Test func noModuleLeansSidewaysOnAnother() throws {
        let map = try Self.map()
        for (module, imported) in try Self.sourceGraph(map).sorted(by: { $0.key < $1.key }) {
            for name in imported.sorted() {
                if let problem = Self.sidewaysImport(module, imports: name, in: map) { Issue.record(Comment(rawValue: problem)) }
            }
        }
    }

    /// The rule itself: a command module importing another, and a library importing a command
    /// module or the browser core, are found.
    @Test func aSidewaysImportIsFound() throws {
        let map = try Self.map()
        #expect(Self.sidewaysImport("Cropping", imports: "Gallery", in: map) != nil)
        #expect(Self.sidewaysImport("Calibrating", imports: "Cropping", in: map) != nil)
        #expect(Self.sidewaysImport("Checks", imports: "Gallery", in: map) != nil)
        #expect(Self.sidewaysImport("Cropping", imports: "Web", in: map) != nil)
        #expect(Self.sidewaysImport("Gallery", imports: "backdrop", in: map) != nil)
        #expect(Self.sidewaysImport("Cropping", imports: "Checks", in: map) == nil)
        #expect(Self.sidewaysImport("backdrop", imports: "Gallery", in: map) == nil)
    }

    /// The map's module graph, in Mermaid: the modules by layer, then each import that no longer
    /// path of imports already implies.
    static func mermaid(_ graph: [String: Set<String>], _ map: [String: Row]) -> String {
        func reaches(_ from: String, _ to: String, avoiding edge: (String, String)) -> Bool {
            var seen: Set<String> = [from]
            var stack = [from]
            while let next = stack.popLast() {
                for target in graph[next] ?? [] where (next, target) != edge && !seen.contains(target) {
                    if target == to { return true }
                    seen.insert(target)
                    stack.append(target)
                }
            }
            return false
        }
        let order = Layer.allCases
        var lines = ["```mermaid", "graph TD"]
        for layer in order {
            lines.append("  subgraph \(layer.rawValue)")
            lines += map.filter { $0.value.layer == layer }.keys.sorted().map { "    \($0)" }
            lines.append("  end")
        }
        let rank = { (module: String) in order.firstIndex(of: map[module]?.layer ?? .library) ?? order.count }
        let modules = graph.keys.sorted { (rank($0), $0) < (rank($1), $1) }
        for module in modules {
            for target in (graph[module] ?? []).sorted() where !reaches(module, target, avoiding: (module, target)) {
                lines.append("  \(module) --> \(target)")
            }
        }
        lines.append("```")
        return lines.joined(separator: "\n")
    }

    @Test func theMapsGraphIsTheOneTheImportsMake() throws {
        let text = try Self.mapText()
        let map = try Self.map(text)
        let drawn = Self.mermaid(try Self.sourceGraph(map), map)
        let begin = "<!-- module graph: begin -->\n"
        let end = "\n<!-- module graph: end -->"
        guard let start = text.range(of: begin), let stop = text.range(of: end, range: start.upperBound..<text.endIndex) else {
            Issue.record("docs/architecture.md has no module graph between \(begin) and \(end)")
            return
        }
        if ProcessInfo.processInfo.environment["BACKDROP_WRITE_MAP"] == "1" {
            try text.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: drawn).write(
                to: Self.mapFile, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            String(text[start.upperBound..<stop.lowerBound]) == drawn,
            "the module graph of docs/architecture.md is not the one the imports make; BACKDROP_WRITE_MAP=1 swift test --traits Tool --filter ArchitectureMapTests writes it"
        )
    }

    /// The one comment line `Package.swift` writes right above each target, by target name.
    static func packageComments() throws -> [String: [String]] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var comments: [String: [String]] = [:]
        for (index, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix(".target(") || trimmed.hasPrefix(".systemLibrary(") || trimmed.hasPrefix(".executableTarget(") else { continue }
            let declaration = trimmed + " " + (index + 1 < lines.count ? lines[index + 1] : "")
            guard let name = declaration.firstMatch(of: #/name: "([A-Za-z]+)"/#)?.output.1 else { continue }
            var above: [String] = []
            var cursor = index - 1
            while cursor >= 0, lines[cursor].trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                above.insert(lines[cursor].trimmingCharacters(in: .whitespaces), at: 0)
                cursor -= 1
            }
            comments[String(name)] = above
        }
        return comments
    }

    @Test func packageSwiftSaysEachTargetsJobInOneLineAsTheMapDoes() throws {
        let map = try Self.map()
        let comments = try Self.packageComments()
        for module in map.keys.sorted() {
            guard let lines = comments[module] else {
                Issue.record("Package.swift has no target \(module)")
                continue
            }
            let job = map[module]!.job.replacing("`", with: "").replacing("*", with: "")
            #expect(lines == ["// " + job], "Package.swift above \(module): \(lines); the map's job: // \(job)")
        }
    }

    /// Every name in backticks in the map's prose: paths (with a `/`; `<…>` marks a placeholder)
    /// must exist, Swift names must be declared (or be a module the map lists, a test target, or
    /// the package's trait).
    @Test func everyPathAndNameTheMapWritesExists() throws {
        let text = try Self.mapText()
        let map = try Self.map(text)
        let declared = try Self.declaredNames()
        let testTargets = Set(try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Tests").path))
        let known = Set(map.keys).union(map.values.flatMap(\.imports)).union(testTargets).union(["Tool", "ParsableCommand"])
        // What a build writes (`site/`) is in .gitignore, not in a fresh clone: the map may name it.
        let ignored = try String(contentsOf: Self.root.appendingPathComponent(".gitignore"), encoding: .utf8)
            .split(separator: "\n").map { String($0.hasSuffix("/") ? $0.dropLast() : $0) }
        var missing: [String] = []
        for match in text.matches(of: #/`([^`\n]+)`/#) {
            let written = String(match.output.1)
            if written.contains("/"), !written.contains(" "), !written.contains("<"), !written.contains("*"), !written.hasPrefix("--") {
                let path = written.hasSuffix("/") ? String(written.dropLast()) : written
                if ignored.contains(path) { continue }
                if !FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(path).path) { missing.append(written) }
            } else if let name = written.firstMatch(of: #/^([A-Z][A-Za-z0-9]+)(?:\.[a-z][A-Za-z]*(?:\(\))?)?$/#)?.output.1,
                !written.hasSuffix(".swift")
            {
                if !known.contains(String(name)) && !declared.contains(String(name)) { missing.append(written) }
            }
        }
        #expect(missing.isEmpty, "docs/architecture.md names what nothing in the repository has: \(missing)")
    }

    /// Every type, suite and function name declared in `Sources/` and `Tests/`.
    static func declaredNames() throws -> Set<String> {
        var names: Set<String> = []
        for folder in ["Sources", "Tests"] {
            let base = root.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let path as String in files where path.hasSuffix(".swift") {
                let text = try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
                for match in text.matches(of: #/(?:struct|enum|class|actor|protocol|typealias|func)\s+([A-Za-z_][A-Za-z0-9_]*)/#) {
                    names.insert(String(match.output.1))
                }
            }
        }
        return names
    }

    /// The check itself: an import the map does not allow is found, with its file.
    @Test func anImportOutsideTheMapIsFound() throws {
        try withTemporaryFolder("map") { folder in
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("Inner"), withIntermediateDirectories: true)
            let text = "// import NotThis\n@testable import Catalog\npublic import struct Gallery.BaseURL\n  import Foundation\n"
            try text.write(to: folder.appendingPathComponent("Inner/A.swift"), atomically: true, encoding: .utf8)
            #expect(Self.imports(under: folder) == ["Catalog": "Inner/A.swift", "Gallery": "Inner/A.swift", "Foundation": "Inner/A.swift"])
            let slotGeometry = try #require(try Self.map()["SlotGeometry"])
            #expect(!slotGeometry.imports.contains("Foundation"), "an Embedded Swift module may not import Foundation")
        }
    }
}

import Catalog
import Foundation
import Gallery
import TestFolders

/// The bundled content built once into a temporary folder, shared by the end-to-end tests.
enum BundledSite {
    struct Built: Sendable {
        /// The temporary folder of the site, kept as long as the tests run.
        var folder: TemporaryFolder
        var output: URL
        var cache: URL
        var report: BuildReport
        var diagnostics: [Diagnostic]
    }

    static let built: Result<Built, BuildFailure> = {
        let folder = try! TemporaryFolder("bundled-site")
        let output = folder.url.appendingPathComponent("site")
        // The crops' cache of the site checks and the browser tests (scripts/site-checks.sh): the
        // bundled screenshots are cropped once in a test run, and not again in the next.
        let cache = packageRoot.appendingPathComponent(".build/test-site-cache")
        let options = BuildOptions(
            content: packageRoot.appendingPathComponent("content").path, templates: packageRoot.appendingPathComponent("templates").path,
            output: output.path, cache: cache.path)
        return Result { () throws(BuildFailure) in
            let (report, diagnostics) = try SiteBuilder(options: options, verbosity: .quiet).build()
            return Built(folder: folder, output: output, cache: cache, report: report, diagnostics: diagnostics)
        }
    }()
}

/// A content folder with one small device (the 4-inch SE, 640x1136 screenshots) and the docs pages,
/// copied from the bundled content, and a copy of the templates: for tests that break things.
struct SmallContent {
    let temporary: TemporaryFolder
    var folder: URL { temporary.url }
    var content: URL { folder.appendingPathComponent("content") }
    var templates: URL { folder.appendingPathComponent("templates") }
    var output: URL { folder.appendingPathComponent("site") }
    var cache: URL { folder.appendingPathComponent("cache") }

    init() throws {
        temporary = try TemporaryFolder("small-content")
        let manager = FileManager.default
        let bundled = packageRoot.appendingPathComponent("content")
        try manager.createDirectory(at: content.appendingPathComponent("devices"), withIntermediateDirectories: true)
        try manager.createDirectory(at: content.appendingPathComponent("screenshots"), withIntermediateDirectories: true)
        try manager.copyItem(
            at: bundled.appendingPathComponent("devices/iphone-se-1st-gen.md"), to: content.appendingPathComponent("devices/iphone-se-1st-gen.md"))
        for appearance in ["light", "dark"] {
            let name = "screenshots/iphone-se-1st-gen-\(appearance).png"
            try manager.copyItem(at: bundled.appendingPathComponent(name), to: content.appendingPathComponent(name))
        }
        try manager.copyItem(at: bundled.appendingPathComponent("docs"), to: content.appendingPathComponent("docs"))
        try manager.copyItem(at: packageRoot.appendingPathComponent("templates"), to: templates)
    }

    /// A copy of the small content after one successful build: content, templates, site and cache.
    static func built() throws -> SmallContent {
        let copy = SmallContent(temporary: try TemporaryFolder("small-built"))
        try FileManager.default.removeItem(at: copy.folder)
        try FileManager.default.copyItem(at: try prebuilt.get().folder, to: copy.folder)
        return copy
    }

    private static let prebuilt: Result<SmallContent, any Error> = Result {
        let small = try SmallContent()
        _ = try small.build()
        return small
    }

    private init(temporary: TemporaryFolder) {
        self.temporary = temporary
    }

    /// Where the site is hosted, when a test gives it.
    var baseURL: BaseURL?

    var options: BuildOptions {
        BuildOptions(content: content.path, templates: templates.path, output: output.path, cache: cache.path, baseURL: baseURL)
    }

    func build() throws(BuildFailure) -> (report: BuildReport, diagnostics: [Diagnostic]) {
        try SiteBuilder(options: options, verbosity: .quiet).build()
    }

    /// Every file of the output, with its contents.
    func snapshot() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let manager = FileManager.default
        for case let path as String in manager.enumerator(atPath: output.path)! {
            var isDirectory: ObjCBool = false
            let full = output.appendingPathComponent(path)
            if manager.fileExists(atPath: full.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[path] = try Data(contentsOf: full)
            }
        }
        return files
    }

    /// Every file under the folder (content, templates, site, cache and anything beside them),
    /// with its contents; a symbolic link by where it points.
    func snapshotAll() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let manager = FileManager.default
        for case let path as String in manager.enumerator(atPath: folder.path)! {
            let full = folder.appendingPathComponent(path)
            let type = try manager.attributesOfItem(atPath: full.path)[.type] as? FileAttributeType
            switch type {
            case .typeSymbolicLink?: files[path] = Data("link to \(try manager.destinationOfSymbolicLink(atPath: full.path))".utf8)
            case .typeDirectory?: files[path + "/"] = Data()
            case .typeRegular?: files[path] = try Data(contentsOf: full)
            case let other: files[path] = Data("\(String(describing: other))".utf8)
            }
        }
        return files
    }

    func remove() { temporary.remove() }
}

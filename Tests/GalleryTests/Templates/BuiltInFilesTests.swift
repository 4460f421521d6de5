import BuiltInFiles
import Catalog
import FileAccess
import Foundation
import Gallery
import TestFolders
import Testing

/// The files compiled into the tool are the repository's own, whole: the templates (the built-in
/// ones a build without a templates folder renders), the WidgetGeometry library's API files and
/// its symbol list. Nothing is read from the checkout at run time.
@Suite struct BuiltInFilesTests {
    /// The regular files under `folder` of the package, relative to the package root.
    static func filesOnDisk(_ folder: String) -> [String] {
        files(under: packageRoot.appendingPathComponent(folder).path).map { "\(folder)/\($0)" }
    }

    /// The regular files under the folder `root`, relative to it, sorted.
    static func files(under root: String) -> [String] {
        let names = (FileManager.default.subpaths(atPath: root) ?? []).filter { name in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: (root as NSString).appendingPathComponent(name), isDirectory: &isFolder)
                && !isFolder.boolValue
        }
        return names.sorted()
    }

    @Test func theTemplatesAreEmbeddedWholeAndAsTheyAre() throws {
        let onDisk = Self.filesOnDisk("templates")
        #expect(!onDisk.isEmpty)
        #expect(BuiltInFiles.paths(under: "templates") == onDisk)
        for path in onDisk {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
            #expect(BuiltInFiles.text(path) == text, "\(path) differs from the built-in copy")
        }
    }

    @Test func theLibraryFilesAndTheSymbolListAreEmbeddedButNotTheGeneratedCatalog() throws {
        let api = Self.filesOnDisk(WidgetGeometrySource.apiFolder).filter { !$0.contains("/Generated/") }
        #expect(BuiltInFiles.paths(under: WidgetGeometrySource.apiFolder) == api)
        for path in api + [APIReference.file] {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
            #expect(BuiltInFiles.text(path) == text, "\(path) differs from the built-in copy")
        }
        #expect(BuiltInFiles.text(WidgetGeometrySource.dataFile) == nil)
        let (reference, diagnostics) = APIReference.builtIn()
        #expect(reference != nil && diagnostics.isEmpty)
    }

    @Test func theBuiltInTemplatesAreWrittenAsTheTemplatesFolderHasThem() throws {
        try withTemporaryFolder("built-in-templates") { folder in
            let destination = folder.appendingPathComponent("templates").path
            // What was there is replaced, not merged.
            try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
            try Data("stale".utf8).write(to: URL(fileURLWithPath: destination).appendingPathComponent("stale.mustache"))
            #expect(try BuiltInTemplates.write(into: destination) == destination)
            let written = Self.files(under: destination)
            #expect(written.map { "templates/\($0)" } == Self.filesOnDisk("templates"))
            for name in written {
                let copy = try Data(contentsOf: URL(fileURLWithPath: destination).appendingPathComponent(name))
                #expect(copy == (try Data(contentsOf: packageRoot.appendingPathComponent("templates/\(name)"))))
            }
        }
    }

    /// A destination that cannot be a folder is a file problem naming the file, in the words every
    /// command uses for one.
    @Test func theBuiltInTemplatesThatCannotBeWrittenAreAFileProblem() throws {
        try withTemporaryFolder("built-in-templates-blocked") { folder in
            let file = folder.appendingPathComponent("file").path
            try Data("a file".utf8).write(to: URL(fileURLWithPath: file))
            let destination = file + "/templates"
            let error = #expect(throws: FileProblem.self) { try BuiltInTemplates.write(into: destination) }
            #expect(error?.path.hasPrefix(destination + "/") == true)
            #expect(error?.message.hasPrefix("cannot write the built-in template: ") == true)
            #expect(error?.description == "\(error?.path ?? ""): \(error?.message ?? "")")
        }
    }
}

import Foundation
import PackagePlugin

/// Compiles into the `BuiltInFiles` target the files of the package that the tool reads and that
/// are not the user's content: the built-in templates (`templates/`), the WidgetGeometry library's
/// API files (the site's one-file download) and its symbol list (the API reference page). The
/// binary then needs no checkout: `backdrop build` works from any folder.
@main
struct EmbedBuiltInFiles: BuildToolPlugin {
    /// The folders and files embedded, relative to the package root; a folder is taken whole.
    static let sources = ["templates", "Sources/WidgetGeometry", "docs/api/WidgetGeometry.symbols.json"]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        var inputs: [URL] = []
        for source in Self.sources {
            inputs += try files(at: root.appending(path: source))
        }
        // The generated catalog is data, not API: the download generates it from the content.
        inputs = inputs.filter { !$0.path.contains("/Sources/WidgetGeometry/Generated/") }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        let relative = inputs.map { String($0.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)) }
        return [
            .buildCommand(
                displayName: "Embedding the tool's built-in files (\(inputs.count))",
                executable: try context.tool(named: "EmbedFiles").url,
                arguments: [root.path, output.path] + relative,
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }

    /// The regular files at `url`, or under it when it is a folder, sorted.
    private func files(at url: URL) throws -> [URL] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
            throw EmbedError(description: "\(url.path): the built-in file or folder is missing")
        }
        guard isFolder.boolValue else { return [url] }
        let names = try FileManager.default.subpathsOfDirectory(atPath: url.path).sorted()
        return names.map { url.appending(path: $0) }.filter { file in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }
}

struct EmbedError: Error, CustomStringConvertible {
    var description: String
}

import Foundation
import PackagePlugin

/// Compiles into the `BuiltInFiles` target the files of the package that the tool reads: the
/// built-in templates (`templates/`), the WidgetGeometry library's API files (the site's one-file
/// download), its symbol list (the API reference page), and the bundled catalog (the device
/// profiles and the data versions), which the commands use where no content folder is at hand. The
/// binary then needs no checkout: `backdrop build` works from any folder, `crop` from any folder.
///
/// The Swift file is written by the build command (`EmbedBuiltInFilesTool`), from the files as they
/// are when the build runs; the plugin only names what it reads. SwiftPM keeps a plugin's commands
/// from one planning to the next, so a file written by the plugin itself went stale when a template
/// changed. The command runs again when any of those files changes, or any of their folders (a file
/// added or removed). The tool comes with the Tool trait only (SwiftPM plans every target's plugins,
/// used or not): an app that depends on the package's libraries builds neither, and without the
/// trait `BuiltInFiles` says it needs it.
@main
struct EmbedBuiltInFiles: BuildToolPlugin {
    /// The folders and files embedded, relative to the package root; a folder is taken whole.
    static let sources = [
        "templates", "Sources/WidgetGeometry", "docs/api/WidgetGeometry.symbols.json", "content/devices", "content/data-versions.yaml",
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let tool = try? context.tool(named: "EmbedBuiltInFilesTool") else { return [] }
        let root = context.package.directoryURL.standardizedFileURL
        var inputs: [URL] = []
        for source in Self.sources {
            inputs += paths(at: root.appending(path: source))
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding the tool's built-in files",
                executable: tool.url,
                arguments: [root.path, output.path] + Self.sources,
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }

    /// `url` and, when it is a folder, everything under it: files and folders.
    private func paths(at url: URL) -> [URL] {
        let names = (try? FileManager.default.subpathsOfDirectory(atPath: url.path)) ?? []
        return [url] + names.sorted().map { url.appending(path: $0) }
    }
}

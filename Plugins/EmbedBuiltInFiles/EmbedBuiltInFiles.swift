import Foundation
import PackagePlugin

/// Compiles into the `BuiltInFiles` target the files of the package that the tool reads: the
/// built-in templates (`templates/`), the WidgetGeometry library's API files (the site's one-file
/// download), its symbol list (the API reference page), and the bundled catalog (the device
/// profiles and the data versions), which the commands use where no content folder is at hand. The
/// binary then needs no checkout: `backdrop build` works from any folder, `crop` from any folder.
///
/// The Swift file is written by the build command, `scripts/lib/embed-built-in-files.sh`, from the
/// files as they are when it runs; the plugin only names what it reads. SwiftPM keeps a plugin's
/// commands from one planning to the next (swiftlang/swift-package-manager#7891, #8062): a file the
/// plugin wrote itself stayed as it was when a template changed. The command runs again when any of
/// the files changes, or any of their folders (a file added), or the script. A file removed is
/// still listed until SwiftPM plans again ("missing inputs": `touch Package.swift`). The command is
/// a POSIX shell script, so that no executable of the package is built for it: an app that depends
/// on the package's libraries compiles nothing for it, and the fuzz build's flags (libFuzzer, which
/// brings its own `main`) reach no tool.
@main
struct EmbedBuiltInFiles: BuildToolPlugin {
    /// The folders and files embedded, relative to the package root; a folder is taken whole.
    static let sources = [
        "templates", "Sources/WidgetGeometry", "docs/api/WidgetGeometry.symbols.json", "content/devices", "content/data-versions.yaml",
    ]
    /// The build command, relative to the package root.
    static let script = "scripts/lib/embed-built-in-files.sh"

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL.standardizedFileURL
        let script = root.appending(path: Self.script)
        var inputs = [script]
        for source in Self.sources {
            inputs += paths(at: root.appending(path: source))
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding the tool's built-in files",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, root.path, output.path] + Self.sources,
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

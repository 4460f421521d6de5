/// The package's files that the tool reads, compiled into the binary by the EmbedBuiltInFiles
/// plugin: the built-in templates, the WidgetGeometry library's API files and its symbol list, and
/// the bundled catalog (`content/devices/*.md`, `content/data-versions.yaml`). Paths are relative
/// to the package root, e.g. `templates/index.mustache`.
public enum BuiltInFiles {
    /// Every embedded file's text, by path.
    public static let texts: [String: String] = Dictionary(uniqueKeysWithValues: embeddedFiles.map { ($0.path, $0.text) })

    /// The text of the file at `path`, or `nil` when no such file was embedded.
    public static func text(_ path: String) -> String? {
        texts[path]
    }

    /// The files under `folder` (every depth) by their path below it: `paths(under:)` with the
    /// folder taken off, and each file's text.
    public static func files(under folder: String) -> [String: String] {
        Dictionary(uniqueKeysWithValues: paths(under: folder).map { (String($0.dropFirst(folder.count + 1)), texts[$0]!) })
    }

    /// The paths of the files under `folder` (every depth), sorted.
    public static func paths(under folder: String) -> [String] {
        texts.keys.filter { $0.hasPrefix(folder + "/") }.sorted()
    }
}

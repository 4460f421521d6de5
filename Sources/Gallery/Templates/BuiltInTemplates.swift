import BuiltInFiles
import Catalog
import FileAccess
import Foundation

/// The site's templates as the package has them in `templates/`, compiled into the binary
/// (``BuiltInFiles``): what a build uses when it is given no templates folder and the working
/// folder has none, so that `backdrop build` needs only a content folder.
public enum BuiltInTemplates {
    /// The templates' folder in the package.
    static let folder = "templates"

    /// Writes every built-in template and asset into `destination`, replacing what was there, and
    /// returns `destination`. Fails naming the file that could not be written.
    @discardableResult
    public static func write(into destination: String) throws(FileProblem) -> String {
        let manager = FileManager.default
        let paths = BuiltInFiles.paths(under: folder)
        guard !paths.isEmpty else {
            throw FileProblem(path: folder, reason: "no templates were compiled into this binary")
        }
        do {
            if ContentFolder.kind(destination) != nil { try manager.removeItem(atPath: destination) }
        } catch {
            throw FileProblem(path: destination, action: "cannot replace the built-in templates", error: error)
        }
        for path in paths {
            let target = PathName.joining(destination, String(path.dropFirst(folder.count + 1)))
            do {
                try manager.createDirectory(atPath: PathName.folder(of: target), withIntermediateDirectories: true)
                try Data((BuiltInFiles.text(path) ?? "").utf8).write(to: URL(fileURLWithPath: target))
            } catch {
                throw FileProblem(path: target, action: "cannot write the built-in template", error: error)
            }
        }
        return destination
    }
}

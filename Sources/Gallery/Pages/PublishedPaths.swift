import Catalog
import FileAccess
import Foundation

/// How a published page names the files of the machine that built it: by their place in the
/// content, templates, cache or output folder (`content/devices/x.md`), never by that machine's
/// own path (`/home/me/work/content/devices/x.md`), which a site must not hold. A profile's name
/// on its device page and every finding on the checks page pass here.
package struct PublishedPaths: Sendable {
    /// Each folder's absolute forms on this machine (as given, from the working folder, and with
    /// its links resolved), longest first, with what a page writes instead.
    private let folders: [(path: String, name: String)]

    /// Names as given: nothing to replace (a page of no build).
    package init() {
        folders = []
    }

    /// The folders of a build with `options`, run in `workingDirectory`: the content, templates,
    /// cache and output folders by their usual names, the browser core by its file name, and the
    /// working folder by nothing (what lies in it is named relative to it).
    package init(_ options: BuildOptions, workingDirectory: String = FileManager.default.currentDirectoryPath) {
        let named = [
            (options.content, "content/"), (options.templates, "templates/"), (options.cache, "cache/"), (options.output, "site/"),
            (workingDirectory, ""),
        ]
        var folders: [(String, String)] = []
        for (path, name) in named {
            let absolute = path.hasPrefix("/") ? path : PathName.joining(workingDirectory, path)
            for form in Set([absolute, PathName.physical(absolute)]) where form != "/" { folders.append((form + "/", name)) }
        }
        let core = options.browserCore.hasPrefix("/") ? options.browserCore : PathName.joining(workingDirectory, options.browserCore)
        for form in Set([core, PathName.physical(core)]) { folders.append((form, PathName.name(of: core))) }
        self.folders = folders.sorted { $0.0.count > $1.0.count }
    }

    /// `text` with each of the machine's paths replaced by its name on a page.
    package func shown(_ text: String) -> String {
        folders.reduce(text) { text, folder in text.replacing(folder.path, with: folder.name) }
    }

    /// A finding as a page shows it: its file and message without the machine's paths.
    package func shown(_ diagnostic: Diagnostic) -> Diagnostic {
        var shown = diagnostic
        shown.file = self.shown(diagnostic.file)
        shown.message = self.shown(diagnostic.message)
        return shown
    }
}

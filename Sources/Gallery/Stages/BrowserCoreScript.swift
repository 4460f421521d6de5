import Catalog
import CheckCodes
import Checks
import FileAccess
import Foundation

/// The browser core (the wasm module with its script) that the make and measure pages run. A
/// build without it is still a good build: the note says so and the two pages say how to make it.
struct BrowserCoreScript {
    /// The script's bytes; nil when the file could not be read.
    var script: [UInt8]?
    var diagnostics: [Diagnostic]

    /// Where the site keeps the script.
    static let sitePath = "assets/backdrop-core.js"
    /// What builds the core.
    static let buildCommand = "bash scripts/build-wasm.sh"
    /// The largest script copied (the module is embedded as base64).
    static let maximumBytes = 16 * 1024 * 1024

    /// Reads the script at `path` (relative to the working folder or absolute).
    static func read(_ path: String) -> BrowserCoreScript {
        let folder = ContentFolder(PathName.folder(of: path))
        do {
            return BrowserCoreScript(script: try folder.bytes(PathName.name(of: path), limit: maximumBytes), diagnostics: [])
        } catch {
            let message =
                "the browser core \(error), so the make and measure pages only say how to build it: run `\(buildCommand)`, then build again"
            return BrowserCoreScript(script: nil, diagnostics: [Diagnostic(file: path, check: BuildCheck.browserCore, message: message)])
        }
    }
}

import Catalog
import CheckCodes
import Checks
import FileAccess
import Foundation

/// The browser core (the wasm module with its script) that the make and measure pages run, and
/// the make page's own smaller one beside it (the module without measuring). A build without the
/// core is still a good build: the note says so and the pages say how to make it. Without the make
/// page's script the make page runs the full core.
struct BrowserCoreScript {
    /// The script's bytes; nil when the file could not be read.
    var script: [UInt8]?
    /// The make page's script (``makeFileName`` beside the core); nil when it could not be read.
    var makeScript: [UInt8]?
    var diagnostics: [Diagnostic]

    /// Where the site keeps the script.
    static let sitePath = "assets/backdrop-core.js"
    /// The make page's script: its name beside the core (`scripts/build-wasm.sh` writes both), and
    /// where the site keeps it.
    static let makeFileName = "backdrop-make.js"
    static let makeSitePath = "assets/\(makeFileName)"
    /// What builds the core.
    static let buildCommand = "bash scripts/build-wasm.sh"
    /// The largest script copied (the module is embedded as base64).
    static let maximumBytes = 16 * 1024 * 1024

    /// The script the make page loads first: its own when the site has it, else the full core.
    var makePagePath: String { makeScript == nil ? Self.sitePath : Self.makeSitePath }

    /// Reads the script at `path` (relative to the working folder or absolute), and the make page's
    /// beside it.
    static func read(_ path: String) -> BrowserCoreScript {
        let folder = ContentFolder(PathName.folder(of: path))
        let script: [UInt8]
        do {
            script = try folder.bytes(PathName.name(of: path), limit: maximumBytes)
        } catch {
            let message =
                "the browser core \(error), so the make, fixer and measure pages only say how to build it: run `\(buildCommand)`, then build again"
            return BrowserCoreScript(script: nil, diagnostics: [Diagnostic(file: path, check: BuildCheck.browserCore, message: message)])
        }
        do {
            return BrowserCoreScript(script: script, makeScript: try folder.bytes(makeFileName, limit: maximumBytes), diagnostics: [])
        } catch {
            let makePath = PathName.joining(PathName.folder(of: path), makeFileName)
            let message =
                "the make page's browser core \(error), so the make page loads the whole core (larger): run `\(buildCommand)`, then build again"
            return BrowserCoreScript(
                script: script, makeScript: nil, diagnostics: [Diagnostic(file: makePath, check: BuildCheck.browserCore, message: message)])
        }
    }
}

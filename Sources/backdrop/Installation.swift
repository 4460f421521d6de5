import Foundation

/// Where this binary is installed, and what an install puts beside it (`scripts/install.sh`,
/// `scripts/release.sh`): the binary's resource bundles and the browser core.
enum Installation {
    /// The folder of the running binary, links resolved: `PREFIX/lib/backdrop` when installed.
    static let folder: String = {
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return executable.resolvingSymlinksInPath().deletingLastPathComponent().path
    }()

    /// The browser core's file name beside the binary.
    static let browserCore = "backdrop-core.js"
}

/// `backdrop serve`'s builds: the content and templates built quietly into the folder the server
/// gives each build, with the server's cache.
public struct ServeBuild: Sendable {
    public var content: String
    public var templates: String
    /// The browser core the make and measure pages run (``BuildOptions/browserCore``).
    public var browserCore: String

    public init(content: String, templates: String, browserCore: String = BuildOptions.defaultBrowserCore) {
        self.content = content
        self.templates = templates
        self.browserCore = browserCore
    }

    /// Builds the site into `output` with the cache in `cache`: what the server says of the build
    /// (the crops made and taken from the cache), or the build's failure.
    public func callAsFunction(output: String, cache: String) -> Result<String, BuildFailure> {
        let options = BuildOptions(content: content, templates: templates, output: output, cache: cache, browserCore: browserCore)
        return Result { () throws(BuildFailure) in
            let report = try SiteBuilder(options: options, verbosity: .quiet).build().report
            return "\(report.cropsMade) crops made, \(report.crops - report.cropsMade) from the cache"
        }
    }
}

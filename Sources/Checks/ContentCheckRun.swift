import Catalog

/// `backdrop check`'s work: every check on a catalog read from `content` (its profiles, geometry
/// and screenshots), the findings in order and the summary line.
public struct ContentCheckRun: Sendable {
    /// Every finding, sorted by file, line and code.
    public var diagnostics: [Diagnostic]
    /// `checked N devices, M layouts: E errors, W warnings, N notes`.
    public var summary: String
    /// Whether a finding is an error (the check fails).
    public var failed: Bool { diagnostics.hasErrors }

    /// Runs the checks the catalog's reading did not (the screenshots') and gathers them with its own.
    public init(_ catalog: Catalog, content: String) {
        diagnostics = (catalog.diagnostics + ScreenshotChecks.run(catalog, content: content).diagnostics).sorted()
        let layouts = catalog.devices.map { $0.profile.layouts.count }.reduce(0, +)
        summary =
            "checked \(catalog.devices.count) devices, \(layouts) layouts: "
            + "\(diagnostics.count(.error)) errors, \(diagnostics.count(.warning)) warnings, \(diagnostics.count(.note)) notes"
    }
}

import Catalog
import Checks
import FileAccess
import Foundation
import GeometryFormat
import NativePNG
import SlotGeometry
import Synchronization

/// Builds the gallery: `content/` in, `site/` out, with every check of the design in between.
///
/// The site is written to a staging folder beside the output and swapped into place only when the
/// build succeeded; a failed build leaves the previous site untouched and reports every problem.
public struct SiteBuilder {
    public var options: BuildOptions
    public var verbosity: Verbosity
    /// Where progress lines go (standard output by default).
    public var log: (String) -> Void

    public init(options: BuildOptions, verbosity: Verbosity = .normal, log: @escaping (String) -> Void = { print($0) }) {
        self.options = options
        self.verbosity = verbosity
        self.log = log
    }

    /// Runs the build. Returns the report, with its warnings, when the site was written.
    ///
    /// The steps, in order: settle where the site goes; skip the build when nothing changed since
    /// the last one; **load** the content, docs, API reference, browser core and templates, with
    /// the content and screenshot **checks**; **stage** a folder beside the output; **crop** every
    /// device's screenshots and measure its calibration screenshots; count the checks; **render**
    /// the pages into the staging folder; and **write**: keep the new cache entries, stamp the
    /// site and swap it into place. Every step's findings are kept, so a failed build reports
    /// all of them.
    public func build() throws(BuildFailure) -> (report: BuildReport, diagnostics: [Diagnostic]) {
        let started = Date()
        let site = try settleOutput()
        // Listed before anything is read, so that a change made during the build is a change next time.
        let inputs = options.clean ? nil : BuildStamp.inputs(options)
        if let inputs, let stamp = BuildStamp.read(options), stamp.matches(inputs, options) {
            var report = stamp.report
            report.unchanged = true
            report.seconds = Date().timeIntervalSince(started)
            return (report, stamp.diagnostics)
        }
        let loaded = load()
        let cache = try stage(site, findings: loaded.diagnostics)
        let made = crop(loaded.catalog, screenshots: loaded.screenshotsPassed, site: site, cache: cache)
        var diagnostics = loaded.diagnostics + made.diagnostics
        var report = count(loaded.catalog, made: made, diagnostics: &diagnostics)
        if let templates = loaded.templates, let reference = loaded.api, !diagnostics.hasErrors {
            let pages = Pages(
                catalog: loaded.catalog, images: made.images, calibrations: made.calibrations, diagnostics: diagnostics,
                published: PublishedPaths(options))
            do {
                try render(
                    pages, templates: templates, docs: DocsPages(docs: loaded.docs), api: reference, catalog: loaded.catalog, report: report,
                    core: loaded.core, into: site)
            } catch {
                diagnostics += error.diagnostics
            }
        }
        guard !diagnostics.hasErrors else {
            site.discardStaging()
            throw BuildFailure(diagnostics)
        }
        try write(site, cache: cache, inputs: inputs, report: report, diagnostics: &diagnostics)
        report.seconds = Date().timeIntervalSince(started)
        return (report, diagnostics)
    }

    /// Where the site goes, settled before any work (nothing else is ever replaced), with the
    /// leftovers of a killed build removed.
    private func settleOutput() throws(BuildFailure) -> SiteFolder {
        let problems = SiteFolder.problems(options)
        guard problems.isEmpty else { throw BuildFailure(problems) }
        let site = SiteFolder(output: options.output)
        site.removeLeftovers()
        return site
    }

    /// What the build reads, with the findings of reading and checking it.
    private struct Loaded {
        var catalog: Catalog
        /// The screenshots that passed the screenshot checks, by path relative to the content folder.
        var screenshotsPassed: Set<String>
        var docs: DocsFolder
        /// The API reference pages' symbols; nil when they could not be read (the findings say why).
        var api: APIReference?
        var core: BrowserCoreScript
        /// Nil when the templates could not be read (the findings say why).
        var templates: Templates?
        var diagnostics: [Diagnostic]
    }

    /// Loads the content (with its checks), the screenshots' checks, the docs, the API reference,
    /// the browser core and the templates.
    private func load() -> Loaded {
        let catalog = Catalog.load(content: options.content)
        let screenshots = ScreenshotChecks.run(catalog, content: options.content)
        let docs = DocsFolder.load(content: options.content, generated: [CheckReference.docsTarget])
        let api = APIReference.builtIn()
        let core = BrowserCoreScript.read(options.browserCore)
        var diagnostics = catalog.diagnostics + screenshots.diagnostics + docs.diagnostics + api.diagnostics + core.diagnostics
        var templates: Templates?
        do {
            templates = try Templates(folder: options.templates)
        } catch {
            diagnostics += error.diagnostics
        }
        return Loaded(
            catalog: catalog, screenshotsPassed: screenshots.passed, docs: docs, api: api.reference, core: core, templates: templates,
            diagnostics: diagnostics)
    }

    /// Creates the staging folder, and in it the folder where new cache entries wait until the
    /// build has succeeded (a killed build's staging folder goes with them). A failure ends the
    /// build with `findings` and the reason.
    private func stage(_ site: SiteFolder, findings: [Diagnostic]) throws(BuildFailure) -> BuildCache {
        let cache = BuildCache(folder: options.cache, pending: PathName.joining(site.staging, ".backdrop-new-cache"))
        do {
            try site.createStaging()
            try cache.preparePending()
        } catch {
            site.discardStaging()
            throw BuildFailure(findings + [site.stagingProblem(error)])
        }
        return cache
    }

    /// What the crop step made of every device.
    private struct Made {
        var images: [String: [ScreenshotSet: [Appearance: ScreenshotImages]]] = [:]
        var calibrations: [String: [LayoutKind: [String]]] = [:]
        var diagnostics: [Diagnostic] = []
        var crops = 0
        var cropsMade = 0
        var decoded = 0
    }

    /// Crops every device's screenshots and measures its calibration screenshots, devices side
    /// by side (as many as there are cores): each decodes one screenshot at a time and writes its
    /// crops on every core, so memory is bounded by the cores, not the devices.
    private func crop(_ catalog: Catalog, screenshots passed: Set<String>, site: SiteFolder, cache: BuildCache) -> Made {
        let stage = CropStage(options: options, site: site, cache: cache)
        let calibrationStage = CalibrationStage(options: options, content: ContentFolder(options.content), cache: cache)
        let devices = catalog.devices
        let outcomes = Mutex(
            [(crops: CropStage.Output, calibration: CalibrationStage.DeviceFindings, seconds: Double)?](repeating: nil, count: devices.count))
        DispatchQueue.concurrentPerform(iterations: devices.count) { index in
            let deviceStarted = Date()
            let crops = stage.run(devices[index], screenshots: passed)
            let calibration = calibrationStage.run(devices[index])
            let seconds = Date().timeIntervalSince(deviceStarted)
            outcomes.withLock { $0[index] = (crops, calibration, seconds) }
        }
        var made = Made()
        for (document, outcome) in zip(devices, outcomes.withLock { $0.map { $0! } }) {
            let result = outcome.crops
            made.images[document.id] = result.images
            made.diagnostics += result.diagnostics
            made.calibrations[document.id] = outcome.calibration.summaries
            made.diagnostics += outcome.calibration.diagnostics
            made.crops += result.crops
            made.cropsMade += result.cropsMade
            made.decoded += result.decoded
            if verbosity.logsDevices {
                let seconds = String(format: "%.2f", outcome.seconds)
                log("\(document.id): \(document.profile.layouts.count) layouts, \(result.crops) crops (\(result.cropsMade) made), \(seconds) s")
            }
        }
        return made
    }

    /// The report's counts: devices, layouts, crops, and the checks that passed, warned and failed
    /// (`diagnostics` sorted on the way).
    private func count(_ catalog: Catalog, made: Made, diagnostics: inout [Diagnostic]) -> BuildReport {
        var report = BuildReport()
        report.crops = made.crops
        report.cropsMade = made.cropsMade
        report.screenshotsDecoded = made.decoded
        report.devices = catalog.devices.count
        report.layouts = catalog.devices.map(\.profile.layouts.count).reduce(0, +)
        diagnostics.sort()
        report.errors = diagnostics.count(.error)
        report.warnings = diagnostics.count(.warning)
        let screenshotCount = catalog.devices.flatMap(\.screenshotSets).map(\.files.count).reduce(0, +)
        let evaluated =
            report.layouts * GeometryCheck.allCases.count + catalog.devices.count * ContentCheck.allCases.count
            + screenshotCount * ScreenshotCheck.allCases.count + report.crops
        report.checksPassed = max(0, evaluated - report.errors - report.warnings)
        return report
    }

    /// Keeps this build's new cache entries (a failure only warns: the next build makes them
    /// again), swaps the staged site into the output's place, and stamps it (in the cache) so
    /// that an unchanged next build is skipped.
    private func write(
        _ site: SiteFolder, cache: BuildCache, inputs: [String]?, report: BuildReport, diagnostics: inout [Diagnostic]
    ) throws(BuildFailure) {
        do {
            try cache.commit()
        } catch {
            try? FileManager.default.removeItem(atPath: cache.pending)
            diagnostics.append(
                Diagnostic(
                    file: options.cache, severity: .warning, check: BuildCheck.workFolders,
                    message: "cannot keep this build's new cache entries: \(ContentFolder.reason(error)); the next build makes them again"))
        }
        // The last stamp no longer holds, whatever happens next.
        BuildStamp.remove(options)
        try site.swap()
        if let inputs, BuildStamp.mayBeSkippedAfter(diagnostics), let files = BuildStamp.siteFiles(site.output),
            let entries = BuildStamp.cacheFiles(options.cache)
        {
            try? BuildStamp(inputs: inputs, site: files, cache: entries, report: report, diagnostics: diagnostics).write(options)
        }
    }

    /// Renders every page and site file (geometry, schema, library download, browser core,
    /// sitemap) and copies the template assets into the staging folder.
    private func render(
        _ pages: Pages, templates: Templates, docs: DocsPages, api: APIReference, catalog: Catalog, report: BuildReport, core: BrowserCoreScript,
        into site: SiteFolder
    ) throws(BuildFailure) {
        let geometry: Data
        do {
            geometry = try GeometryFiles.json(catalog)
        } catch {
            throw BuildFailure([GeometryFiles.encodingProblem(error)])
        }
        var files: [(String, Data)] = []
        files.append(("index.html", Data(try templates.render(pages.index(summary: report.contents), with: .index).utf8)))
        files.append(("start/index.html", Data(try templates.render(pages.start(), with: .start).utf8)))
        for document in catalog.devices {
            files.append(("devices/\(document.id)/index.html", Data(try templates.render(pages.device(document), with: .device).utf8)))
        }
        for page in docs.docs.pages {
            files.append((DocsPage.sitePath(page.name), Data(try templates.render(docs.page(page), with: .doc).utf8)))
        }
        files.append((DocsPage.sitePath(CheckReference.docsTarget.name), Data(try templates.render(docs.checksReference(), with: .doc).utf8)))
        files.append(("docs/api/index.html", Data(try templates.render(APIReferencePage(api), with: .api).utf8)))
        files.append(("help-measure/index.html", Data(try templates.render(pages.helpMeasure(), with: .helpMeasure).utf8)))
        files.append(("checks/index.html", Data(try templates.render(pages.checks(report: report), with: .checks).utf8)))
        let make = pages.tool(title: "Make backgrounds", core: core)
        files.append(("make/index.html", Data(try templates.render(make, with: .make).utf8)))
        let fix = pages.tool(title: "My widgets don't line up", core: core)
        files.append(("fix/index.html", Data(try templates.render(fix, with: .fix).utf8)))
        let measure = pages.tool(title: "Measure a layout", core: core)
        files.append(("measure/index.html", Data(try templates.render(measure, with: .measure).utf8)))
        if let script = core.script { files.append((BrowserCoreScript.sitePath, Data(script))) }
        if let script = core.makeScript { files.append((BrowserCoreScript.makeSitePath, Data(script))) }
        files.append(("geometry.json", geometry))
        files.append((GeometryFiles.scriptPath, GeometryFiles.script(geometry)))
        files.append((GeometryFormat.schemaFile, GeometryFiles.schema))
        do {
            files.append(("WidgetGeometry.swift", Data(try WidgetGeometrySource.download(catalog).utf8)))
        } catch {
            throw BuildFailure([Diagnostic(file: error.path, check: BuildCheck.encodable, message: error.message)])
        }
        if let base = options.baseURL {
            files = files.map { path, data in
                Sitemap.isPage(path)
                    ? (path, Data(Sitemap.withCanonical(String(decoding: data, as: UTF8.self), path: path, base: base).utf8)) : (path, data)
            }
            files.append(("sitemap.xml", Data(Sitemap.xml(pages: files.map(\.0), base: base).utf8)))
        }

        var problems: [Diagnostic] = []
        for (path, data) in files {
            do {
                try site.write([UInt8](data), at: path)
            } catch {
                problems.append(site.writeProblem(at: path, error))
            }
        }
        // Static assets (styles, scripts) are copied as they are: regular files only.
        let assets = ContentFolder(options.templates)
        for file in templates.assets {
            do {
                try site.write(try assets.bytes(file, limit: Templates.maximumAssetBytes), at: file)
            } catch let error as ContentFolder.ReadError {
                problems.append(
                    Diagnostic(file: assets.path(of: file), check: TemplateCheck.assetCopied, message: "cannot copy the asset: it \(error)"))
            } catch {
                problems.append(
                    Diagnostic(
                        file: assets.path(of: file), check: TemplateCheck.assetCopied,
                        message: "cannot copy the asset: \(ContentFolder.reason(error))"))
            }
        }
        if !problems.isEmpty { throw BuildFailure(problems) }
    }
}

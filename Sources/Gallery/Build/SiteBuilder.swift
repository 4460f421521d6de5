import Catalog
import Checks
import Foundation
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
    public func build() throws(BuildFailure) -> (report: BuildReport, diagnostics: [Diagnostic]) {
        let started = Date()
        // Where the site goes is settled before any work, and nothing else is ever replaced.
        let problems = SiteFolder.problems(options)
        guard problems.isEmpty else { throw BuildFailure(problems) }
        let site = SiteFolder(output: options.output)
        site.removeLeftovers()
        // Listed before anything is read, so that a change made during the build is a change next time.
        let inputs = options.clean ? nil : BuildStamp.inputs(options)
        if let inputs, let stamp = BuildStamp.read(options.output), stamp.matches(inputs, options) {
            var report = stamp.report
            report.unchanged = true
            report.seconds = Date().timeIntervalSince(started)
            return (report, stamp.diagnostics)
        }

        var report = BuildReport()
        let catalog = Catalog.load(content: options.content)
        let screenshots = ScreenshotChecks.run(catalog, content: options.content)
        var diagnostics = catalog.diagnostics + screenshots.diagnostics
        let docs = DocsFolder.load(content: options.content, generated: [CheckReference.docsTarget])
        diagnostics += docs.diagnostics
        let api = APIReference.builtIn()
        diagnostics += api.diagnostics
        let core = BrowserCoreScript.read(options.browserCore)
        diagnostics += core.diagnostics
        var templates: Templates?
        do {
            templates = try Templates(folder: options.templates)
        } catch {
            diagnostics += error.diagnostics
        }

        // New cache entries wait inside the staging folder until the build has succeeded.
        let cache = BuildCache(folder: options.cache, pending: (site.staging as NSString).appendingPathComponent(".backdrop-new-cache"))
        do {
            try site.createStaging()
            try cache.preparePending()
        } catch {
            site.discardStaging()
            throw BuildFailure(diagnostics + [site.stagingProblem(error)])
        }

        // Crops, devices side by side (as many as there are cores): each decodes one screenshot
        // at a time and writes its crops on every core, so memory is bounded by the cores, not the devices.
        let stage = CropStage(options: options, site: site, cache: cache)
        let calibrationStage = CalibrationStage(options: options, content: ContentFolder(options.content), cache: cache)
        let devices = catalog.devices
        let passed = screenshots.passed
        let outcomes = Mutex(
            [(crops: CropStage.Output, calibration: CalibrationStage.DeviceFindings, seconds: Double)?](repeating: nil, count: devices.count))
        DispatchQueue.concurrentPerform(iterations: devices.count) { index in
            let deviceStarted = Date()
            let crops = stage.run(devices[index], screenshots: passed)
            let calibration = calibrationStage.run(devices[index])
            let seconds = Date().timeIntervalSince(deviceStarted)
            outcomes.withLock { $0[index] = (crops, calibration, seconds) }
        }
        var images: [String: [ScreenshotSet: [Appearance: ScreenshotImages]]] = [:]
        var calibrations: [String: [LayoutKind: [String]]] = [:]
        for (document, outcome) in zip(devices, outcomes.withLock { $0.map { $0! } }) {
            let result = outcome.crops
            images[document.id] = result.images
            diagnostics += result.diagnostics
            calibrations[document.id] = outcome.calibration.summaries
            diagnostics += outcome.calibration.diagnostics
            report.crops += result.crops
            report.cropsMade += result.cropsMade
            report.screenshotsDecoded += result.decoded
            if verbosity.logsDevices {
                let seconds = String(format: "%.2f", outcome.seconds)
                log("\(document.id): \(document.profile.layouts.count) layouts, \(result.crops) crops (\(result.cropsMade) made), \(seconds) s")
            }
        }

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

        if let templates, let reference = api.reference, !diagnostics.hasErrors {
            let pages = Pages(catalog: catalog, images: images, calibrations: calibrations, diagnostics: diagnostics)
            do {
                try write(
                    pages, templates: templates, docs: DocsPages(docs: docs), api: reference, catalog: catalog, report: report, core: core, into: site
                )
            } catch {
                diagnostics += error.diagnostics
            }
        }
        guard !diagnostics.hasErrors else {
            site.discardStaging()
            throw BuildFailure(diagnostics)
        }
        do {
            try cache.commit()
        } catch {
            try? FileManager.default.removeItem(atPath: cache.pending)
            diagnostics.append(
                Diagnostic(
                    file: options.cache, severity: .warning, check: BuildCheck.workFolders,
                    message: "cannot keep this build's new cache entries: \(ContentFolder.reason(error)); the next build makes them again"))
        }
        // Once the new cache entries have left the staging folder, it holds the site as it will be.
        if let inputs, BuildStamp.mayBeSkippedAfter(diagnostics), let files = BuildStamp.siteFiles(site.staging),
            let entries = BuildStamp.listing(options.cache)
        {
            let stamp = BuildStamp(inputs: inputs, site: files, cache: entries, report: report, diagnostics: diagnostics)
            try? stamp.text.write(toFile: (site.staging as NSString).appendingPathComponent(BuildStamp.fileName), atomically: false, encoding: .utf8)
        }
        try site.swap()
        report.seconds = Date().timeIntervalSince(started)
        return (report, diagnostics)
    }

    private func write(
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
        let hasCore = core.script != nil
        let make = pages.tool(title: "Make backgrounds", hasCore: hasCore, geometry: geometry)
        files.append(("make/index.html", Data(try templates.render(make, with: .make).utf8)))
        let measure = pages.tool(title: "Measure a layout", hasCore: hasCore, geometry: geometry)
        files.append(("measure/index.html", Data(try templates.render(measure, with: .measure).utf8)))
        if let script = core.script { files.append((BrowserCoreScript.sitePath, Data(script))) }
        files.append(("geometry.json", geometry))
        files.append(("geometry.schema.json", Data(try GeometryFiles.schema(templates).utf8)))
        do {
            files.append(("WidgetGeometry.swift", Data(try WidgetGeometrySource.download(catalog).utf8)))
        } catch {
            throw BuildFailure([Diagnostic(file: error.file, check: BuildCheck.encodable, message: error.reason)])
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

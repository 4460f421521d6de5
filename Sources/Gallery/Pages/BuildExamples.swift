import Catalog
import Checks
import FileAccess
import Foundation
import NativePNG
import SlotGeometry

/// Every check's example finding, as the checks reference shows it (`backdrop checks CODE`,
/// `backdrop checks --markdown`, which is `docs/checks.md`, and the site's checks page): the
/// content, geometry, screenshot and calibration ones from `CheckExamples`, and the crop, template
/// and build ones made here.
///
/// The crop, template and build checks are worded by the build's own code (the Mustache templates,
/// the site folder, the crop stage and the cache), so their examples are made here, where that
/// code is, by running it on a sample input broken one way in a scratch folder that is removed
/// again: a templates folder that is missing, or has a template that does not parse, a partial
/// that does not exist, a link among its assets, a misspelt tag; an output folder that is refused
/// or cannot be created, written or moved into place, a browser core not built yet; a crop that
/// differs from its screenshot's region; a damaged cache entry. Each message has one source, which
/// the build calls too, so an example cannot drift from a real finding. Paths in the scratch folder
/// are shown relative to it, as a build from the repository's root names them.
public enum BuildExamples {
    /// The example finding of every check that has one, by code.
    public static let all: [String: Diagnostic] = CheckExamples.all.merging(made, uniquingKeysWith: { checks, _ in checks })

    /// The example line of a check, as `backdrop build` prints it; nil when it has none.
    public static func line(for code: String) -> String? {
        all[code]?.description
    }

    /// A process id for the staging folders of the examples, so that their paths do not change.
    static let processID: Int32 = 4242

    /// The crop, template and build examples: the first finding of each code.
    package static var made: [String: Diagnostic] {
        let scratch = Scratch()
        defer { scratch.remove() }
        var examples: [String: Diagnostic] = [:]
        for finding in templates(scratch) + build(scratch) + crops(scratch) where examples[finding.code] == nil {
            examples[finding.code] = scratch.shown(finding)
        }
        return examples
    }

    /// The findings of a step that fails with a build failure.
    private static func failures(_ body: () throws(BuildFailure) -> Void) -> [Diagnostic] {
        do {
            try body()
        } catch {
            return error.diagnostics
        }
        return []
    }

    /// T001 to T006: a templates folder that is not there, then one with a template that does not
    /// parse, one that uses a partial it does not have, a link among the assets and the other
    /// templates missing, then a complete one whose API reference template misspells a tag.
    private static func templates(_ scratch: Scratch) -> [Diagnostic] {
        let folder = scratch.path("templates")
        var findings = failures { () throws(BuildFailure) in _ = try Templates(folder: folder) }
        scratch.write("templates/index.mustache", "<ul>\n{{#devices}}\n  <li>{{name}}</li>\n</ul>\n")
        scratch.write("templates/device.mustache", "{{> header}}\n<h1>{{title}}</h1>\n")
        scratch.write("templates/assets/README", "")
        try? FileManager.default.createSymbolicLink(atPath: scratch.path("templates/assets/style.css"), withDestinationPath: "../style.css")
        findings += failures { () throws(BuildFailure) in _ = try Templates(folder: folder) }
        try? FileManager.default.removeItem(atPath: folder)
        for template in TemplateName.allCases { scratch.write("templates/\(template.rawValue).mustache", "") }
        scratch.write("templates/\(TemplateName.api.rawValue).mustache", "<h1>{{titel}}</h1>\n")
        if let api = APIReference.builtIn().reference {
            findings += failures { () throws(BuildFailure) in _ = try Templates(folder: folder).render(APIReferencePage(api), with: .api) }
        }
        return findings
    }

    /// B001 to B006: `--output content`; a site whose staging folder would be inside a file; a page
    /// with a folder in its place; a staging folder gone before the swap; a browser core not built;
    /// a value JSON cannot encode.
    private static func build(_ scratch: Scratch) -> [Diagnostic] {
        var findings = SiteFolder.problems(BuildOptions(output: BuildOptions.defaultContent))
        scratch.write("notes.txt", "")
        let blocked = SiteFolder(output: scratch.path("notes.txt/site"), processID: processID)
        do {
            try blocked.createStaging()
        } catch {
            findings.append(blocked.stagingProblem(error))
        }
        blocked.discardStaging()
        let site = SiteFolder(output: scratch.path("site"), processID: processID)
        if (try? site.createStaging()) != nil {
            let page = "devices/example-phone/index.html"
            try? FileManager.default.createDirectory(
                atPath: PathName.joining(site.staging, page), withIntermediateDirectories: true)
            do {
                try site.write(Array("<!doctype html>".utf8), at: page)
            } catch {
                findings.append(site.writeProblem(at: page, error))
            }
            try? FileManager.default.removeItem(atPath: site.staging)
            findings += failures { () throws(BuildFailure) in try site.swap() }
        }
        // A build without the browser core (not built yet).
        findings += BrowserCoreScript.read(scratch.path(BuildOptions.defaultBrowserCore)).diagnostics
        // The encoder `geometry.json` is written with, given a number JSON has no words for.
        do {
            _ = try encodeJSON(["width": Double.nan])
        } catch {
            findings.append(GeometryFiles.encodingProblem(error))
        }
        return findings
    }

    /// C001, C003, C004: a crop one pixel to the right of its slot, as the crop verification
    /// compares it with the screenshot's region; a preview whose cache entry cannot be written; a
    /// cached preview cut short.
    private static func crops(_ scratch: Scratch) -> [Diagnostic] {
        let device = "example-phone"
        let profile = "content/devices/\(device).md"
        let source = "content/screenshots/\(device)-light.png"
        let rect = PixelRect(x: 87, y: 261, width: 486, height: 486)
        // The example phone's width, and as many rows as the slot needs.
        let width = 1206
        let height = rect.y + rect.height
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for index in pixels.indices { pixels[index] = UInt8(truncatingIfNeeded: (index / 3 % width) / 4 + (index / 3 / width) / 8) }
        let screenshot = PNGRaster(width: width, height: height, format: .rgb8, pixels: pixels)
        var findings: [Diagnostic] = []
        let shifted = PixelRect(x: rect.x + 1, y: rect.y, width: rect.width, height: rect.height)
        if let region = try? screenshot.cropped(to: rect), let written = try? screenshot.cropped(to: shifted) {
            let error = PNGError(.cropMismatch(rect: rect, differences: written.differences(from: region)))
            findings.append(
                CropStage.cropProblem(
                    source, device: device, layout: .ios18, slot: .smallTopLeft, rect: rect, appearance: .light, reason: error.reason))
        }
        var key = ContentHash()
        key.add("preview of \(source)")
        let preview = (try? screenshot.downscaled(toWidth: CropStage.previewWidth).encoded()) ?? []
        let unwritable = BuildCache(folder: scratch.path(BuildOptions.defaultCache), pending: scratch.path("notes.txt/new-cache"))
        do {
            try unwritable.store(preview, key, "png")
        } catch {
            findings.append(CropStage.previewProblem(profile, line: nil, device: device, source: source, error))
        }
        let cache = BuildCache(folder: scratch.path(BuildOptions.defaultCache), pending: scratch.path(BuildOptions.defaultCache))
        try? FileManager.default.createDirectory(atPath: cache.folder, withIntermediateDirectories: true)
        try? cache.store(preview, key, "png")
        try? Data(preview.prefix(preview.count / 2)).write(to: URL(fileURLWithPath: cache.path(key, "png")))
        if case .damaged(let reason) = cache.lookup(key, "png") {
            findings.append(
                CropStage.damagedEntry(cache.path(key, "png"), device: device, what: CropStage.previewName(.light), reason: reason, source: source))
        }
        return findings
    }

    /// A folder of the system's temporary folder for one run of the examples.
    private struct Scratch {
        let root = PathName.joining(NSTemporaryDirectory(), "backdrop-examples-\(UUID().uuidString)")

        init() {
            try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        }

        func path(_ relative: String) -> String {
            PathName.joining(root, relative)
        }

        /// Writes a file, making its folder.
        func write(_ relative: String, _ text: String) {
            let file = path(relative)
            try? FileManager.default.createDirectory(atPath: PathName.folder(of: file), withIntermediateDirectories: true)
            try? text.write(toFile: file, atomically: false, encoding: .utf8)
        }

        /// A finding with the scratch folder's paths relative to it.
        func shown(_ finding: Diagnostic) -> Diagnostic {
            var finding = finding
            for prefix in Set([root, ContentFolder.realPath(root) ?? root]).sorted(by: { $0.count > $1.count }) {
                finding.file = finding.file.replacing(prefix + "/", with: "")
                finding.message = finding.message.replacing(prefix + "/", with: "")
            }
            return finding
        }

        func remove() {
            try? FileManager.default.removeItem(atPath: root)
        }
    }
}

import FileAccess
import Foundation
import SlotGeometry

/// One device profile as read from `content/devices/<id>.md`, with its layouts resolved and its
/// screenshots assigned to the layouts they serve, once for every stage that reads them.
public struct DeviceDocument: Hashable, Sendable {
    public var profile: DeviceProfile
    /// Every layout of the profile, resolved (slots, unknown slots, coverage), in the profile's order.
    public var layouts: [ResolvedLayout]
    /// The empty-page screenshots: the device's own screen first, then each Display Zoom layout's.
    public var screenshotSets: [ScreenshotSet]
    /// Screenshots with widgets placed, by layout: the build measures them and checks the layout.
    public var calibrations: [LayoutKind: [ScreenshotFile]]
    /// The path of the profile, as shown in diagnostics.
    public var file: String
    /// The Markdown body after the front matter: notes on the device.
    public var body: String
    /// The profile's references, by key.
    public var references: [String: String]
    public var locations: ProfileLocations

    public var id: String { profile.id }

    /// The resolved layout of the given kind, if the profile has it.
    public func layout(_ kind: LayoutKind) -> ResolvedLayout? {
        layouts.first { $0.kind == kind }
    }

    /// The screenshots that show a layout's page.
    public func screenshotSet(for layout: LayoutKind) -> ScreenshotSet? {
        screenshotSets.first { $0.layouts.contains(layout) }
    }
}

/// Everything `content/` holds about devices, and every problem found reading and checking it.
public struct Catalog: Sendable {
    /// The profiles that could be read, small screens first.
    public var devices: [DeviceDocument]
    /// Every problem, file by file and line by line.
    public var diagnostics: [Diagnostic]
    /// The data's versions (`data-versions.yaml`): the data version and its changelog.
    public var versions: DataVersions

    public init(devices: [DeviceDocument], diagnostics: [Diagnostic], versions: DataVersions = DataVersions()) {
        self.devices = devices
        self.diagnostics = diagnostics
        self.versions = versions
    }

    /// The device with the given id.
    public func device(_ id: String) -> DeviceDocument? {
        devices.first { $0.id == id }
    }

    /// Reads every profile in `<content>/devices/` and runs the geometry checks on each.
    ///
    /// Never stops at the first problem: every file is read and every check runs. A file's
    /// problems are listed up to ``Diagnostic/perFileLimit``, the rest counted in one line.
    public static func load(content: String) -> Catalog {
        let folder = ContentFolder(content)
        let directory = folder.path(of: "devices")
        var diagnostics: [Diagnostic] = []
        var devices: [DeviceDocument] = []

        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            let message =
                FileManager.default.fileExists(atPath: content)
                ? "there is no devices/ folder in \(content)"
                : "the content folder \(content) does not exist"
            return Catalog(
                devices: [],
                diagnostics: [Diagnostic(file: directory, check: ContentCheck.unreadableFile, message: message)])
        }

        for name in names where !name.hasPrefix(".") {
            let path = PathName.joining(directory, name)
            guard name.hasSuffix(".md") else {
                diagnostics.append(
                    Diagnostic(
                        file: path, severity: .warning, check: ContentCheck.fileName,
                        message: "not a Markdown profile (.md); ignored"))
                continue
            }
            let id = String(name.dropLast(3))
            let text: String
            do {
                text = try folder.text("devices/\(name)", limit: ContentFolder.maximumProfileBytes)
            } catch {
                diagnostics.append(Diagnostic(file: path, check: error.check, device: id, message: error.description))
                continue
            }
            let result = parse(text: text, file: path, id: id, content: content)
            diagnostics += result.diagnostics.limitedPerFile()
            if let document = result.document { devices.append(document) }
        }

        sortBySize(&devices)
        diagnostics += sharedIdentifiers(devices)
        let complete = devices.count == names.filter { !$0.hasPrefix(".") && $0.hasSuffix(".md") }.count
        diagnostics += LeftoverFiles.check(folder, devices: devices, complete: complete)
        let versions = DataVersions.load(content: content)
        diagnostics += versions.diagnostics
        diagnostics += versions.versions.unknownLayouts(devices: Set(devices.map(\.id)), file: folder.path(of: DataVersions.file))
        return Catalog(devices: devices, diagnostics: diagnostics.sorted(), versions: versions.versions)
    }

    /// The catalog of profiles given as texts rather than read from a folder: the tool's built-in
    /// copy of the bundled content. `files` maps paths relative to a content folder
    /// (`devices/iphone-16-pro.md`, `data-versions.yaml`) to their text; `label` names the catalog
    /// in the profiles' names and diagnostics, and is never made a path: the catalog has no
    /// folder, so its documents name no screenshot file (there is none to read or write).
    public static func load(builtIn files: [String: String], label: String) -> Catalog {
        var diagnostics: [Diagnostic] = []
        var devices: [DeviceDocument] = []
        for (path, text) in files.sorted(by: { $0.key < $1.key }) where path.hasPrefix("devices/") && path.hasSuffix(".md") {
            let id = String(path.dropFirst("devices/".count).dropLast(3))
            let result = parse(text: text, file: builtInName(path, label: label), id: id, content: nil)
            diagnostics += result.diagnostics
            if let document = result.document { devices.append(document) }
        }
        sortBySize(&devices)
        diagnostics += sharedIdentifiers(devices)
        let versions: (versions: DataVersions, diagnostics: [Diagnostic]) =
            files[DataVersions.file].map { DataVersions.parse($0, file: builtInName(DataVersions.file, label: label)) } ?? (DataVersions(), [])
        diagnostics += versions.diagnostics
        return Catalog(devices: devices, diagnostics: diagnostics.sorted(), versions: versions.versions)
    }

    /// How messages name a file of the built-in catalog: its place in the catalog, then where the
    /// catalog is (`devices/iphone-15.md (built into backdrop)`), never joined into something that
    /// reads as a path.
    static func builtInName(_ path: String, label: String) -> String { "\(path) (\(label))" }

    /// Small screens first: by width, height and scale, then id.
    private static func sortBySize(_ devices: inout [DeviceDocument]) {
        devices.sort {
            let (a, b) = ($0.profile.screen, $1.profile.screen)
            return (a.width, a.height, a.scale, $0.id) < (b.width, b.height, b.scale, $1.id)
        }
    }

    /// The model identifiers two profiles list (F015): each listing after the first, profiles
    /// taken in id order.
    public static func sharedIdentifiers(_ devices: [DeviceDocument]) -> [Diagnostic] {
        var owners: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        for document in devices.sorted(by: { $0.id < $1.id }) {
            for identifier in document.profile.identifiers {
                if let owner = owners[identifier] {
                    diagnostics.append(
                        Diagnostic(
                            file: document.file, line: document.locations.identifiers, check: ContentCheck.sharedIdentifier,
                            device: document.id,
                            message: "`identifiers`: `\(identifier)` is listed by \(owner) too; a model identifier names one device"))
                } else {
                    owners[identifier] = document.id
                }
            }
        }
        return diagnostics
    }

    /// Parses and checks one profile's text; its screenshot paths are relative to `content`, the
    /// folder it was read from. A profile of no folder (`nil`: the built-in catalog) lists no
    /// screenshot files, so that no path is ever made of something that is not a folder.
    public static func parse(text: String, file: String, id: String, content: String?) -> (document: DeviceDocument?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        if !isValidID(id) {
            diagnostics.append(
                Diagnostic(
                    file: file, check: ContentCheck.fileName, device: id,
                    message: "`\(id)` is not a valid device id: use lower-case letters, digits and single dashes (e.g. iphone-16-pro.md)"))
        }
        guard let split = FrontMatterSplit(text) else {
            diagnostics.append(
                Diagnostic(
                    file: file, line: 1, check: ContentCheck.frontMatterDelimiters, device: id,
                    message: "a profile must start with a `---` line, then YAML front matter, then a closing `---` line"))
            return (nil, diagnostics)
        }
        var decoder = ProfileDecoder(reader: FrontMatterReader(file: file, device: id, yamlFirstLine: split.yamlFirstLine))
        let decoded = decoder.decode(yaml: split.yaml, id: id)
        diagnostics += decoder.problems
        guard let (profile, references) = decoded else { return (nil, diagnostics) }

        let locations = decoder.locations
        let layouts = profile.resolvedLayouts
        for finding in layouts.flatMap(GeometryChecker.check) {
            diagnostics.append(
                Diagnostic(
                    file: file, line: locations.line(of: finding), severity: finding.severity, check: finding.check,
                    device: id, layout: finding.layout, slot: finding.slot, message: finding.message))
        }
        // The files the profile names, in its folder; a profile of no folder lists none.
        func files(_ references: [ScreenshotReference]) -> [ScreenshotFile] {
            guard let content else { return [] }
            return references.map { ScreenshotFile(relativePath: $0.path, content: content, line: $0.line) }
        }
        func files(_ references: [Appearance: ScreenshotReference]) -> [Appearance: ScreenshotFile] {
            guard let content else { return [:] }
            return references.mapValues { ScreenshotFile(relativePath: $0.path, content: content, line: $0.line) }
        }
        let document = DeviceDocument(
            profile: profile, layouts: layouts,
            screenshotSets: ScreenshotSet.sets(
                of: profile, own: files(decoder.screenshots), zoomed: decoder.layoutScreenshots.mapValues { files($0) }),
            calibrations: content == nil ? [:] : decoder.calibrations.mapValues { files($0) }, file: file,
            body: split.body, references: references, locations: locations)
        diagnostics += MarkdownOutline(split.body, firstLine: split.bodyFirstLine).removedDiagnostics(file: file, device: id)
        return (document, diagnostics)
    }

    /// Whether `id` can name a device profile (lower-case letters, digits and single dashes), and
    /// so be used in paths: `devices/<id>.md`, `calibration/<id>-…png`.
    public static func isValidID(_ id: String) -> Bool {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        return !id.isEmpty
            && parts.allSatisfy { !$0.isEmpty && $0.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) } }
    }
}

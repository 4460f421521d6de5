import Catalog
import CheckCodes
import FileAccess
import Foundation
import SlotGeometry

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a site was built from, kept in the cache (never in the site, which is published and must
/// hold nothing of the machine it was built on), so that a build with nothing changed is seen
/// with a look at file dates and skipped.
///
/// The inputs are the build's options and working folder, the `backdrop` binary, and every file
/// of the content and templates folders (hidden ones too) and the browser core (with the make
/// page's beside it); each file is
/// listed with its size, inode, and modification and status-change times to the nanosecond (an
/// edit, a copy, a `touch`, even one that puts the old modification time back, changes the status
/// change time). The site's own files are listed the same way, so that a site someone edited or
/// damaged is built again, and so are the cache's, so that a damaged cache entry is found and
/// made again. The stamp keeps the build's warnings and notes, which a skipped build
/// reports again, so that skipping a build never hides a finding.
struct BuildStamp {
    /// The cache's folder of stamps, one file for each output folder built with the cache.
    static let folder = "site-stamps"

    /// The stamp of the site at `output` (as given or physical) built with `cache`: a file named
    /// after the output's physical path, which it does not hold.
    static func path(output: String, cache: String) -> String {
        var name = ContentHash()
        name.add(PathName.physical(output))
        return PathName.joining(cache, "\(folder)/\(name).stamp")
    }

    var inputs: [String]
    var site: [String]
    var cache: [String]
    var report: BuildReport
    var diagnostics: [Diagnostic]

    /// The inputs of a build with `options`; nil when one of them cannot be listed (the build
    /// then runs, and reports what is wrong).
    static func inputs(_ options: BuildOptions) -> [String]? {
        var lines = [
            "working folder \(FileManager.default.currentDirectoryPath)",
            "options content=\(options.content) templates=\(options.templates) output=\(options.output) cache=\(options.cache) base=\(options.baseURL.map { "\($0)" } ?? "-") core=\(options.browserCore)",
        ]
        guard let binary = Bundle.main.executablePath, let identity = fileIdentity(binary) else { return nil }
        lines.append("binary \(binary) \(identity)")
        guard let content = listing(options.content), let templates = listing(options.templates) else { return nil }
        lines += content.map { "content \($0)" } + templates.map { "templates \($0)" }
        lines.append("core \(fileIdentity(options.browserCore) ?? "missing")")
        let makeCore = PathName.joining(PathName.folder(of: options.browserCore), BrowserCoreScript.makeFileName)
        lines.append("make core \(fileIdentity(makeCore) ?? "missing")")
        return lines
    }

    /// The site at `folder` as the stamp lists it: every file but the marker.
    static func siteFiles(_ folder: String) -> [String]? {
        listing(folder)?.filter { !$0.hasPrefix(SiteFolder.markerName + " ") }
    }

    /// The cache at `folder` as the stamp lists it: every entry, not the stamps.
    static func cacheFiles(_ folder: String) -> [String]? {
        listing(folder)?.filter { !$0.hasPrefix(Self.folder + "/") }
    }

    /// Whether a build with these findings may be skipped next time. Not after one that found a
    /// damaged cache entry or could not keep its new ones: those findings are about what the
    /// build did, not about its inputs, so the next build looks at the cache again.
    static func mayBeSkippedAfter(_ diagnostics: [Diagnostic]) -> Bool {
        !diagnostics.contains { [CropCheck.cacheIntact.code, BuildCheck.workFolders.code].contains($0.code) }
    }

    /// Whether the site of `options.output` is this stamp's, with `inputs` and the cache as they were.
    func matches(_ inputs: [String], _ options: BuildOptions) -> Bool {
        self.inputs == inputs && Self.siteFiles(options.output) == site && Self.cacheFiles(options.cache) == cache
    }

    /// The stamp of the site of `options` (its output and cache), if it has one that reads.
    static func read(_ options: BuildOptions) -> BuildStamp? {
        guard let text = try? String(contentsOfFile: path(output: options.output, cache: options.cache), encoding: .utf8) else { return nil }
        var sections: [String: [String]] = [:]
        var section = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") {
                section = String(line.dropFirst(3))
                sections[section] = []
            } else if !section.isEmpty, !line.isEmpty {
                sections[section, default: []].append(String(line))
            }
        }
        guard let inputs = sections["inputs"], let site = sections["site"], let cache = sections["cache"], let counts = sections["report"]?.first
        else { return nil }
        let numbers = counts.split(separator: " ").compactMap { Int($0) }
        guard numbers.count == 6 else { return nil }
        var report = BuildReport()
        (report.devices, report.layouts, report.crops, report.screenshotsDecoded, report.checksPassed, report.warnings) =
            (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
        var diagnostics: [Diagnostic] = []
        for line in sections["findings"] ?? [] {
            guard let diagnostic = Self.diagnostic(line) else { return nil }
            diagnostics.append(diagnostic)
        }
        return BuildStamp(inputs: inputs, site: site, cache: cache, report: report, diagnostics: diagnostics)
    }

    /// Keeps the stamp of the site of `options`.
    func write(_ options: BuildOptions) throws {
        let file = Self.path(output: options.output, cache: options.cache)
        try FileManager.default.createDirectory(atPath: PathName.folder(of: file), withIntermediateDirectories: true)
        try text.write(toFile: file, atomically: true, encoding: .utf8)
    }

    /// Removes the stamp of the site of `options`: the next build of it is not skipped.
    static func remove(_ options: BuildOptions) {
        try? FileManager.default.removeItem(atPath: path(output: options.output, cache: options.cache))
    }

    /// The stamp as its file holds it.
    var text: String {
        let counts = [report.devices, report.layouts, report.crops, report.screenshotsDecoded, report.checksPassed, report.warnings]
        return
            (["# What this site was built from (backdrop build); a build with all of it unchanged is skipped.", "## inputs"] + inputs
            + ["## site"] + site + ["## cache"] + cache + ["## report", counts.map(String.init).joined(separator: " "), "## findings"]
            + diagnostics.map(Self.line)).joined(separator: "\n") + "\n"
    }

    /// A finding as one line: a JSON array of its fields.
    private static func line(_ diagnostic: Diagnostic) -> String {
        let fields: [Any] = [
            diagnostic.file, diagnostic.line ?? NSNull(), diagnostic.severity.rawValue, diagnostic.code, diagnostic.device ?? NSNull(),
            diagnostic.layout?.rawValue ?? NSNull(), diagnostic.slot?.rawValue ?? NSNull(), diagnostic.message,
        ]
        let data = (try? JSONSerialization.data(withJSONObject: fields)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    private static func diagnostic(_ line: String) -> Diagnostic? {
        guard let fields = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], fields.count == 8,
            let file = fields[0] as? String, let severity = (fields[2] as? String).flatMap(Severity.init(rawValue:)),
            let info = AllChecks.infos.first(where: { $0.code == fields[3] as? String }), let message = fields[7] as? String
        else { return nil }
        var diagnostic = Diagnostic(
            file: file, line: fields[1] as? Int, check: BuildCheck.browserCore, device: fields[4] as? String,
            layout: (fields[5] as? String).flatMap(LayoutKind.init(rawValue:)), slot: (fields[6] as? String).flatMap(SlotID.init(rawValue:)),
            message: message)
        diagnostic.check = info
        diagnostic.severity = severity
        return diagnostic
    }

    /// Every file below `folder`, hidden ones too, sorted by path: `path size inode mtime ctime`;
    /// a symbolic link also names its target. Nil when the folder cannot be read.
    static func listing(_ folder: String) -> [String]? {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return nil }
        var lines: [String] = []
        while let path = enumerator.nextObject() as? String {
            let full = PathName.joining(folder, path)
            var link = stat()
            guard lstat(full, &link) == 0 else { return nil }
            if link.st_mode & S_IFMT == S_IFDIR { continue }
            var line = "\(path) \(identity(link))"
            if link.st_mode & S_IFMT == S_IFLNK {
                line += " -> \((try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?") \(fileIdentity(full) ?? "missing")"
            }
            lines.append(line)
        }
        return lines.sorted()
    }

    /// A file's size, inode and times, following a symbolic link; nil when it does not exist.
    private static func fileIdentity(_ path: String) -> String? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return identity(status)
    }

    private static func identity(_ status: stat) -> String {
        #if canImport(Darwin)
            let (modified, changed) = (status.st_mtimespec, status.st_ctimespec)
        #else
            let (modified, changed) = (status.st_mtim, status.st_ctim)
        #endif
        return "\(status.st_size) \(status.st_ino) \(modified.tv_sec).\(modified.tv_nsec) \(changed.tv_sec).\(changed.tv_nsec)"
    }
}

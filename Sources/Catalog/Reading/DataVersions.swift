import Foundation
import SlotGeometry
import Yams

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// The versions of the geometry data, from `content/data-versions.yaml`, newest first: the first
/// one's version is the data version that `geometry.json`, the WidgetGeometry library and
/// `backdrop --version` carry, each with the whole list as its changelog.
public struct DataVersions: Hashable, Sendable {
    /// One version of the data: what changed in it.
    public struct Release: Codable, Hashable, Sendable {
        /// `YEAR.MONTH.N`, e.g. `2026.11.2`.
        public var version: String
        /// The day it was made, `YYYY-MM-DD`.
        public var date: String
        /// Every change, one per layout.
        public var changes: [Change]
    }

    /// A change of one layout's numbers.
    public struct Change: Codable, Hashable, Sendable {
        /// `DEVICE/LAYOUT` (e.g. `iphone-16-pro/ios26`), `all/LAYOUT` for every device, or `all`.
        public var layout: String
        /// Which numbers changed, and to what.
        public var numbers: String
        /// Where the numbers now come from.
        public var source: String
    }

    /// Newest first; empty when the content folder has no `data-versions.yaml`.
    public var releases: [Release]

    /// The data version: the newest release's, or `nil` when the data is not versioned.
    public var current: String? { releases.first?.version }

    /// The file, relative to the content folder.
    public static let file = "data-versions.yaml"

    public init(releases: [Release] = []) {
        self.releases = releases
    }

    /// Reads `data-versions.yaml` of the content folder. A missing file is unversioned data, not
    /// an error; a malformed one is an error naming the file and the entry.
    public static func load(content: String) -> (versions: DataVersions, diagnostics: [Diagnostic]) {
        let folder = ContentFolder(content)
        let path = folder.path(of: file)
        guard ContentFolder.kind(path) != nil else { return (DataVersions(), []) }
        do {
            return parse(try folder.pageText(file), file: path)
        } catch {
            return (DataVersions(), [error])
        }
    }

    /// A warning for each change whose layout names a device the catalog does not have or a
    /// layout no iOS has: `DEVICE/LAYOUT`, `all/LAYOUT` or `all`.
    public func unknownLayouts(devices: Set<String>, file path: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for release in releases {
            for change in release.changes where change.layout != "all" {
                let parts = change.layout.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
                let deviceKnown = parts.first.map { $0 == "all" || devices.contains($0) } ?? false
                guard parts.count != 2 || !deviceKnown || LayoutKind(rawValue: parts[1]) == nil else { continue }
                diagnostics.append(
                    Diagnostic(
                        file: path, severity: .warning, check: ContentCheck.badValue,
                        message: "release \(release.version): the change of `\(change.layout)` names no device layout of the catalog "
                            + "(DEVICE/LAYOUT, all/LAYOUT or all)"))
            }
        }
        return diagnostics
    }

    /// Decodes and checks the file's text: versions `YEAR.MONTH.N`, newest first and each once,
    /// dates `YYYY-MM-DD`, every release with changes, every field filled.
    public static func parse(_ text: String, file path: String) -> (versions: DataVersions, diagnostics: [Diagnostic]) {
        let releases: [Release]
        do {
            releases = try YAMLDecoder().decode([Release].self, from: text)
        } catch {
            return (
                DataVersions(),
                [
                    Diagnostic(
                        file: path, check: ContentCheck.badValue,
                        message: "is not a list of releases (version, date, changes: layout, numbers, source): \(error)")
                ]
            )
        }
        var problems: [String] = []
        var previous: [Int]?
        for (index, release) in releases.enumerated() {
            let name = "release \(index + 1) (\(release.version))"
            if release.version.range(of: #"^\d{4}\.\d{1,2}\.\d+$"#, options: .regularExpression) == nil {
                problems.append("\(name): the version is not YEAR.MONTH.N")
            } else {
                let parts = release.version.split(separator: ".").compactMap { Int($0) }
                if let previous, !parts.lexicographicallyPrecedes(previous) {
                    problems.append("\(name): the versions are not newest first, each once")
                }
                previous = parts
            }
            if release.date.range(of: #"^\d{4}-\d{2}-\d{2}$"#, options: .regularExpression) == nil {
                problems.append("\(name): the date `\(release.date)` is not YYYY-MM-DD")
            }
            if release.changes.isEmpty { problems.append("\(name): no changes are listed") }
            for change in release.changes where [change.layout, change.numbers, change.source].contains(where: \.isEmpty) {
                problems.append("\(name): a change has an empty layout, numbers or source")
            }
        }
        guard problems.isEmpty else {
            return (DataVersions(), problems.map { Diagnostic(file: path, check: ContentCheck.badValue, message: $0) })
        }
        return (DataVersions(releases: releases), [])
    }
}

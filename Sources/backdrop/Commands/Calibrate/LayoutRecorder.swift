import Calibration
import Catalog
import Checks
import FileAccess
import Foundation
import NativePNG
import SlotGeometry

/// Records a calibration measurement into a device profile (`backdrop calibrate --into`): decides
/// the numbers (``LayoutRecording``), writes them into the profile's text at the exact spots
/// (``ProfileTextEditor``), runs the checks on the new text before anything is written (the
/// profile's parse and geometry checks, the screenshot checks, and every calibration screenshot
/// of the layout measured again as the build does, the new one included), and only then copies
/// the screenshot into `calibration/` and replaces the profile atomically.
enum LayoutRecorder {
    public struct Request {
        public var content: String
        /// The catalog as loaded from `content`, for naming the layouts a screenshot size fits.
        public var catalog: Catalog
        public var device: String
        /// The layout id as given (checked here).
        public var layout: String
        public var measurement: LayoutMeasurement
        /// The screenshot's path as given, its bytes and its colours (as measured).
        public var screenshot: String
        public var screenshotBytes: [UInt8]
        public var field: ColorField
        public var reference: ReferenceChoice
        public var replace: Bool

        public init(
            content: String, catalog: Catalog, device: String, layout: String, measurement: LayoutMeasurement, screenshot: String,
            screenshotBytes: [UInt8], field: ColorField, reference: ReferenceChoice, replace: Bool
        ) {
            self.content = content
            self.catalog = catalog
            self.device = device
            self.layout = layout
            self.measurement = measurement
            self.screenshot = screenshot
            self.screenshotBytes = screenshotBytes
            self.field = field
            self.reference = reference
            self.replace = replace
        }
    }

    public struct Recording: Sendable {
        /// The profile, as shown in messages.
        public var profile: String
        public var edit: ProfileEdit
        /// The lines that changed; empty when nothing needed to change.
        public var diff: LineDiff
        /// Where the screenshot was copied, relative to the content folder.
        public var copied: String?
        /// The calibration screenshot of the layout that already holds these exact bytes.
        public var alreadyListed: String?
        /// Every finding of the checks on the new profile (warnings and notes; errors refuse).
        public var diagnostics: [Diagnostic]
        /// One line per calibration screenshot of the layout, as measured against the new numbers.
        public var calibrationSummaries: [String]
    }

    /// Why nothing was recorded: the file concerned and the reason, with the findings that refused it.
    public struct Failure: Error, CustomStringConvertible {
        public var file: String
        public var reason: String
        public var diagnostics: [String] = []

        public var description: String {
            (["\(file): \(reason)"] + diagnostics.map { "  \($0)" }).joined(separator: "\n")
        }
    }

    public static func record(_ request: Request) throws(Failure) -> Recording {
        let folder = ContentFolder(request.content)
        guard Catalog.isValidID(request.device) else {
            throw Failure(
                file: folder.path(of: "devices"),
                reason:
                    "`\(request.device)` is not a device id: use the profile's file name without .md (lower-case letters, digits and single dashes)")
        }
        let relative = "devices/\(request.device).md"
        let profilePath = folder.path(of: relative)

        // The device, its text, and the layout.
        let text: String
        do {
            text = try folder.text(relative, limit: ContentFolder.maximumProfileBytes)
        } catch .missing {
            let known = knownDevices(folder)
            var reason = "no such profile: there is no device `\(request.device)`"
            if !known.isEmpty { reason += "; known devices: \(known.joined(separator: ", "))" }
            throw Failure(file: profilePath, reason: reason)
        } catch {
            throw Failure(file: profilePath, reason: error.description)
        }
        guard let kind = LayoutKind(rawValue: request.layout) else {
            let valid = LayoutKind.allCases.map(\.rawValue)
            throw Failure(file: profilePath, reason: "unknown layout id `\(request.layout)`; valid ids: \(valid.joined(separator: ", "))")
        }
        let parsed = Catalog.parse(text: text, file: profilePath, id: request.device, content: request.content)
        guard let document = parsed.document else {
            throw Failure(
                file: profilePath, reason: "the profile cannot be read; fix it first:",
                diagnostics: parsed.diagnostics.filter { $0.severity == .error }.map(\.description))
        }

        // The screenshot must be of the layout's screen.
        let size = request.measurement.screenshot
        let existing = document.profile.layouts.first { $0.kind == kind }
        if existing == nil, kind.isDisplayZoom, size == document.profile.screen.pixels {
            let standard = document.profile.layouts.first { !$0.kind.isDisplayZoom }?.kind.rawValue ?? "ios18"
            throw Failure(
                file: request.screenshot,
                reason:
                    "is \(size) pixels, \(document.id)'s own screen without Display Zoom; use --layout \(standard), or turn Display Zoom on and take the screenshot again"
            )
        }
        if existing != nil || !kind.isDisplayZoom,
            let mismatch = request.catalog.sizeMismatch(size, device: document, layout: existing ?? LayoutSpec(kind: kind, values: [:]))
        {
            throw Failure(file: request.screenshot, reason: mismatch)
        }

        // Where the screenshot goes, unless the layout already lists these very bytes.
        var listedBytes: [String: [UInt8]] = [:]
        for file in document.calibrations[kind] ?? [] {
            listedBytes[file.relativePath] = try? folder.bytes(file.relativePath, limit: ScreenshotChecks.maximumFileBytes)
        }
        let alreadyListed = (document.calibrations[kind] ?? []).first { listedBytes[$0.relativePath] == request.screenshotBytes }
        let copy = alreadyListed == nil ? freeCalibrationPath(folder, device: document.id, layout: kind) : nil

        // The edit, and the new text.
        let edit: ProfileEdit
        let newText: String
        do {
            edit = try LayoutRecording.plan(
                request.measurement, layout: kind, of: document, text: text, reference: request.reference, replace: request.replace,
                calibration: copy)
            newText = try ProfileTextEditor.apply(edit, to: text)
        } catch {
            throw Failure(file: profilePath, reason: error.description)
        }
        guard edit.changesProfile else {
            return Recording(
                profile: profilePath, edit: edit, diff: LineDiff(text, text), copied: nil, alreadyListed: alreadyListed?.relativePath,
                diagnostics: parsed.diagnostics, calibrationSummaries: [])
        }

        // Every check on the new text, before anything is written.
        let after = Catalog.parse(text: newText, file: profilePath, id: document.id, content: request.content)
        guard let newDocument = after.document, let layout = newDocument.layout(kind) else {
            throw Failure(
                file: profilePath, reason: "the edited profile does not read; nothing was written:",
                diagnostics: after.diagnostics.map(\.description))
        }
        let problems = LayoutRecording.verify(edit, before: document, after: newDocument)
        guard problems.isEmpty else {
            throw Failure(
                file: profilePath, reason: "the edited text does not say what was intended; nothing was written (this is a bug in the editor)",
                diagnostics: problems)
        }
        var diagnostics = after.diagnostics
        var catalog = request.catalog
        catalog.devices.removeAll { $0.id == document.id }
        catalog.devices.append(newDocument)
        // Only a new layout can change which screenshots the profile's screens need.
        if edit.createsLayout {
            var screenshots = ScreenshotCheckResult()
            ScreenshotChecks.check(newDocument, catalog: catalog, folder: folder, into: &screenshots)
            diagnostics += screenshots.diagnostics
        }
        var summaries: [String] = []
        for file in newDocument.calibrations[kind] ?? [] {
            let isNew = file.relativePath == copy
            do {
                let field =
                    try isNew
                    ? request.field
                    : ColorField(
                        PNGRaster(
                            decoding: listedBytes[file.relativePath] ?? folder.bytes(file.relativePath, limit: ScreenshotChecks.maximumFileBytes)))
                let measured = try CalibrationChecks.measure(field, layout: layout, of: newDocument)
                let result = CalibrationChecks.compare(measured, with: layout, file: file, of: newDocument)
                diagnostics += result.diagnostics
                summaries.append(result.summary)
            } catch {
                var reason = CalibrationChecks.reason(isNew ? request.screenshot : file.path, error)
                if isNew {
                    reason += " (\(CalibrationChecks.measuredAlone))"
                }
                diagnostics.append(CalibrationChecks.unreadable(file, layout: layout, of: newDocument, reason))
            }
        }
        diagnostics.sort()
        let errors = diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else {
            let before = Set(parsed.diagnostics.map { [$0.code, $0.layout?.rawValue ?? "", $0.slot?.rawValue ?? "", $0.message] })
            throw Failure(
                file: profilePath,
                reason: "recording this measurement would break the checks; the profile is untouched and no screenshot was copied:",
                diagnostics: errors.map { error in
                    before.contains([error.code, error.layout?.rawValue ?? "", error.slot?.rawValue ?? "", error.message])
                        ? "\(error.description) (already before this edit)" : error.description
                })
        }

        // Write so that a stop at any moment leaves nothing no check mentions: both new files,
        // complete and synced, under hidden temporary names first (a stop here leaves them, which
        // F017 reports); then the screenshot under its own name, never over a file (a stop here
        // leaves it unlisted, which F018 reports); then the profile, by rename.
        let profile = try prepareReplacement(relative, in: folder, with: newText)
        var shotTemporary: String?
        var linked = false
        do throws(Failure) {
            if let copy {
                let final = folder.path(of: copy)
                let temporary = PathName.joining(PathName.folder(of: final), LeftoverFiles.temporaryName(for: PathName.name(of: final)))
                try write(request.screenshotBytes, to: temporary, inside: request.content)
                shotTemporary = temporary
                guard link(temporary, final) == 0 else {
                    throw Failure(file: final, reason: "cannot be written: \(FileProblem.reason(errno: errno))")
                }
                linked = true
                unlink(temporary)
                shotTemporary = nil
            }
            try commitReplacement(profile, expecting: text, in: folder)
        } catch {
            unlink(profile.temporary)
            if let shotTemporary { unlink(shotTemporary) }
            if let copy, linked { unlink(folder.path(of: copy)) }
            throw error
        }
        return Recording(
            profile: profilePath, edit: edit, diff: LineDiff(text, newText), copied: copy, alreadyListed: alreadyListed?.relativePath,
            diagnostics: diagnostics, calibrationSummaries: summaries)
    }

    private static func knownDevices(_ folder: ContentFolder) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path(of: "devices"))) ?? []
        return names.filter { $0.hasSuffix(".md") && !$0.hasPrefix(".") }.map { String($0.dropLast(3)) }.sorted()
    }

    /// `calibration/DEVICE-LAYOUT-widgets-N.png` with the first N no file has.
    static func freeCalibrationPath(_ folder: ContentFolder, device: String, layout: LayoutKind) -> String {
        var number = 1
        while true {
            let path = "calibration/\(device)-\(layout.rawValue)-widgets-\(number).png"
            if ContentFolder.kind(folder.path(of: path)) == nil { return path }
            number += 1
        }
    }

    /// Writes a new file in a folder of the content folder, refusing to replace one that exists.
    private static func write(_ bytes: [UInt8], to path: String, inside content: String) throws(Failure) {
        let directory = PathName.folder(of: path)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw Failure(file: directory, reason: "cannot be created: \(ContentFolder.reason(error))")
        }
        guard let root = ContentFolder.realPath(content), let resolved = ContentFolder.realPath(directory),
            ContentFolder.isPath(resolved, inside: root)
        else {
            throw Failure(file: directory, reason: "leads outside the content folder; calibration screenshots must be inside it")
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor >= 0 else {
            throw Failure(file: path, reason: "cannot be written: \(String(cString: strerror(errno)))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        do {
            try handle.write(contentsOf: Data(bytes))
            try handle.synchronize()
            try handle.close()
        } catch {
            try? handle.close()
            unlink(path)
            throw Failure(file: path, reason: "cannot be written: \(ContentFolder.reason(error))")
        }
    }

    /// A profile's new text, written and synced to a hidden temporary file beside it.
    private struct Replacement {
        var relative: String
        var shown: String
        var target: String
        var temporary: String
    }

    /// Writes the new text of a profile to a temporary file beside it, with its permissions.
    private static func prepareReplacement(_ relative: String, in folder: ContentFolder, with new: String) throws(Failure) -> Replacement {
        let shown = folder.path(of: relative)
        let target: String
        do {
            target = try folder.locate(relative)
        } catch {
            throw Failure(file: shown, reason: error.description)
        }
        let directory = PathName.folder(of: target)
        let name = PathName.name(of: target)
        let temporary = PathName.joining(directory, LeftoverFiles.temporaryName(for: name))
        unlink(temporary)  // one this process left earlier
        do {
            try FileWriter.create(temporary, with: Array(new.utf8))
        } catch {
            throw Failure(
                file: shown, reason: "cannot be written: the temporary file \(temporary) \(error.action ?? "cannot be created"): \(error.reason)")
        }
        var info = stat()
        if stat(target, &info) == 0 { chmod(temporary, info.st_mode & 0o7777) }
        return Replacement(relative: relative, shown: shown, target: target, temporary: temporary)
    }

    /// Renames the new text over the profile, once the file is checked to still hold the text the
    /// edit was made from.
    private static func commitReplacement(_ replacement: Replacement, expecting old: String, in folder: ContentFolder) throws(Failure) {
        let current = try? folder.text(replacement.relative, limit: ContentFolder.maximumProfileBytes)
        guard let current, current.utf8.elementsEqual(old.utf8) else {
            throw Failure(
                file: replacement.shown, reason: "changed while the measurement was being recorded; nothing was written, run the command again")
        }
        guard rename(replacement.temporary, replacement.target) == 0 else {
            throw Failure(file: replacement.shown, reason: "cannot be written: \(FileProblem.reason(errno: errno))")
        }
    }
}

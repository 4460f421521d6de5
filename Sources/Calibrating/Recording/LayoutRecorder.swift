import Calibration
import Catalog
import CheckCodes
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
///
/// ``record(_:)`` reads as its steps; each step is a function of its own.
public enum LayoutRecorder {
    /// What to record, and where.
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
        /// Whether the screenshot is copied into `calibration/` and listed by the layout, for every
        /// build to measure again: not for a home screen with transparent widgets
        /// (`calibrate --transparent`), which only its empty page and the crops' old layout explain.
        public var keepsScreenshot: Bool

        public init(
            content: String, catalog: Catalog, device: String, layout: String, measurement: LayoutMeasurement, screenshot: String,
            screenshotBytes: [UInt8], field: ColorField, reference: ReferenceChoice, replace: Bool, keepsScreenshot: Bool = true
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
            self.keepsScreenshot = keepsScreenshot
        }
    }

    /// What was recorded (or found already there).
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
        /// Whether the screenshot was to be kept as a calibration screenshot (``Request/keepsScreenshot``).
        public var keepsScreenshot = true
    }

    /// Why nothing was recorded: the file concerned and the reason, with the findings that refused it.
    public struct Failure: Problem {
        public var file: String
        public var reason: String
        /// The findings that refused it, each a problem of its own.
        public var findings: [ProblemText] = []

        /// The reason, then each finding that refused the profile.
        public var problems: [ProblemText] { [ProblemText(file: file, reason: reason)] + findings }
    }

    /// The profile as it is before the edit.
    struct Profile {
        var folder: ContentFolder
        /// `devices/ID.md`, and the path shown in messages.
        var relative: String
        var path: String
        var text: String
        var kind: LayoutKind
        var parsed: (document: DeviceDocument?, diagnostics: [Diagnostic])
        var document: DeviceDocument
    }

    /// Where the screenshot goes: copied to `copy`, or already listed by the layout.
    struct Placement {
        /// The bytes of the layout's calibration screenshots, by path relative to the content folder.
        var listedBytes: [String: [UInt8]]
        var alreadyListed: ScreenshotFile?
        var copy: String?
    }

    /// The profile after the edit, read and verified.
    struct Edited {
        var edit: ProfileEdit
        var document: DeviceDocument
        var layout: ResolvedLayout
        var diagnostics: [Diagnostic]
    }

    /// Records `request`, or refuses with nothing written.
    public static func record(_ request: Request) throws(Failure) -> Recording {
        let profile = try readProfile(request)
        try checkScreenshotSize(request, profile)
        let placement = try placeScreenshot(request, profile)
        let (edit, newText) = try planEdit(request, profile, placement)
        guard edit.changesProfile else {
            return Recording(
                profile: profile.path, edit: edit, diff: LineDiff(profile.text, profile.text), copied: nil,
                alreadyListed: placement.alreadyListed?.relativePath, diagnostics: profile.parsed.diagnostics, calibrationSummaries: [],
                keepsScreenshot: request.keepsScreenshot)
        }
        let edited = try readEdited(edit, newText, request, profile)
        let (diagnostics, summaries) = try checkEdited(edited, request, profile, placement)
        try write(newText, request, profile, placement)
        return Recording(
            profile: profile.path, edit: edit, diff: LineDiff(profile.text, newText), copied: placement.copy,
            alreadyListed: placement.alreadyListed?.relativePath, diagnostics: diagnostics, calibrationSummaries: summaries,
            keepsScreenshot: request.keepsScreenshot)
    }

    /// The device's profile, its text and the layout, or why they cannot be had.
    static func readProfile(_ request: Request) throws(Failure) -> Profile {
        let folder = ContentFolder(request.content)
        guard Catalog.isValidID(request.device) else {
            throw Failure(
                file: folder.path(of: "devices"),
                reason:
                    "`\(request.device)` is not a device id: use the profile's file name without .md (lower-case letters, digits and single dashes)")
        }
        let relative = "devices/\(request.device).md"
        let profilePath = folder.path(of: relative)
        let text: String
        do {
            text = try folder.text(relative, limit: ContentFolder.maximumProfileBytes)
        } catch .missing {
            let known = knownDevices(folder)
            var reason = "no such profile: there is no device `\(request.device)`"
            if !known.isEmpty { reason += "; known devices: \(known.joined(separator: ", "))" }
            throw Failure(file: profilePath, reason: reason)
        } catch {
            throw Failure(file: profilePath, reason: error.reasons)
        }
        guard let kind = LayoutKind(rawValue: request.layout) else {
            let valid = LayoutKind.allCases.map(\.rawValue)
            throw Failure(file: profilePath, reason: "unknown layout id `\(request.layout)`; valid ids: \(valid.joined(separator: ", "))")
        }
        let parsed = Catalog.parse(text: text, file: profilePath, id: request.device, content: request.content)
        guard let document = parsed.document else {
            throw Failure(
                file: profilePath, reason: "the profile cannot be read; fix it first:",
                findings: parsed.diagnostics.filter { $0.severity == .error }.flatMap(\.problems))
        }
        return Profile(folder: folder, relative: relative, path: profilePath, text: text, kind: kind, parsed: parsed, document: document)
    }

    /// Refuses a screenshot that is not of the layout's screen.
    static func checkScreenshotSize(_ request: Request, _ profile: Profile) throws(Failure) {
        let (document, kind) = (profile.document, profile.kind)
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
    }

    /// Where the screenshot goes, unless the layout already lists these very bytes or it is not kept.
    static func placeScreenshot(_ request: Request, _ profile: Profile) throws(Failure) -> Placement {
        let listed = profile.document.calibrations[profile.kind] ?? []
        var listedBytes: [String: [UInt8]] = [:]
        for file in listed {
            listedBytes[file.relativePath] = try? profile.folder.bytes(file.relativePath, limit: ScreenshotChecks.maximumFileBytes)
        }
        guard request.keepsScreenshot else { return Placement(listedBytes: listedBytes, alreadyListed: nil, copy: nil) }
        let alreadyListed = listed.first { listedBytes[$0.relativePath] == request.screenshotBytes }
        let copy = alreadyListed == nil ? freeCalibrationPath(profile.folder, device: profile.document.id, layout: profile.kind) : nil
        return Placement(listedBytes: listedBytes, alreadyListed: alreadyListed, copy: copy)
    }

    /// The edit the measurement makes, and the profile's new text.
    static func planEdit(_ request: Request, _ profile: Profile, _ placement: Placement) throws(Failure) -> (ProfileEdit, String) {
        do {
            let edit = try LayoutRecording.plan(
                request.measurement, layout: profile.kind, of: profile.document, text: profile.text, reference: request.reference,
                replace: request.replace, calibration: placement.copy)
            return (edit, try ProfileTextEditor.apply(edit, to: profile.text))
        } catch {
            throw Failure(file: profile.path, reason: error.reasons)
        }
    }

    /// The new text read back, and checked to say what the edit intended.
    static func readEdited(_ edit: ProfileEdit, _ newText: String, _ request: Request, _ profile: Profile) throws(Failure) -> Edited {
        let after = Catalog.parse(text: newText, file: profile.path, id: profile.document.id, content: request.content)
        guard let document = after.document, let layout = document.layout(profile.kind) else {
            throw Failure(
                file: profile.path, reason: "the edited profile does not read; nothing was written:",
                findings: after.diagnostics.flatMap(\.problems))
        }
        let problems = LayoutRecording.verify(edit, before: profile.document, after: document)
        guard problems.isEmpty else {
            throw Failure(
                file: profile.path, reason: "the edited text does not say what was intended; nothing was written (this is a bug in the editor)",
                findings: problems.map { ProblemText(reason: $0) })
        }
        return Edited(edit: edit, document: document, layout: layout, diagnostics: after.diagnostics)
    }

    /// Every check on the new profile, before anything is written: its screenshots (when the
    /// edit makes a layout) and each calibration screenshot of the layout measured again. Refuses
    /// on any error, naming those that were there before the edit.
    static func checkEdited(_ edited: Edited, _ request: Request, _ profile: Profile, _ placement: Placement) throws(Failure) -> (
        diagnostics: [Diagnostic], summaries: [String]
    ) {
        var diagnostics = edited.diagnostics
        var catalog = request.catalog
        catalog.devices.removeAll { $0.id == profile.document.id }
        catalog.devices.append(edited.document)
        // Only a new layout can change which screenshots the profile's screens need.
        if edited.edit.createsLayout {
            var screenshots = ScreenshotCheckResult()
            ScreenshotChecks.check(edited.document, catalog: catalog, folder: profile.folder, into: &screenshots)
            diagnostics += screenshots.diagnostics
        }
        var summaries: [String] = []
        for file in edited.document.calibrations[profile.kind] ?? [] {
            let isNew = file.relativePath == placement.copy
            do {
                let field =
                    try isNew
                    ? request.field
                    : ColorField(
                        PNGRaster(
                            decoding: placement.listedBytes[file.relativePath]
                                ?? profile.folder.bytes(file.relativePath, limit: ScreenshotChecks.maximumFileBytes)))
                let measured = try CalibrationChecks.measure(field, layout: edited.layout, of: edited.document)
                let result = CalibrationChecks.compare(measured, with: edited.layout, file: file, of: edited.document)
                diagnostics += result.diagnostics
                summaries.append(result.summary)
            } catch {
                var reason = CalibrationChecks.reason(isNew ? request.screenshot : file.path, error)
                if isNew {
                    reason += " (\(CalibrationChecks.measuredAlone))"
                }
                diagnostics.append(CalibrationChecks.unreadable(file, layout: edited.layout, of: edited.document, reason))
            }
        }
        diagnostics.sort()
        let errors = diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else {
            let before = Set(profile.parsed.diagnostics.map { [$0.code, $0.layout?.rawValue ?? "", $0.slot?.rawValue ?? "", $0.message] })
            throw Failure(
                file: profile.path,
                reason: "recording this measurement would break the checks; the profile is untouched and no screenshot was copied:",
                findings: errors.flatMap { error in
                    guard before.contains([error.code, error.layout?.rawValue ?? "", error.slot?.rawValue ?? "", error.message]) else {
                        return error.problems
                    }
                    return error.problems.map { problem in
                        var problem = problem
                        problem.reason += " (already before this edit)"
                        return problem
                    }
                })
        }
        return (diagnostics, summaries)
    }

    /// Writes so that a stop at any moment leaves nothing no check mentions: both new files,
    /// complete and synced, under hidden temporary names first (a stop here leaves them, which
    /// F017 reports); then the screenshot under its own name, never over a file (a stop here
    /// leaves it unlisted, which F018 reports); then the profile, by rename.
    static func write(_ newText: String, _ request: Request, _ profile: Profile, _ placement: Placement) throws(Failure) {
        let folder = profile.folder
        let replacement = try prepareReplacement(profile.relative, in: folder, with: newText)
        var shotTemporary: String?
        var linked = false
        do throws(Failure) {
            if let copy = placement.copy {
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
            try commitReplacement(replacement, expecting: profile.text, in: folder)
        } catch {
            unlink(replacement.temporary)
            if let shotTemporary { unlink(shotTemporary) }
            if let copy = placement.copy, linked { unlink(folder.path(of: copy)) }
            throw error
        }
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
            throw Failure(file: shown, reason: error.reasons)
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

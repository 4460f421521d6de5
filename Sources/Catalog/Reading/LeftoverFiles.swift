import CheckCodes
import Foundation

/// Files a content folder should not hold that nothing reads, so that a tool killed while it
/// wrote (`calibrate --into`) cannot leave something behind that no check mentions:
/// a hidden temporary file in `devices/` or `calibration/` (F017), and a screenshot in
/// `calibration/` that no profile lists (F018).
public enum LeftoverFiles {
    /// The folders a tool writes temporaries into.
    static let folders = ["devices", "calibration"]

    /// The hidden name a tool gives a file of `folder` while it writes it: `.NAME.backdrop-PID.tmp`,
    /// renamed to NAME only when complete. One pattern, so that leftovers can be told apart.
    public static func temporaryName(for name: String, process: Int32 = getpid()) -> String {
        ".\(name).backdrop-\(process).tmp"
    }

    /// Whether a file name is one ``temporaryName(for:process:)`` gives.
    public static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") && name.hasSuffix(".tmp") && name.contains(".backdrop-")
    }

    /// The findings for a content folder whose profiles were read into `devices`; the unlisted
    /// screenshots are looked for only when every profile could be read (`complete`), since an
    /// unreadable profile's list is unknown.
    static func check(_ folder: ContentFolder, devices: [DeviceDocument], complete: Bool) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for name in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path(of: name))) ?? []
            for file in names.sorted() where isTemporary(file) {
                diagnostics.append(temporaryFinding(folder.path(of: "\(name)/\(file)")))
            }
        }
        guard complete else { return diagnostics }
        let listed = Set(devices.flatMap { $0.calibrations.values.flatMap { $0.map { Self.normalized($0.relativePath) } } })
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path(of: "calibration"))) ?? []
        for file in names.sorted() where !file.hasPrefix(".") && file.lowercased().hasSuffix(".png") {
            guard !listed.contains("calibration/\(file)") else { continue }
            diagnostics.append(unlistedFinding(folder.path(of: "calibration/\(file)")))
        }
        return diagnostics
    }

    /// The finding (F017) for a temporary file left in the content folder.
    public static func temporaryFinding(_ file: String) -> Diagnostic {
        Diagnostic(
            file: file, check: ContentCheck.leftoverTemporary,
            message: "is a temporary file a command left when it was stopped while writing; nothing reads it: remove it")
    }

    /// The finding (F018) for a screenshot in `calibration/` that no profile lists.
    public static func unlistedFinding(_ file: String) -> Diagnostic {
        Diagnostic(
            file: file, check: ContentCheck.unlistedCalibration,
            message:
                "no profile lists this calibration screenshot, so no build measures it: add it to a layout's `calibration` list "
                + "(`backdrop calibrate --into DEVICE --layout LAYOUT` does), or remove it")
    }

    /// A relative path as the folder names it: `./calibration//x.png` is `calibration/x.png`.
    private static func normalized(_ path: String) -> String {
        path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
    }
}

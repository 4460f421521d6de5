import Catalog
import SlotGeometry

/// One example finding per check, made by running the check's own code on a sample input that
/// fails it, so the reference shows the wording a real finding has and cannot drift from it.
///
/// These are the content, geometry, screenshot and calibration checks, whose code is in this
/// module and below it. The crop, template and build checks are worded by the build (Gallery), so
/// their examples are made there, by `BuildExamples`, which adds these to its own: the checks
/// reference (`backdrop checks`, `docs/checks.md` and the site's page) takes every example from it.
public enum CheckExamples {
    /// The example finding of each code that has one, by code.
    public static let all: [String: Diagnostic] = {
        var examples: [String: Diagnostic] = [:]
        for (code, findings) in ContentExamples.findings + GeometryExamples.findings + ScreenshotExamples.findings + CalibrationExamples.findings {
            if let finding = findings.first(where: { $0.code == code }) { examples[code] = finding }
        }
        return examples
    }()

    /// The example line of a check, as `backdrop check` prints it; nil when it has none yet.
    public static func line(for code: String) -> String? {
        all[code]?.description
    }
}

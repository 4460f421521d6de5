import Catalog
import SlotGeometry

/// One example finding per check, made by running the check's own code on a sample input that
/// fails it, so the reference shows the wording a real finding has and cannot drift from it.
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

import Catalog
import SlotGeometry

/// Every check Backdrop runs, family by family, in the order the checks reference lists them.
public enum AllChecks {
    public static let infos: [CheckInfo] =
        ContentCheck.infos + GeometryCheck.infos + ScreenshotCheck.infos + CropCheck.infos + CalibrationCheck.infos
        + TemplateCheck.infos + BuildCheck.infos

    /// Checks grouped by family, in their order: each family once, with its checks.
    public static func byFamily(_ checks: [CheckInfo] = infos) -> [(family: String, checks: [CheckInfo])] {
        var groups: [(family: String, checks: [CheckInfo])] = []
        for check in checks {
            if groups.last?.family == check.family {
                groups[groups.count - 1].checks.append(check)
            } else {
                groups.append((check.family, [check]))
            }
        }
        return groups
    }
}

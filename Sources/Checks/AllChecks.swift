import Catalog
import SlotGeometry

/// Every check Backdrop runs, family by family, in the order the checks reference lists them.
public enum AllChecks {
    public static let infos: [CheckInfo] =
        ContentCheck.infos + GeometryCheck.infos + ScreenshotCheck.infos + CropCheck.infos + CalibrationCheck.infos
        + TemplateCheck.infos + BuildCheck.infos
}

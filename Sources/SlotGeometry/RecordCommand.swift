/// The `backdrop calibrate … --into` command that records a measurement into a device profile:
/// shown on the Help measure page, the measure page and by `crop --measured-from`.
public enum RecordCommand {
    /// The command for these files, device and layout (placeholders where they are not known).
    public static func text(screenshot: String, empty: String?, device: String, layout: String) -> String {
        "backdrop calibrate \(screenshot)\(empty.map { " --empty \($0)" } ?? "") --into \(device) --layout \(layout) "
            + "--reference your-key=\"who measured, which phone, which iOS version, when\""
    }
}

/// The `backdrop calibrate … --into` command that records a measurement into a device profile:
/// shown on the Help measure page, the measure page, by `crop --measured-from`, and by "check my
/// widgets" (`crop --widgets-from` and the make page).
public enum RecordCommand {
    /// The command for these files, device and layout (placeholders where they are not known).
    /// `transparent`: `screenshot` shows transparent widgets whose backgrounds were cropped from
    /// `empty` with the layout as listed (`calibrate --transparent`); `icons`: `screenshot` is a
    /// page of app icons the slots are read off (`calibrate --icons`).
    public static func text(screenshot: String, empty: String?, device: String, layout: String, transparent: Bool = false, icons: Bool = false)
        -> String
    {
        "backdrop calibrate \(screenshot)\(empty.map { " --empty \($0)" } ?? "")\(transparent ? " --transparent" : "")\(icons ? " --icons" : "") --into \(device) --layout \(layout) "
            + "--reference your-key=\"who measured, which phone, which iOS version, when\""
    }
}

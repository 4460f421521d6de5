/// The end of a measurement's text report: the command that records the measurement into the
/// catalog, and the block to paste into the device profile instead.
enum RecordingAdvice {
    /// A blank line, `run` (what running `command` does), `command` indented, `paste` (what the
    /// block is) and the `block`.
    static func lines(run: String, command: String, paste: String, block: [String]) -> [String] {
        ["", run, "  \(command)", paste] + block
    }
}

import SlotGeometry

extension SiteBuilder {
    /// How much a build says. Problems (warnings and errors) and the summary are always said; the
    /// levels add progress lines and notes.
    public enum Verbosity: Sendable {
        /// Problems and the summary only.
        case quiet
        /// Also a line for each device built: its layouts, crops and time.
        case normal
        /// Also notes, such as geometry findings a profile accepts as documented exceptions.
        case verbose

        /// Whether a line is logged for each device built.
        public var logsDevices: Bool { self != .quiet }

        /// Whether a diagnostic of this severity is worth printing.
        public func shows(_ severity: Severity) -> Bool {
            severity != .note || self == .verbose
        }
    }
}

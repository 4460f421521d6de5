extension WidgetGeometry {
    /// One version of the geometry data and what changed in it: an entry of ``dataChangelog``.
    public struct DataRelease: Hashable, Sendable {
        /// `YEAR.MONTH.N`, e.g. `2026.11.2`.
        public let version: String
        /// The day it was made, `YYYY-MM-DD`.
        public let date: String
        /// Every change, one per layout.
        public let changes: [DataChange]
    }

    /// A change of one layout's numbers in a data version.
    public struct DataChange: Hashable, Sendable {
        /// `DEVICE/LAYOUT` (e.g. `iphone-16-pro/ios26`), `all/LAYOUT` for every device, or `all`.
        public let layout: String
        /// Which numbers changed, and to what.
        public let numbers: String
        /// Where the numbers now come from.
        public let source: String
    }
}

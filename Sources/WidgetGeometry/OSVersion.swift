extension WidgetGeometry {
    /// An iOS version, as `ProcessInfo.processInfo.operatingSystemVersion` gives it.
    public struct OSVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
        public let major: Int
        public let minor: Int

        /// iOS `major`.`minor`.
        public init(major: Int, minor: Int = 0) {
            self.major = major
            self.minor = minor
        }

        /// Versions compare by major, then minor.
        public static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
        }

        /// The first iOS whose home screen takes widgets.
        public static let firstWithWidgets = OSVersion(major: 14)

        /// "iOS 18.2".
        public var description: String { "iOS \(major).\(minor)" }
    }
}

import ArgumentParser
import SlotGeometry

/// `--layout ios18`: a layout by its identifier.
extension LayoutKind: ExpressibleByArgument {}

import ArgumentParser
import SlotGeometry

/// `--slots small-top-left medium-middle`: slots by their identifiers.
extension SlotID: ExpressibleByArgument {}

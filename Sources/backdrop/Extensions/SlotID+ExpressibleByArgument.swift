import SlotGeometry

#if Tool
    import ArgumentParser
#else
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// `--slots small-top-left medium-middle`: slots by their identifiers.
extension SlotID: ExpressibleByArgument {}

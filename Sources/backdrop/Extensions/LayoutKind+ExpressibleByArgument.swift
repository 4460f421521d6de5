import SlotGeometry

#if Tool
    import ArgumentParser
#else
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// `--layout ios18`: a layout by its identifier.
extension LayoutKind: ExpressibleByArgument {}

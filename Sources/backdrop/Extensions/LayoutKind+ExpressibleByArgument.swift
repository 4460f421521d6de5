import ArgumentParser
import SlotGeometry

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// `--layout ios18`: a layout by its identifier.
extension LayoutKind: ExpressibleByArgument {}

#if !$Embedded && canImport(Dispatch)
    import Dispatch
#endif

/// How pieces of work that do not depend on each other are run: one after another, or side by
/// side on the machine's cores. Each piece only reads what they share and writes its own result,
/// so both give the same answers in the same order.
public enum Parallelism: Sendable {
    /// One after another, on the calling thread.
    case inTurn
    /// Side by side on every core where the platform has threads (Dispatch); one after another
    /// where it has none (the browser core, Embedded Swift on WebAssembly).
    case sideBySide

    /// `transform` of each of `items`, in their order: each computed once, side by side or in
    /// turn.
    public func map<Element: Sendable, Result: Sendable>(_ items: [Element], _ transform: @Sendable (Element) -> Result) -> [Result] {
        #if !$Embedded && canImport(Dispatch)
            if self == .sideBySide, items.count > 1 {
                var results = [Result?](repeating: nil, count: items.count)
                results.withUnsafeMutableBufferPointer { slots in
                    // Each iteration writes its own element, and only that.
                    nonisolated(unsafe) let slots = slots
                    DispatchQueue.concurrentPerform(iterations: items.count) { index in slots[index] = transform(items[index]) }
                }
                return results.map { $0! }
            }
        #endif
        return items.map(transform)
    }
}

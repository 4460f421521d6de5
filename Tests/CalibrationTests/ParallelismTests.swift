import Calibration
import Synchronization
import Testing

/// Work side by side gives what it gives in turn: each item's result once, in the item's place.
@Suite struct ParallelismTests {
    @Test(arguments: [Parallelism.sideBySide, .inTurn], [0, 1, 2, 7, 1000])
    func eachItemIsTransformedOnceAndKeepsItsPlace(parallelism: Parallelism, count: Int) {
        let items = Array(0..<count)
        let calls = Mutex([Int](repeating: 0, count: count))
        let results = parallelism.map(items) { item in
            calls.withLock { $0[item] += 1 }
            return item * item + 1
        }
        #expect(results == items.map { $0 * $0 + 1 })
        #expect(calls.withLock { $0 } == [Int](repeating: 1, count: count))
    }
}

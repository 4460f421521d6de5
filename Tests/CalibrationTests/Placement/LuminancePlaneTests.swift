import Calibration
import SlotGeometry
import Testing

/// The coarse planes the widget search looks through first: a block's plain mean, and the tent
/// its second look averages with.
@Suite struct LuminancePlaneTests {
    /// Pixel-wide noise, the same every run.
    static func noise(width: Int, height: Int, seed: UInt64 = 7) -> LuminancePlane {
        var state = seed
        let values = (0..<(width * height)).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(state >> 40) / Float(1 << 24)
        }
        return LuminancePlane(width: width, height: height, values: values)
    }

    /// `plane` moved right by `dx` pixels (its first columns dropped).
    static func moved(_ plane: LuminancePlane, by dx: Int) -> LuminancePlane {
        let width = plane.width - dx
        let values = (0..<plane.height).flatMap { y in plane.values[(y * plane.width + dx)..<(y * plane.width + plane.width)] }
        return LuminancePlane(width: width, height: plane.height, values: Array(values))
    }

    /// The correlation of the cells two planes share (the first columns and rows).
    static func correlation(_ a: LuminancePlane, _ b: LuminancePlane) -> Double {
        let (width, height) = (min(a.width, b.width) - 2, min(a.height, b.height) - 2)
        var pairs: [(Double, Double)] = []
        for y in 1..<height { for x in 1..<width { pairs.append((Double(a.values[y * a.width + x]), Double(b.values[y * b.width + x]))) } }
        let (ma, mb) = (pairs.map(\.0).reduce(0, +) / Double(pairs.count), pairs.map(\.1).reduce(0, +) / Double(pairs.count))
        let cov = pairs.map { ($0.0 - ma) * ($0.1 - mb) }.reduce(0, +)
        let va = pairs.map { ($0.0 - ma) * ($0.0 - ma) }.reduce(0, +)
        let vb = pairs.map { ($0.1 - mb) * ($0.1 - mb) }.reduce(0, +)
        return cov / (va * vb).squareRoot()
    }

    @Test func aFlatPictureStaysFlatToItsEdgesAndARampKeepsItsValueAtEachCellsMiddle() {
        let flat = LuminancePlane(width: 37, height: 22, values: Array(repeating: 0.25, count: 37 * 22))
        let cells = flat.tentDownsampled(by: 4)
        #expect((cells.width, cells.height) == (9, 5))
        #expect(cells.values.allSatisfy { abs($0 - 0.25) < 1e-6 })
        // Brightness x / 100 across: away from the edges a cell holds the value at its middle.
        let ramp = LuminancePlane(width: 40, height: 12, values: (0..<(40 * 12)).map { Float($0 % 40) / 100 })
        let averaged = ramp.tentDownsampled(by: 4, from: (1, 2))
        for column in 1..<(averaged.width - 1) {
            #expect(abs(averaged.values[averaged.width + column] - (Float(1 + column * 4) + 1.5) / 100) < 1e-5, "cell \(column)")
        }
    }

    @Test func onlyTheCellsAskedForAreAveraged() {
        let plane = Self.noise(width: 64, height: 64)
        let some = plane.tentDownsampled(by: 4, cells: PixelRect(x: 3, y: 5, width: 4, height: 2))
        let all = plane.tentDownsampled(by: 4)
        for row in 0..<16 {
            for column in 0..<16 {
                let inside = (3..<7).contains(column) && (5..<7).contains(row)
                #expect(some.values[row * 16 + column] == (inside ? all.values[row * 16 + column] : 0), "cell \(column), \(row)")
            }
        }
    }

    /// What the tent is for: pixel-wide noise moved by a quarter of a cell keeps its cells
    /// correlated (about 0.92 against the block's plain mean's 0.75), and by half a cell, 0.73
    /// against 0.5.
    @Test func noiseMovedByPartOfACellKeepsItsTentCellsCorrelated() {
        let plane = Self.noise(width: 400, height: 200)
        for (dx, box, tent) in [(1, 0.75, 0.92), (2, 0.5, 0.73)] {
            let there = Self.moved(plane, by: dx)
            let boxed = Self.correlation(plane.downsampled(by: 4), there.downsampled(by: 4))
            let tented = Self.correlation(plane.tentDownsampled(by: 4), there.tentDownsampled(by: 4))
            #expect(abs(boxed - box) < 0.05, "moved \(dx): block mean \(boxed)")
            #expect(abs(tented - tent) < 0.05, "moved \(dx): tent \(tented)")
        }
    }
}

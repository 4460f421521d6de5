import Calibration
import Catalog
import Foundation
import NativePNG
import SampleScreens
import SlotGeometry
import Testing

@Suite struct EdgeOffsetsTests {
    @Test func comparesEveryEdgeAndPicksTheFirstOfTheLargest() {
        let offsets = EdgeOffsets(
            measured: PixelRect(x: 30, y: 58, width: 282, height: 284), listed: PixelRect(x: 28, y: 60, width: 282, height: 282))
        #expect(offsets.edges.map(\.edge) == [.left, .top, .right, .bottom])
        #expect(offsets.edges.map(\.pixels) == [2, -2, 2, 0])
        #expect(offsets.largest.edge == .left && offsets.largest.measured == 30 && offsets.largest.listed == 28)
        #expect(offsets.disagreeing.map(\.edge) == [.left, .top, .right])
    }

    @Test func withinOnePixelAgrees() {
        let offsets = EdgeOffsets(
            measured: PixelRect(x: 29, y: 60, width: 281, height: 283), listed: PixelRect(x: 28, y: 60, width: 282, height: 282))
        #expect(offsets.disagreeing.isEmpty)
        #expect(abs(offsets.largest.pixels) == EdgeOffsets.tolerance)
    }
}

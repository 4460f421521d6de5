import MeasureApp
import Testing

/// The example measures a page painted here: a flat wallpaper with one 2×2 block of small widgets.
@Suite struct MeasuredBackgroundsTests {
    static let (width, height) = (600, 1300)

    static func page(widgets: [(x: Int, y: Int, side: Int)]) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 4
                var pixel: [UInt8] = [UInt8(40 + x * 100 / width), UInt8(80 + y * 100 / height), 170, 255]
                if widgets.contains(where: { x >= $0.x && x < $0.x + $0.side && y >= $0.y && y < $0.y + $0.side }) {
                    pixel = [250, 250, 250, 255]
                }
                bytes.replaceSubrange(index..<index + 4, with: pixel)
            }
        }
        return bytes
    }

    @Test func fourSmallWidgetsGiveEverySlotOfTheirRows() throws {
        let widgets = [(x: 40, y: 120, side: 240), (x: 320, y: 120, side: 240), (x: 40, y: 420, side: 240), (x: 320, y: 420, side: 240)]
        let result = backgroundRects(
            emptyPixels: Self.page(widgets: []), placedPixels: Self.page(widgets: widgets), width: Self.width, height: Self.height)
        let rects = try result.get()
        #expect(rects.filter(\.seen).count == 4)
        let large = try #require(rects.first { $0.slot == "large-top" })
        #expect([large.x, large.y, large.width, large.height] == [40, 120, 520, 540])
        #expect(!large.seen)
    }

    @Test func aPairOfDifferentSizesIsRefused() {
        let result = backgroundRects(emptyPixels: [0, 0, 0, 255], placedPixels: [], width: 1, height: 1)
        #expect(throws: (any Error).self) { try result.get() }
    }
}

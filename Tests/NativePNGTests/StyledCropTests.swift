import Foundation
import NativePNG
import SlotGeometry
import TestFolders
import Testing

/// `CropEncoder` over a styled screen: the files are the styled crops, whether the screen was made
/// whole or only around the crops (whose raster starts elsewhere than the screen's corner).
@Suite struct StyledCropTests {
    @Test(arguments: CropStyle.allCases)
    func aPartOfTheScreenWritesTheWholeScreensCrops(style: CropStyle) throws {
        var pixels: [UInt8] = []
        for y in 0..<240 {
            for x in 0..<180 { pixels += [UInt8((x * 7 + y) % 256), UInt8((x * y) % 251), UInt8((x + 3 * y) % 256)] }
        }
        let image = PNGRaster(width: 180, height: 240, format: .rgb8, pixels: pixels)
        let rects = [PixelRect(x: 100, y: 130, width: 60, height: 50), PixelRect(x: 0, y: 0, width: 40, height: 40)]
        try withTemporaryFolder("styled-crops") { folder in
            for (index, rect) in rects.enumerated() {
                let part = StyledScreen(image, style: style, scale: 2, around: rect)
                let whole = StyledScreen(image, style: style, scale: 2)
                let path = folder.appendingPathComponent("\(style)-\(index).png").path
                let written = try #require(CropEncoder.write(part, jobs: [CropEncoder.Job(rect: rect, family: .small, path: path)]).first).get()
                #expect(try PNGRaster(decoding: written).differences(from: whole.crop(rect, family: .small)).isEmpty, "\(style) \(rect)")
            }
        }
    }
}

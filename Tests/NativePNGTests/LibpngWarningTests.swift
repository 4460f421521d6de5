import NativePNG
import TestSupport
import Testing

@Suite struct LibpngWarningTests {
    @Test func aRejectedColourProfileIsReportedNotSilentlyDropped() throws {
        var (png, _) = DecodeTests.image(DecodeTests.Format(colorType: .rgb, bitDepth: 8), interlaced: false)
        // A greyscale profile on an RGB image: libpng refuses it.
        png.chunks = [("iCCP", iccpChunk(name: "Wrong", profile: iccProfile(colorSpace: "GRAY")))]
        let image = try PNGRaster(decoding: png.bytes)
        #expect(image.colorProfileName == nil)
        #expect(image.warnings.contains { $0.hasPrefix("iCCP") }, "\(image.warnings)")
    }
}

import NativePNG
import TestSupport
import Testing

/// Small files that inflate to far more than their image: refused at the first row too many, or
/// their ancillary chunks skipped or capped, never inflated whole.
@Suite struct IDATBombTests {
    /// A 16x16 8-bit grey image: 16 rows of a filter byte and 16 samples.
    static func grey16(imageData: [UInt8], interlaced: Bool = false, idatSize: Int = .max) -> [UInt8] {
        var png = TestPNG(width: 16, height: 16, colorType: .grey, bitDepth: 8, samples: [], interlaced: interlaced)
        png.imageData = imageData
        png.idatSize = idatSize
        return png.bytes
    }

    static let exactSize = 16 * 17
    /// Adam7 rows of a 16x16 8-bit image: (pass width + filter byte) × pass rows, passes 1 to 7.
    static let interlacedSize = 3 * 2 + 3 * 2 + 5 * 2 + 5 * 4 + 9 * 4 + 9 * 8 + 17 * 8

    func error(_ bytes: [UInt8]) -> PNGError? {
        do {
            _ = try PNGRaster(decoding: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func imageDataOfExactlyTheImagesSizeDecodes() throws {
        let image = try PNGRaster(decoding: Self.grey16(imageData: TestPNG.zlib(zeros: Self.exactSize)))
        #expect(image.pixels == [UInt8](repeating: 0, count: 256))
        let interlaced = try PNGRaster(decoding: Self.grey16(imageData: TestPNG.zlib(zeros: Self.interlacedSize), interlaced: true))
        #expect(interlaced.pixels == [UInt8](repeating: 0, count: 256))
    }

    @Test func oneByteTooManyIsRefused() {
        let error = error(Self.grey16(imageData: TestPNG.zlib(zeros: Self.exactSize + 1)))
        #expect(error?.kind == .imageDataTooLong(width: 16, height: 16))
        #expect(error?.reason == "the image data is longer than a 16x16 image needs; refused without inflating the rest")
        #expect(
            self.error(Self.grey16(imageData: TestPNG.zlib(zeros: Self.interlacedSize + 1), interlaced: true))?.kind
                == .imageDataTooLong(width: 16, height: 16))
    }

    /// 1 MB of IDAT that inflates to 1 GiB: libpng's sequential reader inflated all of it (about
    /// 2.5 s) and only warned "Too much image data"; the decoder stops one row past the image.
    @Test(arguments: [false, true], [Int.max, 4096])
    func aGigabyteBombIsRefusedAtTheFirstRowPastTheImage(interlaced: Bool, idatSize: Int) {
        let bomb = TestPNG.zlib(zeros: 1 << 30)
        #expect(bomb.count < 1_100_000)
        #expect(error(Self.grey16(imageData: bomb, interlaced: interlaced, idatSize: idatSize))?.kind == .imageDataTooLong(width: 16, height: 16))
    }

    @Test func imageDataShorterThanTheImageIsAnError() {
        let error = error(Self.grey16(imageData: TestPNG.zlib(zeros: Self.exactSize - 1)))
        #expect(error?.kind == .corrupt("the image data is shorter than a 16x16 image needs"))
    }

    @Test func theHeaderAloneDoesNotReadTheImageData() throws {
        let header = try PNGRaster.header(of: Self.grey16(imageData: TestPNG.zlib(zeros: 1 << 30)))
        #expect(header.size.width == 16)
    }
}

import PNGCodec
import SlotGeometry
import TestSupport
import Testing

extension PNGCodecSuites {
    /// ``PNGRaster/showsTheSamePicture(as:)``: one picture is one picture however each file stores it
    /// (every pair of the encodings an independent writer makes: grey, grey with alpha, RGB, RGBA at
    /// 8 and 16 bits, a palette, each also interlaced), and a picture one level or one pixel apart is
    /// another.
    @Suite struct SamePictureTests {
        static let size = PixelSize(width: 37, height: 23)
        /// Every grey level, and then some, in an order no filter predicts well.
        static let levels: [UInt8] = (0..<(size.width * size.height)).map { (index: Int) -> UInt8 in
            let mixed: Int = index * 151 + index / 7
            return UInt8(mixed % 256)
        }

        static func raster(_ encoding: SamePicture.Encoding, levels: [UInt8] = levels, size: PixelSize = size) throws -> PNGRaster {
            try PNGRaster(decoding: SamePicture.png(levels, width: size.width, height: size.height, encoding))
        }

        static let pairs: [(SamePicture.Encoding, SamePicture.Encoding)] = SamePicture.encodings.flatMap { first in
            SamePicture.encodings.map { (first, $0) }
        }

        @Test(arguments: pairs) func onePictureStoredTwoWaysIsOnePicture(_ first: SamePicture.Encoding, _ second: SamePicture.Encoding) throws {
            #expect(try Self.raster(first).showsTheSamePicture(as: Self.raster(second)))
        }

        @Test(arguments: SamePicture.encodings) func aPictureOneLevelApartIsAnother(_ encoding: SamePicture.Encoding) throws {
            for index in [0, Self.levels.count / 2, Self.levels.count - 1] {
                var levels = Self.levels
                levels[index] = levels[index] == 255 ? 254 : levels[index] + 1
                #expect(try !Self.raster(encoding).showsTheSamePicture(as: Self.raster(encoding, levels: levels)), "pixel \(index)")
            }
        }

        @Test func aPictureOfAnotherSizeIsAnother() throws {
            let turned = PixelSize(width: Self.size.height, height: Self.size.width)
            #expect(try !Self.raster(SamePicture.encodings[0]).showsTheSamePicture(as: Self.raster(SamePicture.encodings[0], size: turned)))
        }
    }
}

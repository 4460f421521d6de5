import Calibration
import NativePNG
import SlotGeometry
import TestFolders
import TestSupport
import Testing

/// A pair of screenshots that is one picture twice is refused as identical images however each
/// file stores it (8 or 16 bits, grey, RGB or a palette, with or without alpha, interlaced or
/// not): the samples are compared at 8 bits, not as stored. Every pair of encodings is tried, by
/// the one check every measurement of a pair makes (calibrate, crop --measured-from, crop
/// --widgets-from, the measure page, the app library); and a picture one level apart is not
/// taken for the same.
@Suite struct IdenticalPairTests {
    /// The 4-inch SE's sample screenshot, in grey.
    static let picture: (levels: [UInt8], size: PixelSize) = {
        let path = packageRoot.appendingPathComponent("content/screenshots/iphone-se-1st-gen-light.png").path
        let image = try! PNGRaster(contentsOfFile: path)
        return (SamePicture.levels(of: image), image.size)
    }()

    static func field(_ encoding: SamePicture.Encoding, levels: [UInt8] = picture.levels) throws -> ColorField {
        let size = picture.size
        let image = try PNGRaster(decoding: SamePicture.png(levels, width: size.width, height: size.height, encoding))
        return ColorField(size: image.size, rgb: image.normalizedRGB())
    }

    /// The picture as each encoding stores it, decoded once: every pair below takes two of these.
    static let fields: [SamePicture.Encoding: ColorField] = Dictionary(
        uniqueKeysWithValues: SamePicture.encodings.map { ($0, try! field($0)) })

    static let pairs: [(SamePicture.Encoding, SamePicture.Encoding)] = SamePicture.encodings.flatMap { first in
        SamePicture.encodings.map { (first, $0) }
    }

    @Test(arguments: pairs) func onePictureStoredTwoWaysIsOnePicture(_ first: SamePicture.Encoding, _ second: SamePicture.Encoding) throws {
        let shot = try #require(Self.fields[first])
        let empty = try #require(Self.fields[second])
        #expect(throws: CalibrationError.identicalImages) { _ = try Calibrator.calibrate(shot, empty: empty) }
        #expect(throws: CalibrationError.identicalImages) { _ = try MeasuredLayout.measure(placed: shot, empty: empty) }
    }

    @Test(arguments: SamePicture.encodings) func aPictureOneLevelApartIsAnother(_ encoding: SamePicture.Encoding) throws {
        var levels = Self.picture.levels
        levels[levels.count / 2] = levels[levels.count / 2] == 255 ? 254 : levels[levels.count / 2] + 1
        let shot = try Self.field(encoding)
        let other = try Self.field(encoding, levels: levels)
        do {
            _ = try Calibrator.calibrate(shot, empty: other)
        } catch {
            #expect(error != .identicalImages)
        }
    }
}

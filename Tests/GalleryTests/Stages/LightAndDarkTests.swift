import Catalog
import Foundation
import Gallery
import NativePNG
import Testing

/// A dark screenshot that is the light one stored another way (16 bits, an alpha channel) is the
/// same picture, and the build says so (S006), as it does for identical bytes: its crops would be
/// the light ones again. A dark screenshot one level apart from the light one is another picture.
@Suite struct LightAndDarkTests {
    /// The light screenshot's picture stored another way.
    static let ways: [String: @Sendable (PNGRaster) -> PNGRaster] = [
        "16-bit RGB": { image in
            PNGRaster(
                width: image.width, height: image.height, format: PNGFormat(colorType: .rgb, bitDepth: 16),
                pixels: image.pixels.flatMap { [$0, $0] },
                colorChunks: image.colorChunks)
        },
        "8-bit RGBA": { image in
            PNGRaster(
                width: image.width, height: image.height, format: .rgba8,
                pixels: stride(from: 0, to: image.pixels.count, by: 3).flatMap { Array(image.pixels[$0..<($0 + 3)]) + [255] })
        },
        "16-bit RGBA": { image in
            PNGRaster(
                width: image.width, height: image.height, format: PNGFormat(colorType: .rgba, bitDepth: 16),
                pixels: stride(from: 0, to: image.pixels.count, by: 3).flatMap { index in
                    image.pixels[index..<(index + 3)].flatMap { [$0, $0] } + [255, 255]
                })
        },
    ]

    static func darkAs(_ make: (PNGRaster) -> PNGRaster, in small: SmallContent) throws {
        let shots = small.content.appendingPathComponent("screenshots")
        let light = try PNGRaster(contentsOfFile: shots.appendingPathComponent("iphone-se-1st-gen-light.png").path)
        #expect(light.format == .rgb8)
        try Data(try make(light).encoded()).write(to: shots.appendingPathComponent("iphone-se-1st-gen-dark.png"))
    }

    @Test(arguments: ways.keys.sorted()) func aDarkScreenshotThatIsTheLightOneStoredAnotherWayIsRefused(_ way: String) throws {
        let small = try SmallContent.built()
        defer { small.remove() }
        try Self.darkAs(Self.ways[way]!, in: small)
        do {
            _ = try small.build()
            Issue.record("the build succeeded")
        } catch {
            let errors = error.diagnostics.filter { $0.severity == .error }
            #expect(errors.map(\.code) == ["S006"], "\(errors.map(\.description))")
            #expect(errors.first?.message.contains("iphone-se-1st-gen-dark.png is the light one") == true, "\(errors.map(\.description))")
            #expect(errors.first?.message.contains("stored another way (every pixel the same at 8 bits)") == true)
        }
    }

    @Test func aDarkScreenshotOneLevelApartIsAnotherPicture() throws {
        let small = try SmallContent.built()
        defer { small.remove() }
        try Self.darkAs(
            { image in
                var other = image
                other.pixels[other.pixels.count / 2] ^= 1
                return other
            }, in: small)
        let (_, findings) = try small.build()
        #expect(!findings.contains { $0.code == "S006" })
    }
}

import Foundation
import NativePNG
import SlotGeometry
import TestSupport
import Testing

/// Every input the PNG fuzz target (Fuzz/Sources/FuzzPNG) crashed on, kept in Fixtures/fuzz/, goes
/// through the target's checks again, with both decoders: as it is and with its CRCs made right,
/// it decodes or throws a `PNGError`, and when it decodes, its header agrees and a small crop
/// verifies; the portable codec reads it or throws, and unfilters image data of the right length
/// or refuses it, and a crop written as the browser writes it reads back equal to its region.
@Suite struct PNGFuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/fuzz")
    static let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()

    @Test func thereAreInputs() {
        #expect(Self.files.count >= 4)
    }

    @Test(arguments: files)
    func decodesOrThrowsAndCropsVerify(_ name: String) throws {
        let bytes = try PNGRaster.readBytes(Self.folder.appendingPathComponent(name).path)
        for input in [bytes, TestPNG.withCorrectCRCs(bytes)] {
            guard let image = try? PNGRaster(decoding: input, pixelLimit: 1 << 20) else { continue }
            let header = try PNGRaster.header(of: input)
            #expect(header.size == image.size && header.format == image.format && header.colorChunks == image.colorChunks)
            let rect = PixelRect(
                x: image.width / 3, y: image.height / 3,
                width: min(7, image.width - image.width / 3), height: min(5, image.height - image.height / 3))
            let reread = try PNGRaster(decoding: try image.encoded(rect))
            #expect(reread.differences(from: try image.cropped(to: rect)) == [], "\(name)")
        }
        for input in [bytes, TestPNG.withCorrectCRCs(bytes)] {
            guard let container = try? PNGContainer(reading: input, pixelLimit: 1 << 20) else { continue }
            let length = container.header.inflatedLength
            let inflated = Array(container.imageData.prefix(length)) + [UInt8](repeating: 0, count: max(0, length - container.imageData.count))
            guard let image = try? PNGRaster(container, inflated: inflated) else { continue }
            let rect = PixelRect(
                x: image.width / 3, y: image.height / 3,
                width: min(7, image.width - image.width / 3), height: min(5, image.height - image.height / 3))
            let rows = try image.filteredRows(rect)
            let written = try PNGContainer(reading: image.assemble(width: rect.width, height: rect.height, compressed: rows))
            #expect(try PNGRaster(written, inflated: rows).differences(from: image.cropped(to: rect)) == [], "\(name)")
        }
    }
}

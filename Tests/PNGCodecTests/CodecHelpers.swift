import PNGCodec
import SlotGeometry
import TestSupport

/// Decoding and cropping with PNGCodec, zlib from `Zlib`: the browser core's path, natively.
enum Codec {
    /// The chunks of `bytes`, the colour profile inflated and judged as the browser core does.
    static func container(_ bytes: [UInt8], pixelLimit: Int = PNGLimits.defaultPixelLimit) throws -> PNGContainer {
        var container = try PNGContainer(reading: bytes, pixelLimit: pixelLimit)
        if let chunk = container.uncheckedColorProfile, case .success(let compressed) = ColorProfilePolicy.compressedProfile(chunk) {
            container.checkColorProfile(inflated: try? Zlib.inflate(Array(compressed), limit: PNGLimits.maxColorProfileSize, exact: true))
        } else {
            container.checkColorProfile(inflated: nil)
        }
        return container
    }

    static func decode(_ bytes: [UInt8], pixelLimit: Int = PNGLimits.defaultPixelLimit) throws -> PNGRaster {
        let container = try container(bytes, pixelLimit: pixelLimit)
        let inflated = try Zlib.inflate(container.imageData, limit: container.header.inflatedLength)
        return try PNGRaster(container, inflated: inflated)
    }

    static func crop(_ raster: PNGRaster, _ rect: PixelRect) throws -> [UInt8] {
        let rows = try raster.filteredRows(rect)
        return raster.assemble(width: rect.width, height: rect.height, compressed: Zlib.deflate(rows))
    }
}

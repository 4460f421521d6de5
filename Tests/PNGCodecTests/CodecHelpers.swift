import PNGCodec
import SlotGeometry

/// Decoding and cropping with PNGCodec, zlib from `Zlib`: the browser core's path, natively.
enum Codec {
    static func decode(_ bytes: [UInt8], pixelLimit: Int = PNGLimits.defaultPixelLimit) throws -> PNGRaster {
        let container = try PNGContainer(reading: bytes, pixelLimit: pixelLimit)
        let inflated = try Zlib.inflate(container.imageData, limit: container.header.inflatedLength)
        return try PNGRaster(container, inflated: inflated)
    }

    static func crop(_ raster: PNGRaster, _ rect: PixelRect) throws -> [UInt8] {
        let rows = try raster.filteredRows(rect)
        return raster.assemble(width: rect.width, height: rect.height, compressed: Zlib.deflate(rows))
    }
}

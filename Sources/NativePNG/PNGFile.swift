import FileAccess
import Foundation

extension PNGRaster {
    /// Reads and decodes a PNG file; errors name the file.
    public init(contentsOfFile path: String, pixelLimit: Int = PNGLimits.defaultPixelLimit) throws(PNGError) {
        try self.init(decoding: try Self.readBytes(path), file: path, pixelLimit: pixelLimit)
    }

    /// Decodes the bytes read from the file at `path`; errors name the file.
    public init(decoding bytes: [UInt8], file path: String, pixelLimit: Int = PNGLimits.defaultPixelLimit) throws(PNGError) {
        do {
            try self.init(decoding: bytes, pixelLimit: pixelLimit)
        } catch {
            throw error.naming(path)
        }
    }

    /// The bytes of a file, or an error naming it.
    public static func readBytes(_ path: String) throws(PNGError) -> [UInt8] {
        do {
            return try FileReader.bytes(path)
        } catch {
            throw PNGError(.io("\(error.action ?? "cannot be read"): \(error.reason)"), file: path)
        }
    }

    /// Writes bytes to a file atomically, replacing only a regular file (see ``FileWriter``);
    /// errors name the file.
    public static func write(_ bytes: [UInt8], to path: String) throws(PNGError) {
        do {
            try FileWriter.replace(path, with: bytes)
        } catch {
            throw PNGError(.io("\(error.action ?? "cannot be written"): \(error.reason)"), file: path)
        }
    }
}

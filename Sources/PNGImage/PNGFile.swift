import Foundation

extension PNGImage {
    /// Reads and decodes a PNG file; errors name the file.
    public init(contentsOfFile path: String, pixelLimit: Int = PNGImage.defaultPixelLimit) throws(PNGError) {
        let bytes = try Self.readBytes(path)
        do {
            try self.init(decoding: bytes, pixelLimit: pixelLimit)
        } catch {
            throw error.naming(path)
        }
    }

    /// The bytes of a file, or an error naming it.
    public static func readBytes(_ path: String) throws(PNGError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "cannot read the file: it does not exist"
            throw PNGError(.io(reason), file: path)
        }
        return [UInt8](data)
    }

    /// Writes bytes to a file atomically; errors name the file.
    public static func write(_ bytes: [UInt8], to path: String) throws(PNGError) {
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw PNGError(.io("cannot write the file: \(error.localizedDescription)"), file: path)
        }
    }
}

import Dispatch
import SlotGeometry
import Synchronization

/// Encodes many crops of one decoded image at once, on every core.
///
/// The image is decoded once and shared read-only; each crop is encoded straight from its rows.
public enum CropEncoder {
    /// One PNG per rectangle, in the order given. A rectangle outside the image gives its error
    /// in its place; the others are still encoded.
    public static func encode(
        _ image: PNGImage, rects: [PixelRect], settings: PNGEncodeSettings = .default
    ) -> [Result<[UInt8], PNGError>] {
        let results = Mutex([Result<[UInt8], PNGError>?](repeating: nil, count: rects.count))
        DispatchQueue.concurrentPerform(iterations: rects.count) { index in
            let result = Result { () throws(PNGError) in try image.encoded(rects[index], settings: settings) }
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0.map { $0! } }
    }
}

import Dispatch
import SlotGeometry
import Synchronization

/// Writes many crops of one decoded image at once, on every core, and verifies each file.
///
/// The image is decoded once and shared read-only; each crop is encoded straight from its rows.
public enum CropEncoder {
    /// One crop to write: a rectangle of the image and the file it goes to.
    public struct Job: Hashable, Sendable {
        public var rect: PixelRect
        public var path: String

        public init(rect: PixelRect, path: String) {
            self.rect = rect
            self.path = path
        }
    }

    /// Encodes, writes and verifies every job concurrently. A job's result is its file's bytes,
    /// as read back from disk (each crop is written once and read once): decoded, they were found
    /// equal to the image's region, pixel for pixel, with the same format, palette and colour
    /// chunks (a mismatch says which of them differ). A failing job gives its error in its place;
    /// the others still run.
    public static func write(
        _ image: PNGRaster, jobs: [Job], settings: PNGEncodeSettings = .default
    ) -> [Result<[UInt8], PNGError>] {
        let results = Mutex([Result<[UInt8], PNGError>?](repeating: nil, count: jobs.count))
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let result = Result { () throws(PNGError) in try writeVerified(image, job: jobs[index], settings: settings) }
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0.map { $0! } }
    }

    private static func writeVerified(_ image: PNGRaster, job: Job, settings: PNGEncodeSettings) throws(PNGError) -> [UInt8] {
        try PNGRaster.write(try image.encoded(job.rect, settings: settings), to: job.path)
        let written = try PNGRaster.readBytes(job.path)
        let differences = try PNGRaster(decoding: written, file: job.path).differences(from: try image.cropped(to: job.rect))
        guard differences.isEmpty else {
            throw PNGError(.cropMismatch(rect: job.rect, differences: differences), file: job.path)
        }
        return written
    }
}

import Dispatch
import PNGCodec
import SlotGeometry
import Synchronization

/// Writes many crops of one decoded image at once, on every core, and verifies each file.
///
/// The image is decoded once and shared read-only; each crop is encoded straight from its rows.
public enum CropEncoder {
    /// One crop to write: a rectangle of the image, the family of the widget it is for (whose
    /// corners shape ``CropStyle/glass``'s rim), and the file it goes to.
    public struct Job: Hashable, Sendable {
        public var rect: PixelRect
        public var family: WidgetFamily
        public var path: String

        public init(rect: PixelRect, family: WidgetFamily = .small, path: String) {
            self.rect = rect
            self.family = family
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
        write(StyledScreen(image, style: .none, scale: 1), jobs: jobs, settings: settings)
    }

    /// The same for the crops of a screen in a style (``StyledScreen``): each file is verified
    /// against the styled crop.
    public static func write(
        _ screen: StyledScreen, jobs: [Job], settings: PNGEncodeSettings = .default
    ) -> [Result<[UInt8], PNGError>] {
        let results = Mutex([Result<[UInt8], PNGError>?](repeating: nil, count: jobs.count))
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let result = Result { () throws(PNGError) in try writeVerified(screen, job: jobs[index], settings: settings) }
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0.map { $0! } }
    }

    private static func writeVerified(_ screen: StyledScreen, job: Job, settings: PNGEncodeSettings) throws(PNGError) -> [UInt8] {
        // Without a rim the crop is the styled screen's region, encoded straight from its rows.
        let crop = try screen.crop(job.rect, family: job.family)
        let encoded =
            screen.style.rim == nil ? try screen.raster.encoded(screen.inRaster(job.rect), settings: settings) : try crop.encoded(settings: settings)
        try PNGRaster.write(encoded, to: job.path)
        let written = try PNGRaster.readBytes(job.path)
        let differences = try PNGRaster(decoding: written, file: job.path).differences(from: crop)
        guard differences.isEmpty else {
            throw PNGError(.cropMismatch(rect: job.rect, differences: differences), file: job.path)
        }
        return written
    }
}

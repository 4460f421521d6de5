import PNGCodec
import SlotGeometry

/// Why an image could not be read, cropped or written. Always names the file when there is one.
public struct PNGError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// The data is not a PNG; `detected` names what it looks like instead, if known.
        case notPNG(detected: String?)
        /// The header announces more pixels than the limit allows; nothing was allocated.
        case tooLarge(width: Int, height: Int, limit: Int)
        /// The file ends before the image is complete.
        case truncated
        /// A chunk's checksum does not match its data.
        case badChecksum(String)
        /// The header (IHDR) is invalid: zero or huge sizes, impossible depth or colour type.
        case badHeader(String)
        /// The compressed image data inflates to more than a `width`×`height` image needs: refused
        /// at the first row past the end, before inflating the rest (a decompression bomb).
        case imageDataTooLong(width: Int, height: Int)
        /// libpng refused the data for another reason.
        case corrupt(String)
        /// A crop rectangle that does not lie inside the image.
        case rectOutsideImage(rect: PixelRect, width: Int, height: Int)
        /// A written crop, decoded again, differs from the region it was cut from, in `differences`
        /// (never empty): its pixels, its format or palette, or named colour chunks.
        case cropMismatch(rect: PixelRect, differences: [ImageDifference])
        /// The file could not be read or written.
        case io(String)
        case outOfMemory(String)
    }

    public var kind: Kind
    /// The file the error is about, if any.
    public var file: String?

    public init(_ kind: Kind, file: String? = nil) {
        self.kind = kind
        self.file = file
    }

    /// The same error, naming a file.
    public func naming(_ file: String) -> PNGError {
        PNGError(kind, file: file)
    }

    /// The reason, without the file's name; the wording of reading problems is ``PNGProblem``'s,
    /// shared with the browser core.
    public var reason: String {
        switch kind {
        case .notPNG(let detected): return PNGProblem.notPNG(detected: detected).reason
        case .tooLarge(let width, let height, let limit): return PNGProblem.tooLarge(width: width, height: height, limit: limit).reason
        case .truncated: return PNGProblem.truncated.reason
        case .badChecksum(let message): return PNGProblem.badChecksum(message).reason
        case .badHeader(let message): return PNGProblem.badHeader(message).reason
        case .imageDataTooLong(let width, let height): return PNGProblem.imageDataTooLong(width: width, height: height).reason
        case .corrupt(let message): return PNGProblem.corrupt(message).reason
        case .rectOutsideImage(let rect, let width, let height):
            return PNGProblem.rectOutsideImage(rect: rect, width: width, height: height).reason
        case .cropMismatch(let rect, let differences):
            let list = differences.map(\.description).joined(separator: "; ")
            return "decoded again, the crop differs from the screenshot region \(rect) in \(list)"
        case .io(let message): return message
        case .outOfMemory(let message): return "out of memory: \(message)"
        }
    }

    public var description: String {
        file.map { "\($0): \(reason)" } ?? reason
    }
}

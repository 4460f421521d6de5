import CheckCodes
import SlotGeometry

/// Why an image could not be read, cropped or written, naming the file when there is one: one
/// type for the command line (libpng, through `NativePNG`) and the browser core (``PNGContainer``,
/// ``PNGRaster``), so that both word a problem the same way.
public struct PNGError: Problem, Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The data is not a PNG; `detected` names what it looks like instead, if known.
        case notPNG(detected: String?)
        /// The header announces more pixels than the limit allows; nothing was allocated.
        case tooLarge(width: Int, height: Int, limit: Int)
        /// The file ends before the image is complete.
        case truncated
        /// A chunk's checksum does not match its data, e.g. "IDAT: CRC error".
        case badChecksum(String)
        /// The header (IHDR) is invalid: zero or huge sizes, impossible depth or colour type.
        case badHeader(String)
        /// The compressed image data inflates to more than a `width`×`height` image needs: refused
        /// at the first row past the end, before inflating the rest (a decompression bomb).
        case imageDataTooLong(width: Int, height: Int)
        /// The data is damaged in another way.
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

    /// The reason, without the file's name.
    public var reason: String {
        switch kind {
        case .notPNG(let detected):
            guard let detected else { return "not a PNG file (it does not start with the PNG signature)" }
            return "not a PNG file: it looks like \(detected); \(PNGSignature.advice(for: detected))"
        case .tooLarge(let width, let height, let limit):
            return "\(width)x\(height) is \(Int64(width) * Int64(height)) pixels, more than the limit of \(limit); refused before decoding"
        case .truncated: return "truncated: the file ends before the image is complete"
        case .badChecksum(let message): return "corrupt: a chunk's CRC does not match its data (\(message))"
        case .badHeader(let message): return "invalid PNG header: \(message)"
        case .imageDataTooLong(let width, let height):
            return "the image data is longer than a \(width)x\(height) image needs; refused without inflating the rest"
        case .corrupt(let message): return "corrupt PNG data: \(message)"
        case .rectOutsideImage(let rect, let width, let height):
            return "crop \(rect) does not lie inside the \(width)x\(height) image"
        case .cropMismatch(let rect, let differences):
            return
                "decoded again, the crop differs from the screenshot region \(rect) in \(differences.map { $0.description }.joined(separator: "; "))"
        case .io(let message): return message
        case .outOfMemory(let message): return "out of memory: \(message)"
        }
    }

    public var problems: [ProblemText] { [ProblemText(file: file, reason: reason)] }

    /// The libpng message for image data that ends early (the bridge words it the same way).
    public static func shortImageData(width: Int, height: Int) -> PNGError {
        PNGError(.corrupt("the image data is shorter than a \(width)x\(height) image needs"))
    }
}

/// The limits that keep a hostile file from taking all memory.
public enum PNGLimits {
    /// The default limit on decoded pixels: four times the largest iPhone screenshot.
    public static let defaultPixelLimit = 4 * 1320 * 2868
    /// The largest width or height read, as libpng's user limit (the bridge's `PB_MAX_SIDE`).
    public static let maxSide = 1_000_000
    /// The largest colour profile (iCCP chunk) kept, in bytes; a larger one is dropped.
    public static let maxColorProfileSize = 4 << 20
}

/// The eight bytes every PNG file starts with, and the names of formats people send instead.
public enum PNGSignature {
    public static let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// What `data` looks like when it is not a PNG ("a JPEG image", "a HEIC image", ...); nil when
    /// it starts with the PNG signature or is of no format named here.
    public static func otherFormat(_ data: [UInt8]) -> String? {
        if data.starts(with: bytes) { return nil }
        if data.isEmpty { return "an empty file" }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return jpeg }
        if data.count >= 12, data[4..<8].elementsEqual("ftyp".utf8) {
            let brand = String(decoding: data[8..<12], as: UTF8.self)
            return ["heic", "heix", "mif1", "msf1", "hevc"].contains(brand) ? heic : "an ISO media file (\(brand))"
        }
        if data.starts(with: Array("GIF8".utf8)) { return gif }
        if data.count >= 12, data.starts(with: Array("RIFF".utf8)), data[8..<12].elementsEqual("WEBP".utf8) {
            return webp
        }
        return nil
    }

    static let jpeg = "a JPEG image", heic = "a HEIC image", gif = "a GIF image", webp = "a WebP image"

    /// What to do with a file that is not a PNG (`detected`, as ``otherFormat(_:)`` names it), on
    /// an iPhone: the one wording of the command line and the browser core. An iPhone saves its
    /// screenshots as PNG files, so a JPEG, GIF or WebP one is a copy that a messaging app, mail or
    /// an export made, with other pixels even at the screenshot's size; a HEIC one was taken with
    /// the HDR screen capture format (iOS 26). The steps, and Apple's pages that give them, are on
    /// the site's Start here page ("Keep the original screenshot").
    static func advice(for detected: String) -> String {
        let original =
            "take the screenshot again on the phone, or move the original in a way that keeps the file as it is: "
            + "AirDrop, or Save to Files in the share sheet, not a messaging app or mail"
        switch detected {
        case jpeg, gif, webp:
            return "an iPhone saves its screenshots as PNG files, so this is a copy (a messaging app, mail or an export makes one) "
                + "whose pixels differ from the screenshot's even at its size: \(original)"
        case heic:
            return "an iPhone saves a screenshot as HEIF instead of PNG when its screen capture format is HDR (Settings › General › Screen Capture): "
                + "set it back and take the screenshot again"
        default:
            return "pick the screenshot itself, a PNG file: \(original)"
        }
    }
}

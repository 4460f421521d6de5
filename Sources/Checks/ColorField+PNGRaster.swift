import Calibration
import NativePNG

extension ColorField {
    /// The colours of a decoded screenshot, for measuring (Calibration itself reads no PNG).
    public init(_ image: PNGRaster) {
        self.init(size: image.size, rgb: image.normalizedRGB())
    }
}

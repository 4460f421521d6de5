import Calibration
import PNGImage

extension ColorField {
    /// The colours of a decoded screenshot, for measuring (Calibration itself reads no PNG).
    public init(_ image: PNGImage) {
        self.init(size: image.size, rgb: image.normalizedRGB())
    }
}

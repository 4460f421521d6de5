import Catalog
import Foundation
import NativePNG
import SlotGeometry
import TestFolders

/// The bundled catalog, loaded once.
let bundledCatalog = Catalog.load(content: packageRoot.appendingPathComponent("content").path)

/// Removes the iPhone Air's iOS 26 positions from the profile in the content folder `content`,
/// leaving its sizes only, as before any source or model gave them: a layout with nothing to crop.
func removeAirPositions(content: URL) throws {
    let profile = content.appendingPathComponent("devices/iphone-air.md")
    let text = try String(contentsOf: profile, encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let positions = ["left", "right", "top", "middle", "bottom"].map { "    \($0): {value: " }
    let kept = lines.filter { line in !positions.contains { line.hasPrefix($0) } && !line.hasPrefix("  ios26-grid-model:") }
    guard kept.count == lines.count - 6 else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: profile.path]) }
    try kept.joined(separator: "\n").write(to: profile, atomically: true, encoding: .utf8)
}

/// A scratch folder for one test, removed by ``remove()``.
struct Scratch {
    private let temporary: TemporaryFolder
    var folder: URL { temporary.url }

    init() throws {
        temporary = try TemporaryFolder("cropping")
    }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func remove() { temporary.remove() }

    /// The names of the files in `name`, sorted; nil when it does not exist.
    func files(_ name: String) -> [String]? {
        (try? FileManager.default.contentsOfDirectory(atPath: path(name)))?.sorted()
    }

    /// A screenshot-sized RGB gradient, written as `name`.
    func screenshot(_ size: PixelSize, name: String = "shot.png") throws -> String {
        let format = PNGFormat(colorType: .rgb, bitDepth: 8)
        var pixels = [UInt8]()
        pixels.reserveCapacity(size.width * size.height * 3)
        for y in 0..<size.height {
            for x in 0..<size.width {
                pixels += [UInt8(x * 255 / size.width), UInt8(y * 255 / size.height), UInt8((x ^ y) & 0xFF)]
            }
        }
        let image = PNGRaster(width: size.width, height: size.height, format: format, pixels: pixels)
        let path = path(name)
        try PNGRaster.write(try image.encoded(), to: path)
        return path
    }
}

import Catalog
import Foundation

@testable import Gallery

/// The real `geometry.json`, as `backdrop build` writes it for the bundled content.
enum GeometryData {
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    static let text: [UInt8] = {
        let catalog = Catalog.load(content: root + "/content")
        return [UInt8](try! GeometryFiles.json(catalog))
    }()
}

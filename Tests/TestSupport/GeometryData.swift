import Catalog
import Foundation

/// The real `geometry.json`, as `backdrop build` writes it for the bundled content.
public enum GeometryData {
    /// The package's root folder.
    public static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    public static let text: [UInt8] = {
        let catalog = Catalog.load(content: root + "/content")
        return [UInt8](try! encodeJSON(GeometryDocument(catalog)))
    }()
}

/// The checks on the build itself: where it may write and whether it could. Codes are stable.
public enum BuildCheck: String, CaseIterable, Sendable {
    case workFolders = "B001"
    case encodable = "B002"
    case writable = "B003"
    case swap = "B004"
    case outputFolder = "B005"

    public var code: String { rawValue }

    public var summary: String {
        switch self {
        case .workFolders: "the staging folder can be created, and a successful build's new cache entries kept"
        case .encodable: "the geometry files can be encoded"
        case .writable: "every file of the site can be written"
        case .swap: "the new site can be moved into place"
        case .outputFolder:
            "the output is a new or empty folder or one a build wrote, and holds none of the content, templates, cache or working folders"
        }
    }
}

/// The checks on the content files themselves (front matter, names, paths). Codes are stable.
public enum ContentCheck: String, CaseIterable, Sendable {
    case frontMatterDelimiters = "F001"
    case yamlSyntax = "F002"
    case unknownKey = "F003"
    case missingKey = "F004"
    case badValue = "F005"
    case unknownReference = "F006"
    case duplicateKey = "F007"
    case fileName = "F008"
    case unusedReference = "F009"
    case unreadableFile = "F010"
    case pathOutsideContent = "F011"
    case fileTooLarge = "F012"
    case problemLimit = "F013"

    public var code: String { rawValue }

    /// What the check asserts.
    public var summary: String {
        switch self {
        case .frontMatterDelimiters: "a profile starts with YAML front matter between two --- lines"
        case .yamlSyntax: "the front matter is valid YAML"
        case .unknownKey: "every key is one the schema knows"
        case .missingKey: "every required key is present"
        case .badValue: "every value has the expected type, form and range, and text has no control characters"
        case .unknownReference: "every source names a reference the profile lists"
        case .duplicateKey: "no key appears twice in one mapping"
        case .fileName: "a profile's file name is a lower-case id (letters, digits, dashes) ending in .md"
        case .unusedReference: "every listed reference is used"
        case .unreadableFile: "every content file can be read as UTF-8 text"
        case .pathOutsideContent: "every path stays inside the content folder, symbolic links included"
        case .fileTooLarge: "every content file is within its size limit (profiles 256 KB, pages 1 MB, screenshots 64 MB)"
        case .problemLimit: "a file's problems are listed up to 100; the rest are counted in one line"
        }
    }
}

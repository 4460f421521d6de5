import SlotGeometry

/// The checks on the content files themselves (front matter, names, paths). Codes are stable.
public enum ContentCheck: String, CaseIterable, Check {
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
    case docsLink = "F014"
    case sharedIdentifier = "F015"
    case removedMarkup = "F016"
    case leftoverTemporary = "F017"
    case unlistedCalibration = "F018"

    public static var family: String { "Content files" }

    public var severity: Severity {
        [.unusedReference, .sharedIdentifier, .removedMarkup, .leftoverTemporary, .unlistedCalibration].contains(self) ? .warning : .error
    }

    public var title: String {
        switch self {
        case .frontMatterDelimiters: "a profile starts with YAML front matter between two --- lines"
        case .yamlSyntax: "the front matter is valid YAML"
        case .unknownKey: "every key is one the schema knows"
        case .missingKey: "every required key is present"
        case .badValue: "every value has the expected type, form and range, and text has no control or invisible formatting characters"
        case .unknownReference: "every source names a reference the profile lists"
        case .duplicateKey: "no key appears twice in one mapping"
        case .fileName: "a profile's or docs page's file name is a lower-case id (letters, digits, dashes) ending in .md"
        case .unusedReference: "every listed reference is used"
        case .unreadableFile: "every content file can be read as UTF-8 text"
        case .pathOutsideContent: "every path stays inside the content folder, symbolic links included"
        case .fileTooLarge: "every content file is within its size limit (profiles 256 KB, pages 1 MB, screenshots 64 MB)"
        case .problemLimit: "a file's problems are listed up to 100; the rest are counted in one line"
        case .docsLink: "every link between docs pages names a page and a heading that exist"
        case .sharedIdentifier: "a model identifier is listed by one profile only"
        case .removedMarkup: "notes and docs pages hold no raw HTML and no script or local link addresses"
        case .leftoverTemporary: "devices/ and calibration/ hold no temporary file a stopped command left"
        case .unlistedCalibration: "every screenshot in calibration/ is listed by a profile"
        }
    }

    public var explanation: String {
        switch self {
        case .frontMatterDelimiters:
            "The profile's data is the YAML between a first line `---` and the next `---`; the Markdown after it is the device's notes. Without both lines nothing can be read."
        case .yamlSyntax:
            "The front matter must parse as YAML; the message gives the line and what the parser expected."
        case .unknownKey:
            "A key the schema does not know is usually a typo, and a typo would silently lose a number; the message suggests the nearest known key."
        case .missingKey:
            "A profile needs its name, models, screen, scale and layouts, a Display Zoom layout its own screen, and a layout with numbers its unit; without them no slot can be worked out."
        case .badValue:
            "Numbers are plain decimals between 0 and the screenshot side they run along (no NaN, infinity, hex, signs or decimal commas), sizes are written `WxH` (not `W×H`, no stray parentheses), a screen is at most 4096 pt a side, the scale is 2 or 3, a source is measured, published, derived or estimated, and text has no control characters nor invisible formatting characters (bidirectional overrides such as U+202E, zero-width spaces, U+FEFF, soft hyphens), which would make a name or citation read as something it is not (the message gives the code point, its name and position)."
        case .unknownReference:
            "Every number's source names the reference it comes from; a name the profile's `references` does not list cannot be checked by a reader."
        case .duplicateKey:
            "YAML keeps only one of two equal keys in a mapping, so the other number would be lost without a word."
        case .fileName:
            "A profile's file name is its id in URLs and commands, and a docs page's file name its URL, so each must be lower-case letters, digits and dashes, ending in .md; a docs page cannot take the name of a page the build generates (`checks`)."
        case .unusedReference:
            "A reference no number cites is either left over or a sign that a source was forgotten on a number."
        case .unreadableFile:
            "Content files are UTF-8 text; a file that cannot be read (permissions, encoding, a folder in its place) is reported with the reason."
        case .pathOutsideContent:
            "A screenshot path must stay inside the content folder, after resolving `..` and symbolic links, so a build never reads or publishes files from elsewhere."
        case .fileTooLarge:
            "Limits keep a stray or hostile file from exhausting memory: profiles 256 KB, Markdown pages 1 MB, screenshots 64 MB."
        case .problemLimit:
            "A file with thousands of problems is reported with its first 100 and one line counting the rest, as severe as the worst of them."
        case .sharedIdentifier:
            "Apps tell apart devices that share a screen size by the model identifier the phone reports (`iPhone18,1`); an identifier two profiles list settles nothing, so the second listing is reported (a copy of a profile that kept its `identifiers`, usually)."
        case .removedMarkup:
            "The site renders Markdown safely: raw HTML (`<div>`, `<script>`) becomes an HTML comment, and a link or image to a `javascript:`, `vbscript:`, `file:` or `data:` address (other than a PNG, GIF, JPEG or WebP image) loses its address. So that an author's text is never lost without a word, each is reported with its line; write it in Markdown, or link to an http or https address. An HTML comment (`<!-- … -->`), which no page would show anyway, is not reported."
        case .leftoverTemporary:
            "`backdrop calibrate --into` writes the new profile and screenshot under hidden temporary names (`.NAME.backdrop-PID.tmp`) and renames them into place only when both are complete; a command stopped before that leaves them, and since the build skips hidden files, nothing else would mention them."
        case .unlistedCalibration:
            "A calibration screenshot is measured by every build only when a layout lists it; one no profile lists (left by a stopped `calibrate --into`, or copied in by hand) is never checked, so it is reported until it is listed or removed."
        case .docsLink:
            "A docs page links to another by its file name (`[format](device-profiles.md)`, `device-profiles.md#keys`) and to its own headings by id (`#keys`); the build rewrites the link to the page's URL. A page or heading id that does not exist would be a dead link, so it is reported with its line; heading ids are the heading's words in lower case joined by dashes."
        }
    }
}

// Every check Backdrop runs, family by family, in the order the checks reference lists them: its
// stable code, severity, title and explanation. One file, so that a code is added, worded and
// numbered in one place; the checks page, `docs/checks.md` and every diagnostic come from here.

/// Every check Backdrop runs, family by family, in the order the checks reference lists them.
public enum AllChecks {
    public static let infos: [CheckInfo] =
        ContentCheck.infos + GeometryCheck.infos + ScreenshotCheck.infos + CropCheck.infos + CalibrationCheck.infos
        + TemplateCheck.infos + BuildCheck.infos

    /// Checks grouped by family, in their order: each family once, with its checks.
    public static func byFamily(_ checks: [CheckInfo] = infos) -> [(family: String, checks: [CheckInfo])] {
        var groups: [(family: String, checks: [CheckInfo])] = []
        for check in checks {
            if groups.last?.family == check.family {
                groups[groups.count - 1].checks.append(check)
            } else {
                groups.append((check.family, [check]))
            }
        }
        return groups
    }
}

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

/// The checks on a layout's geometry. Codes are stable: they appear in reports and in profiles'
/// `exceptions`.
public enum GeometryCheck: String, CaseIterable, Comparable, Check {
    case slotInsideScreen = "G001"
    case sameFamilyNoOverlap = "G002"
    case smallHeightIsMediumHeight = "G003"
    case mediumWidthIsLargeWidth = "G004"
    case smallColumnsSpanMediumWidth = "G005"
    case columnsSymmetric = "G006"
    case rowsEvenlySpaced = "G007"
    case largeBottomOnMiddleRow = "G008"
    case wholePixels = "G009"
    case largeHeightSpansTwoRows = "G010"
    case slotOnGrid = "G011"
    case noZeroPlaceholders = "G012"
    case smallIsSquare = "G013"
    case derivable = "G014"
    case exceptionStillNeeded = "G015"
    case extraLargePortraitWidthIsMediumWidth = "G016"
    case extraLargePortraitSpansThreeRows = "G017"

    public static var family: String { "Geometry" }

    public var title: String {
        switch self {
        case .slotInsideScreen: "every slot lies inside the screen"
        case .sameFamilyNoOverlap: "slots of the same family do not overlap"
        case .smallHeightIsMediumHeight: "small height = medium height"
        case .mediumWidthIsLargeWidth: "medium width = large width"
        case .smallColumnsSpanMediumWidth: "the small columns span the medium width (right + small − left = medium)"
        case .columnsSymmetric: "left and right margins differ by at most 1 px"
        case .rowsEvenlySpaced: "rows are evenly spaced (within 1 px)"
        case .largeBottomOnMiddleRow: "a large widget at the bottom starts on the middle row"
        case .wholePixels: "every number lands on a whole pixel"
        case .largeHeightSpansTwoRows: "large height = middle − top + small height"
        case .slotOnGrid: "a slot stated on its own sits on its grid column and row"
        case .noZeroPlaceholders: "no number is a 0 placeholder (leave unknown numbers out)"
        case .smallIsSquare: "small widgets are square"
        case .derivable: "a number marked derived can be derived from the others"
        case .exceptionStillNeeded: "every exception a layout declares is still needed"
        case .extraLargePortraitWidthIsMediumWidth: "extra-large portrait width = medium width"
        case .extraLargePortraitSpansThreeRows: "extra-large portrait height = 2 × large height − small height"
        }
    }

    public var explanation: String {
        switch self {
        case .slotInsideScreen:
            "A slot that reaches past the screenshot's edge cannot be cropped; the usual cause is a number in points written as pixels or the other way round."
        case .sameFamilyNoOverlap:
            "Two widgets of one family never overlap on a home-screen page, so overlapping slots mean a row or column number is wrong."
        case .smallHeightIsMediumHeight:
            "Small and medium widgets are one icon row pair tall; different heights mean one of the two sizes was copied from another device."
        case .mediumWidthIsLargeWidth:
            "Medium and large widgets span the full grid width; different widths mean one size is from another device or iOS version."
        case .smallColumnsSpanMediumWidth:
            "The left small column starts where the medium widget starts and the right one ends where it ends, so right + small − left must equal the medium width."
        case .columnsSymmetric:
            "The home-screen grid is centred: the margin left of the left column and right of the right column differ by at most a pixel of rounding."
        case .rowsEvenlySpaced:
            "Widget rows sit on the icon grid, whose rows are evenly spaced; a row off by more than 1 px is usually a typo or a number from another layout."
        case .largeBottomOnMiddleRow:
            "A large widget placed at the bottom covers the middle and bottom rows, so its top is the middle row's y."
        case .wholePixels:
            "Screenshots have whole pixels, so every number must land on one: pixel numbers are whole, point numbers times the scale are whole (two decimals of rounding allowed)."
        case .largeHeightSpansTwoRows:
            "A large widget covers two rows of small widgets and the gap between them: its height is middle − top + small height."
        case .slotOnGrid:
            "A slot stated on its own (not from the grid) must still start on its family's column and row; otherwise the grid or the slot is wrong."
        case .noZeroPlaceholders:
            "Some sources write 0 for a number they did not know. Backdrop treats unknown as unknown: leave the number out instead of writing 0."
        case .smallIsSquare:
            "Small widgets are square on every iPhone; a non-square small size is a typo or a swapped number."
        case .derivable:
            "A number whose source is `derived` must follow from the others by the grid rules; when it does not, it was not derived."
        case .exceptionStillNeeded:
            "A layout may declare a measured exception to a grid rule; when the rule no longer fails, the exception is stale and should be removed."
        case .extraLargePortraitWidthIsMediumWidth:
            "iOS 27's extra-large portrait widget spans the full grid width, like medium and large widgets; FrameUp's measurements of every iPhone screen agree to the pixel."
        case .extraLargePortraitSpansThreeRows:
            "The extra-large portrait widget reaches from the top row to the bottom of the bottom row: its height is bottom − top + small, which on evenly spaced rows is 2 × large − small. FrameUp's measurements of every iPhone screen follow this to the pixel."
        }
    }

    /// Geometry checks compare in code order, the order the reference lists them.
    public static func < (left: GeometryCheck, right: GeometryCheck) -> Bool { left.rawValue < right.rawValue }

    /// The severity of a finding when the layout declares no exception for it.
    public var severity: Severity {
        self == .exceptionStillNeeded ? .warning : .error
    }
}

/// The checks on the screenshots a profile names. Codes are stable.
public enum ScreenshotCheck: String, CaseIterable, Check {
    case present = "S001"
    case decodable = "S002"
    case exactSize = "S003"
    case sameSizeLightAndDark = "S004"
    case bothAppearances = "S005"
    case distinctLightAndDark = "S006"

    public static var family: String { "Screenshots" }

    public var severity: Severity { self == .bothAppearances ? .warning : .error }

    public var title: String {
        switch self {
        case .present: "every screenshot a profile names exists in the content folder"
        case .decodable: "every screenshot is a PNG libpng can read"
        case .exactSize: "every screenshot has its screen's exact pixel size"
        case .sameSizeLightAndDark: "the light and dark screenshots of a screen have the same size"
        case .bothAppearances: "a screen with screenshots has both a light and a dark one"
        case .distinctLightAndDark: "the light and dark screenshots of a screen are two different pictures"
        }
    }

    public var explanation: String {
        switch self {
        case .present:
            "A profile's `screenshots` paths are relative to the content folder; a missing file is usually a misspelt name or a file not yet added."
        case .decodable:
            "Screenshots must be PNG files (any bit depth, palette, grey, alpha, interlaced); a JPEG or HEIC renamed to .png, a truncated file or a bad checksum is named with the reason."
        case .exactSize:
            "Crops are only right when the screenshot is exactly the screen's pixel size; the message names the device whose size it does have and mentions Display Zoom when that explains it."
        case .sameSizeLightAndDark:
            "The light and dark screenshots are cropped with the same slots, so they must come from the same screen and setting."
        case .bothAppearances:
            "Widgets show in light and dark mode; without one of the two screenshots the gallery has no crops for that appearance."
        case .distinctLightAndDark:
            "A profile that names one file for both appearances, two files with identical bytes, or two files of one picture stored two ways (every pixel the same at 8 bits, say one at 16 bits or as a palette; found by the build, which decodes them) would publish the light crops again as dark ones; the message says which it is. Take the dark screenshot with the phone in dark mode."
        }
    }
}

/// The checks the build and `backdrop crop` run on crops and previews. Codes are stable.
public enum CropCheck: String, CaseIterable, Check {
    case exactCrop = "C001"
    case preview = "C003"
    case cacheIntact = "C004"

    public static var family: String { "Crops" }

    public var severity: Severity { self == .cacheIntact ? .warning : .error }

    public var title: String {
        switch self {
        case .exactCrop:
            "every crop has the slot's exact pixel size, the screenshot's bit depth, channels and colour chunks, and, decoded again, equals the screenshot region pixel for pixel"
        case .preview: "every screenshot gets a preview"
        case .cacheIntact:
            "every cache entry a build uses is intact (the size and fingerprint it was written with); a damaged one is made again from the screenshot"
        }
    }

    public var explanation: String {
        switch self {
        case .exactCrop:
            "Every crop is written, read back with libpng and compared with the screenshot's region; a crop that differs in any pixel, in size, depth, channels or colour chunks is not published."
        case .preview:
            "The gallery shows every screenshot scaled down with its slot overlay; a screenshot that cannot be scaled (for example one that fails to decode fully) is reported here."
        case .cacheIntact:
            "Crops and calibration measurements are cached by content; an entry that was truncated, edited or replaced no longer matches its record, so it is made again and this warning says which."
        }
    }
}

/// The checks the build runs on a layout's calibration screenshots (screenshots with widgets
/// placed). Codes are stable.
public enum CalibrationCheck: String, CaseIterable, Check {
    case agrees = "C010"
    case readable = "C011"
    case slotKnown = "C012"

    public static var family: String { "Calibration" }

    public var title: String {
        switch self {
        case .agrees: "every widget measured on a layout's calibration screenshots is within 1 px of the layout's slot, on every edge"
        case .readable: "every calibration screenshot can be read, has the layout's size and shows widgets on a grid"
        case .slotKnown: "every slot a calibration screenshot shows is one the layout knows"
        }
    }

    public var explanation: String {
        switch self {
        case .agrees:
            "A layout that lists calibration screenshots is measured again by every build; a widget edge more than 1 px from the layout's slot means the numbers or the screenshot are wrong, and the message gives each edge's offset."
        case .readable:
            "A calibration screenshot must be a readable PNG of the layout's exact size, with widgets the finder can place on a grid."
        case .slotKnown:
            "A widget measured where the layout has no position (an unknown number) cannot be compared; record the measurement in the layout with `backdrop calibrate --into`."
        }
    }
}

/// The checks on the site's templates and assets. Codes are stable.
public enum TemplateCheck: String, CaseIterable, Check {
    case readable = "T001"
    case parses = "T002"
    case partialExists = "T003"
    case pageTemplate = "T004"
    case tagHasValue = "T005"
    case assetCopied = "T006"

    public static var family: String { "Templates" }

    public var title: String {
        switch self {
        case .readable: "the templates folder exists and every template in it can be read"
        case .parses: "every template is valid Mustache"
        case .partialExists: "every partial or parent a template uses exists"
        case .pageTemplate: "every page and file the build makes has its template, and it renders"
        case .tagHasValue: "every tag a template uses has a value in its page's view model"
        case .assetCopied: "every asset is a regular file that can be copied into the site"
        }
    }

    public var explanation: String {
        switch self {
        case .readable:
            "Pages are rendered from the `.mustache` files of the templates folder (`--templates`); a missing folder or an unreadable template stops the build before anything is written."
        case .parses:
            "A template that does not parse is reported with its line, column and the reason, such as a section opened and never closed."
        case .partialExists:
            "`{{> name}}` and `{{< name}}` must name a template of the folder; otherwise part of every page using it would be missing."
        case .pageTemplate:
            "The build makes the front page, the device pages, the docs pages (`doc`), the checks page, the Help measure page and the API reference (`api`) from templates of those names; every missing one is reported, and each must render with its data."
        case .tagHasValue:
            "A tag the view model has no value for would render as nothing; it is usually a misspelt name, and the message names the view model."
        case .assetCopied:
            "Files under `assets/` are copied into the site as plain files; a symbolic link, pipe or device is refused so a build never follows it out of the folder or blocks on it."
        }
    }
}

/// The checks on the build itself: where it may write and whether it could. Codes are stable.
public enum BuildCheck: String, CaseIterable, Check {
    case workFolders = "B001"
    case encodable = "B002"
    case writable = "B003"
    case swap = "B004"
    case outputFolder = "B005"
    case browserCore = "B006"

    public static var family: String { "Build" }

    /// A site without the browser core is still a good site: only two pages lose their tool.
    public var severity: Severity { self == .browserCore ? .note : .error }

    public var title: String {
        switch self {
        case .workFolders: "the staging folder can be created, and a successful build's new cache entries kept"
        case .encodable: "the geometry files can be encoded, and the WidgetGeometry library read"
        case .writable: "every file of the site can be written"
        case .swap: "the new site can be moved into place"
        case .outputFolder:
            "the output is a new or empty folder or one a build wrote, and holds none of the content, templates, cache or working folders"
        case .browserCore: "the browser cores the make, fixer and measure pages run are in the site"
        }
    }

    public var explanation: String {
        switch self {
        case .workFolders:
            "A build writes the new site into a staging folder beside the output and moves it into place only when everything succeeded; when it cannot, nothing is published. New cache entries are kept only after a successful build (a failure to keep them is a warning)."
        case .encodable:
            "`geometry.json` and `WidgetGeometry.swift` are generated from the catalog; `WidgetGeometry.swift` is the API files of the package's WidgetGeometry library followed by the same generated catalog the library commits. A value that cannot be encoded, or library sources that cannot be read, stop the build."
        case .writable:
            "Every page, crop and asset is written into the staging folder; a full disk or a permission problem is reported with the file and the reason, and the old site stays."
        case .swap:
            "The new site replaces the old one in one atomic exchange, so the output folder always holds a complete site, old or new."
        case .outputFolder:
            "`--output` names a folder the build may replace entirely. It must be new, empty, or one a build wrote (it holds a `.backdrop-site` marker), so a mistyped path can never delete a folder of yours."
        case .browserCore:
            "The make, fixer and measure pages crop and measure in the browser with Backdrop's own Swift code compiled to WebAssembly, which `scripts/build-wasm.sh` writes to `.build/wasm/backdrop-core.js`, with the make page's smaller module (no measuring) beside it in `backdrop-make.js`; the build copies both into the site (`--browser-core` names another full core, with its make page's beside it). Without the core the site is still built, and those pages say how to build it; without the make page's own, the make page loads the full one."
        }
    }
}

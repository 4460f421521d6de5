import SlotGeometry

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
            "The build makes the front page, the device pages, the docs pages (`doc`), the checks page, the Help measure page, the API reference (`api`) and `geometry.schema.json` from templates of those names; every missing one is reported, and each must render with its data."
        case .tagHasValue:
            "A tag the view model has no value for would render as nothing; it is usually a misspelt name, and the message names the view model."
        case .assetCopied:
            "Files under `assets/` are copied into the site as plain files; a symbolic link, pipe or device is refused so a build never follows it out of the folder or blocks on it."
        }
    }
}

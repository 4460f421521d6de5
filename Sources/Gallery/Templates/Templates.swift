import Catalog
import CheckCodes
import Checks
import FileAccess
import Foundation
import Mustache
import Synchronization

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// The templates the build renders; the file of each is `NAME.mustache` in the templates folder.
enum TemplateName: String, CaseIterable {
    case index, device, doc, checks, api, make, measure, start, fix
    case helpMeasure = "help-measure"

    /// What the build makes from the template, for messages.
    var product: String {
        switch self {
        case .index: "the front page"
        case .start: "the Start here page"
        case .device: "every device page"
        case .doc: "every docs page"
        case .api: "the WidgetGeometry API reference page"
        case .checks: "the checks page"
        case .make: "the Make backgrounds page"
        case .fix: "the My widgets don't line up page"
        case .measure: "the Measure a layout page"
        case .helpMeasure: "the Help measure page"
        }
    }
}

/// The site's templates, loaded from the templates folder, rendered strictly: a missing template,
/// an unknown partial or a tag with no value in the page's view model is an error, not a blank.
struct Templates {
    private var library = MustacheLibrary()
    private(set) var names: Set<String> = []
    /// The files of the `assets` folder (styles, scripts), relative to the templates folder.
    private(set) var assets: [String] = []
    let folder: String

    /// The largest template read.
    static let maximumTemplateBytes = 1024 * 1024
    /// The largest asset copied.
    static let maximumAssetBytes = 16 * 1024 * 1024

    /// Loads every `.mustache` file of the folder (names without the extension, with subfolders),
    /// and lists the assets. Only regular files inside the folder are read.
    init(folder: String) throws(BuildFailure) {
        self.folder = folder
        let manager = FileManager.default
        let reader = ContentFolder(folder)
        // (Foundation on Linux enumerates a missing folder as an empty one, hence the kind.)
        guard ContentFolder.kind(folder) == .typeDirectory, let files = manager.enumerator(atPath: folder)?.compactMap({ $0 as? String }) else {
            throw BuildFailure([Diagnostic(file: folder, check: TemplateCheck.readable, message: "the templates folder does not exist")])
        }
        var problems: [Diagnostic] = []
        var sources: [String: String] = [:]
        for file in files.sorted() {
            let path = PathName.joining(folder, file)
            if file.hasPrefix("assets/") {
                let kind = (try? manager.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
                if kind == .typeRegular {
                    assets.append(file)
                } else if kind != .typeDirectory {
                    problems.append(
                        Diagnostic(
                            file: path, check: TemplateCheck.assetCopied,
                            message: "is not a regular file (a link, pipe or device); assets are copied as plain files only"))
                }
                continue
            }
            guard file.hasSuffix(".mustache") else { continue }
            let text: String
            do {
                text = try reader.text(file, limit: Self.maximumTemplateBytes)
            } catch {
                problems.append(Diagnostic(file: path, check: TemplateCheck.readable, message: "the template \(error)"))
                continue
            }
            let name = String(file.dropLast(".mustache".count))
            do {
                try library.register(text, named: name)
                names.insert(name)
                sources[name] = text
            } catch let error as MustacheTemplate.ParserError {
                problems.append(
                    Diagnostic(
                        file: path, line: error.context.lineNumber, check: TemplateCheck.parses,
                        message: "the template does not parse at column \(error.context.columnNumber): \(Self.describe(error.error))"))
            } catch {
                problems.append(Diagnostic(file: path, check: TemplateCheck.parses, message: "the template does not parse: \(Self.describe(error))"))
            }
        }
        // Partials and parents must exist: Mustache would render a missing one as nothing.
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
            for reference in Self.references(in: text) where !sources.keys.contains(reference) {
                problems.append(
                    Diagnostic(
                        file: PathName.joining(folder, name + ".mustache"), check: TemplateCheck.partialExists,
                        message: "uses the partial or parent `\(reference)`, which the templates folder does not have"))
            }
        }
        let found = Set(files.filter { $0.hasSuffix(".mustache") }.map { String($0.dropLast(".mustache".count)) })
        for template in TemplateName.allCases where !found.contains(template.rawValue) {
            problems.append(
                Diagnostic(
                    file: PathName.joining(folder, template.rawValue + ".mustache"), check: TemplateCheck.pageTemplate,
                    message: "the template is missing: the build makes \(template.product) from it"))
        }
        if !problems.isEmpty { throw BuildFailure(problems) }
    }

    /// A Mustache parser error in words.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return String(describing: type(of: error)) }
        switch error {
        case .sectionCloseNameIncorrect: return "a section is closed with another name than it was opened with"
        case .unfinishedName: return "a tag is not closed"
        case .expectedSectionEnd: return "a section is never closed"
        case .invalidSetDelimiter: return "a set-delimiter tag is malformed"
        case .transformAppliedToInheritanceSection: return "a transform is applied to an inherited section"
        case .illegalTokenInsideInheritSection: return "an inherited section holds a tag it may not hold"
        case .textInsideInheritSection: return "a partial's inherited section holds text"
        case .invalidConfigVariableSyntax: return "a configuration tag is malformed"
        case .unrecognisedConfigVariable: return "a configuration tag names an unknown setting"
        @unknown default: return "\(error)"
        }
    }

    /// The names of the partials (`{{> name}}`) and parents (`{{< name}}`) a template uses.
    static func references(in text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            rest = rest[open.upperBound...]
            guard let close = rest.range(of: "}}") else { break }
            let tag = rest[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if let first = tag.first, first == ">" || first == "<" {
                names.append(tag.dropFirst().trimmingCharacters(in: .whitespaces))
            }
            rest = rest[close.upperBound...]
        }
        return names
    }

    /// Renders a page or file. Fails when the template does not render or a tag names no value.
    func render<Model>(_ model: Model, with template: TemplateName) throws(BuildFailure) -> String {
        let templateFile = PathName.joining(folder, template.rawValue + ".mustache")
        let root = StrictRoot(model: model)
        guard let output = library.render(root, withTemplate: template.rawValue) else {
            throw BuildFailure([Diagnostic(file: templateFile, check: TemplateCheck.pageTemplate, message: "the template could not be rendered")])
        }
        let missing = root.missing.withLock { $0 }
        guard missing.isEmpty else {
            throw BuildFailure(
                missing.sorted().map {
                    Diagnostic(
                        file: templateFile, check: TemplateCheck.tagHasValue, message: "the tag `\($0)` has no value in the \(Model.self) view model")
                })
        }
        return output
    }
}

/// The root of a page's view model. Mustache looks a name up from the innermost section outwards
/// and reaches the root last, so a name the root does not have either is a name no value has.
/// (View models have no optional properties, so a missing key is never a legitimately empty one.)
final class StrictRoot<Model>: MustacheParent {
    let model: Model
    let missing = Mutex<Set<String>>([])

    init(model: Model) {
        self.model = model
    }

    func child(named name: String) -> Any? {
        for child in Mirror(reflecting: model).children where child.label == name {
            return child.value
        }
        missing.withLock { _ = $0.insert(name) }
        return nil
    }
}

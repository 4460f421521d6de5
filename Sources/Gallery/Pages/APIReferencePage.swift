import Catalog

/// How the API reference page is made from the library's symbol graph (its view model is with the
/// others, in ViewModels.swift).
extension APIReferencePage {
    /// The kinds of symbol that open a section.
    private static let typeKinds: Set<String> = ["Structure", "Enumeration", "Class", "Protocol", "Type Alias"]

    init(_ reference: APIReference) {
        title = "\(reference.module) API reference"
        pageTitle = "\(title) — Backdrop"
        let anchors = Self.anchors(reference.symbols.map(\.path))
        let docHTML = { (symbol: APIReference.Symbol) in Markdown.html(Self.linkingSymbols(symbol.doc, of: symbol.path, anchors: anchors)) }
        let types = reference.symbols.filter { Self.typeKinds.contains($0.kind) }
        sections = types.map { type in
            let members = reference.symbols.filter { !Self.typeKinds.contains($0.kind) && Self.parent(of: $0.path) == type.path }
            return Section(
                anchor: anchors[type.path]!, name: type.path, kind: type.kind, declaration: type.declaration, docHTML: docHTML(type),
                members: members.map { member in
                    Member(
                        anchor: anchors[member.path]!, name: String(member.path.dropFirst(type.path.count + 1)), kind: member.kind,
                        declaration: member.declaration, docHTML: docHTML(member))
                })
        }
    }

    /// The path of the symbol's parent: everything before the last `.` outside parentheses.
    static func parent(of path: String) -> String {
        var depth = 0
        var cut: String.Index?
        for index in path.indices {
            switch path[index] {
            case "(": depth += 1
            case ")": depth -= 1
            case "." where depth == 0: cut = index
            default: break
            }
        }
        return cut.map { String(path[..<$0]) } ?? ""
    }

    /// An anchor for every path, unique and made of letters, digits, `.`, `-` and `_`:
    /// `WidgetGeometry.Layout.slot(_:)` → `WidgetGeometry.Layout.slot-_--`.
    static func anchors(_ paths: [String]) -> [String: String] {
        var seen: Set<String> = []
        let distinct = paths.filter { seen.insert($0).inserted }
        let bases = distinct.map { path in
            String(path.map { $0.isASCII && ($0.isLetter || $0.isNumber || "._".contains($0)) ? $0 : "-" })
        }
        return Dictionary(uniqueKeysWithValues: zip(distinct, Slug.numbered(bases)))
    }

    /// DocC symbol links (` ``Layout/slots(on:)`` `) as Markdown links to their anchors, when the
    /// symbol is on the page; otherwise left as code. As in DocC, a name is looked up in the
    /// symbol's own scope, then in each enclosing one.
    static func linkingSymbols(_ doc: String, of symbol: String, anchors: [String: String]) -> String {
        var text = ""
        var rest = Substring(doc)
        while let open = rest.range(of: "``"), let close = rest[open.upperBound...].range(of: "``") {
            text += rest[..<open.lowerBound]
            let name = String(rest[open.upperBound..<close.lowerBound])
            let relative = name.replacingOccurrences(of: "/", with: ".")
            var scope = symbol
            var anchor = anchors["\(scope).\(relative)"]
            while anchor == nil, !scope.isEmpty {
                scope = parent(of: scope)
                anchor = anchors[scope.isEmpty ? relative : "\(scope).\(relative)"]
            }
            if let anchor {
                text += "[`\(name)`](#\(anchor))"
            } else {
                text += "`\(name)`"
            }
            rest = rest[close.upperBound...]
        }
        return text + rest
    }
}

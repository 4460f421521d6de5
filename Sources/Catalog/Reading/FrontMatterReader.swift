import SlotGeometry
import Yams

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// Reads values out of a front-matter YAML tree, collecting every problem with its line instead
/// of stopping at the first.
struct FrontMatterReader {
    let file: String
    /// The device a profile describes, named by every problem; nil for a page such as the guide.
    let device: String?
    /// Added to Yams' 1-based line numbers (which count from the start of the YAML text).
    let lineOffset: Int
    private(set) var problems: [Diagnostic] = []

    init(file: String, device: String?, yamlFirstLine: Int) {
        self.file = file
        self.device = device
        self.lineOffset = yamlFirstLine - 1
    }

    /// The line of a node in the file.
    func line(of node: Node?) -> Int? {
        node?.mark.map { $0.line + lineOffset }
    }

    mutating func report(
        _ check: ContentCheck, at node: Node?, line: Int? = nil, layout: LayoutKind? = nil,
        severity: Severity? = nil, _ message: String
    ) {
        problems.append(
            Diagnostic(
                file: file, line: line ?? self.line(of: node), severity: severity, check: check,
                device: device, layout: layout, message: message))
    }

    /// Parses YAML text into a node tree, reporting a syntax error with its line, and front
    /// matter that holds nothing (only blank lines or comments) as missing its `required` keys.
    mutating func compose(_ yaml: String, required: [String]) -> Node? {
        do {
            guard let root = try Yams.compose(yaml: yaml) else {
                let keys = required.map { "`\($0)`" }.joined(separator: ", ")
                report(.missingKey, at: nil, line: lineOffset + 1, "the front matter is empty (only blank lines or comments); it needs \(keys)")
                return nil
            }
            return root
        } catch let error as YamlError {
            switch error {
            case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
                .composer(let context, let problem, let mark, _):
                let detail = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
                report(.yamlSyntax, at: nil, line: mark.line + lineOffset, "YAML syntax error: \(detail)")
            case .duplicatedKeysInMapping(let duplicates, let context):
                let keys = duplicates.map { "`\($0)`" }.joined(separator: ", ")
                report(.duplicateKey, at: nil, line: context.mark.line + lineOffset, "\(keys) appears twice in one mapping")
            default:
                report(.yamlSyntax, at: nil, line: lineOffset + 1, "YAML error: \(error)")
            }
            return nil
        } catch {
            report(.yamlSyntax, at: nil, line: lineOffset + 1, "YAML error: \(error)")
            return nil
        }
    }

    /// The entries of a mapping, by key, after checking keys against the schema.
    ///
    /// Unknown keys are reported with the closest known key, missing required keys too. (Yams
    /// itself refuses duplicate keys.) Returns `nil` (after reporting) when the node is not a mapping.
    mutating func entries(
        of node: Node, what: String, allowed: [String], required: [String] = [], layout: LayoutKind? = nil
    ) -> [String: (key: Node, value: Node)]? {
        guard let mapping = node.mapping else {
            report(.badValue, at: node, layout: layout, "\(what) must be a mapping of keys to values, got \(describe(node))")
            return nil
        }
        var result: [String: (key: Node, value: Node)] = [:]
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string else {
                report(.badValue, at: keyNode, layout: layout, "a key in \(what) must be a plain word, got \(describe(keyNode))")
                continue
            }
            guard allowed.contains(key) else {
                var message = "unknown key `\(TextRules.shortened(key))` in \(what)"
                if let suggestion = Suggestion.closest(to: key, among: allowed) {
                    message += "; did you mean `\(suggestion)`?"
                } else {
                    message += "; known keys: \(allowed.joined(separator: ", "))"
                }
                report(.unknownKey, at: keyNode, layout: layout, message)
                continue
            }
            result[key] = (keyNode, value)
        }
        for key in required where result[key] == nil {
            report(.missingKey, at: node, layout: layout, "\(what) lacks the required key `\(key)`")
        }
        return result
    }

    /// A non-empty string scalar without control characters; `multiline` text (notes, reasons,
    /// citations) may hold line breaks and tabs.
    mutating func string(_ node: Node, what: String, layout: LayoutKind? = nil, multiline: Bool = false) -> String? {
        guard let scalar = node.scalar, !scalar.string.trimmingSpaces.isEmpty else {
            report(.badValue, at: node, layout: layout, "\(what) must be a non-empty text, got \(describe(node))")
            return nil
        }
        let text = scalar.string.trimmingSpaces
        if let problem = TextRules.forbiddenCharacter(in: text, multiline: multiline) {
            report(.badValue, at: node, layout: layout, "\(what) \(problem)")
            return nil
        }
        return text
    }

    /// An integer scalar within a set of allowed values.
    mutating func integer(_ node: Node, what: String, allowed: [Int], layout: LayoutKind? = nil) -> Int? {
        guard let text = node.scalar?.string, let value = Int(text), allowed.contains(value) else {
            let choices = allowed.map(String.init).joined(separator: " or ")
            report(.badValue, at: node, layout: layout, "\(what) must be \(choices), got \(describe(node))")
            return nil
        }
        return value
    }

    /// An integer scalar within a range.
    mutating func integer(_ node: Node, what: String, in range: ClosedRange<Int>) -> Int? {
        guard let text = node.scalar?.string, let value = Int(text), range.contains(value) else {
            report(.badValue, at: node, "\(what) must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(describe(node))")
            return nil
        }
        return value
    }

    /// A list of non-empty strings (a single string is accepted as a list of one).
    mutating func strings(_ node: Node, what: String) -> [String]? {
        if node.scalar != nil { return string(node, what: what).map { [$0] } }
        guard let sequence = node.sequence, !sequence.isEmpty else {
            report(.badValue, at: node, "\(what) must be a non-empty list, got \(describe(node))")
            return nil
        }
        let values = sequence.compactMap { string($0, what: "each of \(what)") }
        return values.count == sequence.count ? values : nil
    }

    /// A number, as written (points or pixels are decided by the caller).
    mutating func number(_ node: Node, what: String, layout: LayoutKind?) -> Double? {
        guard let text = node.scalar?.string else {
            report(.badValue, at: node, layout: layout, "\(what) must be a number, got \(describe(node))")
            return nil
        }
        switch NumberSyntax.number(text) {
        case .success(let value): return value
        case .failure(let problem):
            report(.badValue, at: node, layout: layout, "\(what): \(problem.message)")
            return nil
        }
    }

    /// A `WxH` pair; `single` allows a lone number meaning a square.
    mutating func size(_ node: Node, what: String, layout: LayoutKind?, allowSquare: Bool) -> (Double, Double)? {
        guard let text = node.scalar?.string else {
            report(.badValue, at: node, layout: layout, "\(what) must be a size like 486x486, got \(describe(node))")
            return nil
        }
        switch NumberSyntax.size(text, allowSquare: allowSquare) {
        case .success(let size): return size
        case .failure(let problem):
            report(.badValue, at: node, layout: layout, "\(what): \(problem.message)")
            return nil
        }
    }

    /// A short description of a node for error messages.
    func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): scalar.string.isEmpty ? "nothing" : "`\(TextRules.shortened(scalar.string))`"
        case .mapping(let mapping): mapping.isEmpty ? "an empty mapping" : "a mapping"
        case .sequence(let sequence): sequence.isEmpty ? "an empty list" : "a list"
        case .alias: "an alias"
        }
    }
}

extension String {
    package var trimmingSpaces: String {
        var scalars = Substring(self)
        while scalars.first?.isWhitespace == true { scalars.removeFirst() }
        while scalars.last?.isWhitespace == true { scalars.removeLast() }
        return String(scalars)
    }
}

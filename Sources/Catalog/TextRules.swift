/// What text a profile may hold. Every text field ends up in HTML attributes, JSON and generated
/// Swift source, so control characters are refused where they are read, not patched where they
/// are written.
enum TextRules {
    /// Why `text` cannot be used as a field value, or `nil` when it can. Single-line fields (names,
    /// models, paths, versions) take no control character at all and no line or paragraph
    /// separator; `multiline` fields (notes, reasons, citations) may hold line breaks and tabs.
    static func forbiddenCharacter(in text: String, multiline: Bool) -> String? {
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if multiline, scalar == "\n" || scalar == "\t" { continue }
            let category = scalar.properties.generalCategory
            guard category == .control || category == .lineSeparator || category == .paragraphSeparator else { continue }
            let names: [Unicode.Scalar: String] = [
                "\n": "line feed", "\r": "carriage return", "\t": "tab", "\0": "null", "\u{2028}": "line separator",
                "\u{2029}": "paragraph separator",
            ]
            let name = names[scalar].map { "\(codePoint(scalar)), \($0)" } ?? codePoint(scalar)
            let kind = multiline ? "a control character" : "a line break or control character"
            return "contains \(kind) (\(name)) at character \(offset + 1); write it as plain text" + (multiline ? "" : " on one line")
        }
        return nil
    }

    /// Whether a reference key is one word a source can name (`measured KEY`).
    static func isReferenceKey(_ key: String) -> Bool {
        !key.isEmpty && key.count <= 64
            && key.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-._".unicodeScalars.contains($0) }
    }

    /// A value as shown in a message: at most 60 characters, with control characters made visible.
    static func shortened(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars {
            if shown.count >= 60 {
                shown += "…"
                break
            }
            let category = scalar.properties.generalCategory
            shown += category == .control || category == .lineSeparator || category == .paragraphSeparator ? codePoint(scalar) : String(scalar)
        }
        return shown
    }

    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

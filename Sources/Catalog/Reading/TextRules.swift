import FileAccess

/// What text a profile may hold. Every text field ends up in HTML attributes, JSON and generated
/// Swift source, so control characters and invisible formatting characters (bidirectional
/// overrides, zero-width spaces, byte order marks, soft hyphens: Unicode category Cf) are
/// refused where they are read, not patched where they are written.
package enum TextRules {
    /// Why `text` cannot be used as a field value, or `nil` when it can. Single-line fields (names,
    /// models, paths, versions) take no control character at all and no line or paragraph
    /// separator; `multiline` fields (notes, reasons, citations) may hold line breaks and tabs.
    package static func forbiddenCharacter(in text: String, multiline: Bool) -> String? {
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if multiline, scalar == "\n" || scalar == "\t" { continue }
            guard ShownText.isHidden(scalar) else { continue }
            let names: [Unicode.Scalar: String] = [
                "\n": "line feed", "\r": "carriage return", "\t": "tab", "\0": "null", "\u{2028}": "line separator",
                "\u{2029}": "paragraph separator",
            ]
            let name = names[scalar] ?? scalar.properties.name?.lowercased()
            let shown = name.map { "\(ShownText.codePoint(scalar)), \($0)" } ?? ShownText.codePoint(scalar)
            if scalar.properties.generalCategory == .format {
                return "contains an invisible formatting character (\(shown)) at character \(offset + 1), which would make the text "
                    + "read differently from what it is (a bidirectional override, a zero-width space); remove it"
            }
            let kind = multiline ? "a control character" : "a line break or control character"
            return "contains \(kind) (\(shown)) at character \(offset + 1); write it as plain text" + (multiline ? "" : " on one line")
        }
        return nil
    }

    /// Whether a reference key is one word a source can name (`measured KEY`).
    package static func isReferenceKey(_ key: String) -> Bool {
        !key.isEmpty && key.count <= 64
            && key.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-._".unicodeScalars.contains($0) }
    }

    /// A value as shown in a message: at most 60 characters, with control and invisible
    /// formatting characters made visible.
    package static func shortened(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars {
            if shown.count >= 60 {
                shown += "…"
                break
            }
            shown += ShownText.isHidden(scalar) ? ShownText.codePoint(scalar) : String(scalar)
        }
        return shown
    }
}

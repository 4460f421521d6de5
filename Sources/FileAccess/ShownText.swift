/// Text as the tool prints it to a terminal: every control character (other than line feed and
/// tab), line or paragraph separator, and invisible format character (Unicode general category
/// Cf: bidirectional overrides such as U+202E, zero-width spaces, U+FEFF, soft hyphens) is shown
/// as its code point, `<U+202E>`, so that a file name can neither send the terminal an escape
/// sequence nor read as another name.
public enum ShownText {
    /// Whether a character is one that ``escaped(_:)`` makes visible.
    public static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// `text` with every hidden character but line feed and tab shown as its code point.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isHidden($0) && $0 != "\n" && $0 != "\t" }) else { return text }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isHidden(scalar), scalar != "\n", scalar != "\t" {
                shown.append(contentsOf: "<\(codePoint(scalar))>".unicodeScalars)
            } else {
                shown.append(scalar)
            }
        }
        return String(shown)
    }

    /// `U+202E`: a code point as Unicode writes it, at least four hex digits.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

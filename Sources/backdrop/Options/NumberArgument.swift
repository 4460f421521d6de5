import ArgumentParser
import FileAccess

// A package imported above comes with the Tool trait only: without the trait, say so.
#if !Tool
    #error("backdrop's command-line targets need the Tool trait: swift build --traits Tool (README.md, Set up)")
#endif

/// The one reading of every numeric option: text that is no number, a number too long to hold,
/// and a number outside the option's bounds are all refused with the same sentence, naming the
/// option and its bounds and echoing the text as typed (not a rounded `1e+30`).
struct NumberArgument<Number: Comparable & Sendable>: Sendable {
    /// The option as typed on the command line, e.g. `--scale`.
    var option: String
    /// The numbers the option takes.
    var bounds: ClosedRange<Number>
    /// The bounds in words, after "must be", e.g. `2 or 3 (the screen's pixels per point)`.
    var words: String
    /// Reads a number from text; nil when the text is none.
    var parse: @Sendable (String) -> Number?

    /// The sentence every refusal gives.
    func refusal(_ text: String) -> ValidationError {
        ValidationError("\(option) must be \(words), not `\(ShownText.escaped(text))`")
    }

    /// Reads `text` as the option's number, or refuses it.
    func read(_ text: String) throws -> Number {
        guard let number = parse(text), bounds.contains(number) else { throw refusal(text) }
        return number
    }
}

extension NumberArgument where Number == Int {
    /// A whole-number option: decimal digits with an optional minus sign.
    init(_ option: String, _ bounds: ClosedRange<Int>, _ words: String) {
        self.init(option: option, bounds: bounds, words: words) { text in
            let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
            return Int(text)
        }
    }
}

extension NumberArgument where Number == Float {
    /// A decimal option: digits with at most one decimal point and an optional minus sign, as a
    /// whole-number option takes them; no `+`, exponent, `nan` or `inf`. `-0` is 0 (a minus
    /// sign makes no number smaller than zero out of it), so it is in bounds wherever 0 is.
    init(_ option: String, _ bounds: ClosedRange<Float>, _ words: String) {
        self.init(option: option, bounds: bounds, words: words) { text in
            let unsigned = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
            let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
            guard !unsigned.isEmpty, unsigned != ".", parts.count <= 2, text.count <= 18,
                parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }), let number = Float(text)
            else { return nil }
            return number == 0 ? 0 : number
        }
    }
}

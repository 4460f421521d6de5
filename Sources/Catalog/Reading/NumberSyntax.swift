import CheckCodes
import Foundation
import SlotGeometry

/// Parses the numbers and sizes written in profiles, with messages that name the usual typos
/// (a `×` for `x`, stray parentheses, a decimal comma).
enum NumberSyntax {
    struct Mistake: Problem, Equatable {
        var message: String

        var problems: [ProblemText] { [ProblemText(reason: message)] }
    }

    /// A plain decimal number such as `486`, `164.33` or `-2`.
    static func number(_ text: String) -> Result<Double, Mistake> {
        let written = text.trimmingSpaces
        let trimmed = TextRules.shortened(written)
        let plain = !written.isEmpty && written.unicodeScalars.allSatisfy { "0123456789.-+".unicodeScalars.contains($0) }
        if plain, let value = Double(written) {
            guard value.isFinite else { return .failure(Mistake(message: "`\(trimmed)` is far larger than any screen")) }
            return .success(value)
        }
        let cleaned = written.filter { !"()[]{}".contains($0) }
        if cleaned != written, let value = Double(cleaned) {
            return .failure(Mistake(message: "`\(trimmed)` has a stray parenthesis; write `\(formatNumber(value))`"))
        }
        if written.contains(","), let value = Double(written.replacingComma) {
            return .failure(Mistake(message: "`\(trimmed)` uses a decimal comma; write `\(formatNumber(value))`"))
        }
        return .failure(Mistake(message: "`\(trimmed)` is not a number"))
    }

    /// A size `WxH` (`486x486`, `164.33x164.33`); with `allowSquare`, a lone number `486` too.
    static func size(_ text: String, allowSquare: Bool) -> Result<(Double, Double), Mistake> {
        let written = text.trimmingSpaces
        let shown = TextRules.shortened(written)
        for sign in ["×", "X", "*", "＊"] where written.contains(sign) {
            let fixed = shown.replacingOccurrences(of: sign, with: "x")
            let name = sign == "×" ? "the multiplication sign ×" : "`\(sign)`"
            return .failure(Mistake(message: "`\(shown)` uses \(name) between width and height; write `\(fixed)`"))
        }
        let parts = written.split(separator: "x", omittingEmptySubsequences: false).map(String.init)
        if parts.count == 1 {
            guard allowSquare else {
                return .failure(Mistake(message: "`\(shown)` is not a size; write width x height, e.g. `1032x486`"))
            }
            return number(written).map { ($0, $0) }
        }
        guard parts.count == 2 else {
            return .failure(Mistake(message: "`\(shown)` is not a size; write width x height, e.g. `1032x486`"))
        }
        switch (number(parts[0]), number(parts[1])) {
        case (.success(let width), .success(let height)): return .success((width, height))
        case (.failure(let problem), _), (_, .failure(let problem)): return .failure(problem)
        }
    }
}

extension String {
    fileprivate var replacingComma: String { replacingOccurrences(of: ",", with: ".") }
}

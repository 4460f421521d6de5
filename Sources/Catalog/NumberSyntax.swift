import Foundation
import SlotGeometry

/// Parses the numbers and sizes written in profiles, with messages that name the usual typos
/// (a `×` for `x`, stray parentheses, a decimal comma).
enum NumberSyntax {
    struct Problem: Error, Equatable {
        var message: String
    }

    /// A plain decimal number such as `486`, `164.33` or `-2`.
    static func number(_ text: String) -> Result<Double, Problem> {
        let trimmed = text.trimmingSpaces
        if let value = Double(trimmed), value.isFinite, trimmed.allSatisfy({ "0123456789.-+".contains($0) }) {
            return .success(value)
        }
        let cleaned = trimmed.filter { !"()[]{}".contains($0) }
        if cleaned != trimmed, let value = Double(cleaned) {
            return .failure(Problem(message: "`\(trimmed)` has a stray parenthesis; write `\(formatNumber(value))`"))
        }
        if trimmed.contains(","), let value = Double(trimmed.replacingComma) {
            return .failure(Problem(message: "`\(trimmed)` uses a decimal comma; write `\(formatNumber(value))`"))
        }
        return .failure(Problem(message: "`\(trimmed)` is not a number"))
    }

    /// A size `WxH` (`486x486`, `164.33x164.33`); with `allowSquare`, a lone number `486` too.
    static func size(_ text: String, allowSquare: Bool) -> Result<(Double, Double), Problem> {
        let trimmed = text.trimmingSpaces
        for sign in ["×", "X", "*", "＊"] where trimmed.contains(sign) {
            let fixed = trimmed.replacingOccurrences(of: sign, with: "x")
            let name = sign == "×" ? "the multiplication sign ×" : "`\(sign)`"
            return .failure(Problem(message: "`\(trimmed)` uses \(name) between width and height; write `\(fixed)`"))
        }
        let parts = trimmed.split(separator: "x", omittingEmptySubsequences: false).map(String.init)
        if parts.count == 1 {
            guard allowSquare else {
                return .failure(Problem(message: "`\(trimmed)` is not a size; write width x height, e.g. `1032x486`"))
            }
            return number(trimmed).map { ($0, $0) }
        }
        guard parts.count == 2 else {
            return .failure(Problem(message: "`\(trimmed)` is not a size; write width x height, e.g. `1032x486`"))
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
